/**
 * The record of a stored upload: what the bytes are (sniffed, hashed while they streamed) and whom
 * and which project the upload URL was issued to. One path for both stores — the local store's PUT
 * route records as the body arrives (receive.ts), an Azure store's uploads are recorded when the
 * client reports them done (collect.ts).
 */
import type { AppDeps } from '../../../deps.ts';
import type { Db } from '../../../db/database.ts';
import { uploads, type uploadGrants } from '../../../db/schema/index.ts';
import type { BlobKey } from '../../../blobs/blob-store.ts';
import type { InspectedBody } from '../../../blobs/upload-inspector.ts';
import { sniffContent } from '../../../blobs/content-sniff.ts';

export type UploadRow = typeof uploads.$inferSelect;
export type UploadGrantRow = typeof uploadGrants.$inferSelect;

/**
 * Upserts the row of `{uuid}/{filename}` (a rewrite under the same URL replaces it). If the row
 * cannot be written the blob goes: a blob nobody can find through the API is only clutter.
 */
export async function recordUpload(deps: AppDeps, db: Db, grant: UploadGrantRow, filename: string, body: InspectedBody, now: Date): Promise<UploadRow> {
  const key: BlobKey = { container: grant.container, name: `${grant.uuid}/${filename}` };
  const sniffed = sniffContent(body.head(), body.bytes());
  const values = {
    projectId: grant.projectId,
    container: grant.container,
    uuid: grant.uuid,
    filename,
    size: body.bytes(),
    sha256: body.sha256(),
    contentType: sniffed.contentType,
    format: sniffed.format,
    uploadedBy: grant.issuedTo,
    uploadedAt: now,
  };
  try {
    const [upload] = await db
      .insert(uploads)
      .values(values)
      .onConflictDoUpdate({ target: [uploads.container, uploads.uuid, uploads.filename], set: values })
      .returning();
    return upload!;
  } catch (error) {
    await deps.blobStore.delete(key);
    throw error;
  }
}
