/**
 * Reading an uploaded file as text for an importer (EPW weather, OSM/GeoJSON surroundings). Files
 * arrive through the upload mechanism (signed URL → blob store → `uploads` row); importers name
 * the upload by id, and it must belong to the project they import into.
 */
import { and, eq } from 'drizzle-orm';
import type { AppDeps } from '../../../deps.ts';
import type { Db } from '../../../db/database.ts';
import { uploads } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';

export type UploadRow = typeof uploads.$inferSelect;

export interface UploadText {
  upload: UploadRow;
  text: string;
}

/** The upload row of `projectId`, or a 400 on `field` (an id of another project is as unknown as a missing one). */
export async function projectUpload(db: Db, projectId: number, uploadId: number, field: string): Promise<UploadRow> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.projectId, projectId)));
  if (!row) throw DomainError.field(field, `Invalid pk "${uploadId}" - object does not exist.`);
  return row;
}

/** The upload's bytes decoded as UTF-8; refuses files above `maxBytes` before reading them. */
export async function readUploadText(deps: AppDeps, upload: UploadRow, field: string, maxBytes: number): Promise<string> {
  if (upload.size > maxBytes) {
    throw DomainError.field(field, `The file is ${upload.size} bytes; at most ${maxBytes} bytes can be imported.`);
  }
  const blob = await deps.blobStore.get({ container: upload.container, name: `${upload.uuid}/${upload.filename}` });
  if (!blob) throw DomainError.field(field, 'The uploaded file is no longer stored; upload it again.');
  const chunks: Buffer[] = [];
  for await (const chunk of blob.stream) chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

export async function projectUploadText(deps: AppDeps, db: Db, projectId: number, uploadId: number, field: string, maxBytes: number): Promise<UploadText> {
  const upload = await projectUpload(db, projectId, uploadId, field);
  return { upload, text: await readUploadText(deps, upload, field, maxBytes) };
}
