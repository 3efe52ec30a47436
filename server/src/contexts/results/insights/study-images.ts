/**
 * Study images (SPEC §3): PNG or JPEG images of a study, captured by the viewer (sent as base64)
 * or copied from a finished upload of the project, kept in the blob store. Anyone who sees the
 * project sees them; adding and removing need the right to change insights. Bytes leave only
 * through the authorised `file` route (no public blob URLs).
 */
import { randomUUID } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { AppDeps } from '../../../deps.ts';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { studyImages, uploads } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { StudyImage, StudyImageCreate } from '@canopy/contract/insights.ts';
import { formatBlobKey, getBytes, parseBlobKey, putBytes } from '../../../blobs/blob-io.ts';
import { checkImageSize, decodeBase64Image, imageInfo } from '../pdf/image-info.ts';
import type { StudyIds } from './insights.ts';
import { changeScope, insightScope } from './visibility.ts';

/** 20 MB decoded: a 4K PNG screenshot is well under; the JSON body limit allows the base64 of it. */
export const MAX_IMAGE_BYTES = 20 * 1024 * 1024;
const CONTAINER = 'project-assets';

type Row = typeof studyImages.$inferSelect;

const view = (projectId: number, row: Row): StudyImage => ({
  id: row.id,
  study_id: row.studyId,
  name: row.name,
  source: row.source,
  content_type: row.contentType,
  width: row.width,
  height: row.height,
  byte_size: row.byteSize,
  url: `/api/project/${projectId}/study/${row.studyId}/study-image/${row.id}/file/`,
  created_at: row.createdAt.toISOString(),
});

export async function listStudyImages(db: Db, user: AuthUser, ids: StudyIds): Promise<StudyImage[]> {
  await insightScope(db, user, ids.projectId, ids.studyId);
  const rows = await db.select().from(studyImages).where(eq(studyImages.studyId, ids.studyId)).orderBy(asc(studyImages.id));
  return rows.map((r) => view(ids.projectId, r));
}

async function requireRow(db: Db, studyId: number, id: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(studyImages)
    .where(and(eq(studyImages.id, id), eq(studyImages.studyId, studyId)));
  if (!row) throw DomainError.notFound();
  return row;
}

export async function getStudyImage(db: Db, user: AuthUser, ids: StudyIds, id: number): Promise<StudyImage> {
  await insightScope(db, user, ids.projectId, ids.studyId);
  return view(ids.projectId, await requireRow(db, ids.studyId, id));
}

/** The bytes of the upload `uploadId` of the project. */
async function uploadBytes(deps: AppDeps, db: Db, projectId: number, uploadId: number): Promise<{ bytes: Uint8Array; filename: string }> {
  const [upload] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.id, uploadId), eq(uploads.projectId, projectId)));
  if (!upload) throw DomainError.field('upload_id', `Invalid pk "${uploadId}" - object does not exist.`);
  if (upload.size > MAX_IMAGE_BYTES) throw DomainError.field('upload_id', 'The image is larger than 20 MB.');
  const bytes = await getBytes(deps.blobStore, { container: upload.container, name: `${upload.uuid}/${upload.filename}` }).catch(() => {
    throw DomainError.field('upload_id', 'The uploaded file is missing from storage.');
  });
  return { bytes, filename: upload.filename };
}

/** Stores validated image bytes for the study; used by the route and by the PDF export for inline images it keeps. */
export async function storeStudyImage(deps: AppDeps, db: Db, user: AuthUser, ids: StudyIds, input: StudyImageCreate): Promise<StudyImage> {
  await changeScope(db, user, ids.projectId, ids.studyId);
  if ((input.image_base64 === undefined) === (input.upload_id === undefined)) {
    throw DomainError.field('non_field_errors', 'Send exactly one of image_base64 and upload_id.');
  }
  const field = input.image_base64 !== undefined ? 'image_base64' : 'upload_id';
  let bytes: Uint8Array;
  let name = input.name ?? '';
  if (input.image_base64 !== undefined) {
    const decoded = decodeBase64Image(input.image_base64);
    if (!decoded) throw DomainError.field(field, 'Not valid base64.');
    bytes = decoded;
  } else {
    const fromUpload = await uploadBytes(deps, db, ids.projectId, input.upload_id!);
    bytes = fromUpload.bytes;
    name ||= fromUpload.filename;
  }
  if (bytes.length > MAX_IMAGE_BYTES) throw DomainError.field(field, 'The image is larger than 20 MB.');
  const info = imageInfo(bytes);
  if (!info) throw DomainError.field(field, 'Upload a valid image. The file you uploaded was either not an image or a corrupted image (PNG or JPEG).');
  const tooLarge = checkImageSize(info);
  if (tooLarge) throw DomainError.field(field, tooLarge);
  const key = { container: CONTAINER, name: `study-images/study-${ids.studyId}/${randomUUID()}.${info.contentType === 'image/png' ? 'png' : 'jpg'}` };
  await putBytes(deps.blobStore, key, bytes);
  const [row] = await db
    .insert(studyImages)
    .values({
      studyId: ids.studyId,
      name: name || (input.image_base64 !== undefined ? 'Captured view' : 'Image'),
      source: input.image_base64 !== undefined ? 'captured' : 'uploaded',
      contentType: info.contentType,
      width: info.width,
      height: info.height,
      byteSize: bytes.length,
      blobKey: formatBlobKey(key),
      createdBy: user.id,
    })
    .returning();
  return view(ids.projectId, row!);
}

export async function renameStudyImage(db: Db, user: AuthUser, ids: StudyIds, id: number, name: string): Promise<StudyImage> {
  await insightScope(db, user, ids.projectId, ids.studyId);
  await requireRow(db, ids.studyId, id);
  await changeScope(db, user, ids.projectId, ids.studyId);
  const [row] = await db.update(studyImages).set({ name }).where(eq(studyImages.id, id)).returning();
  return view(ids.projectId, row!);
}

export async function deleteStudyImage(deps: AppDeps, db: Db, user: AuthUser, ids: StudyIds, id: number): Promise<void> {
  await insightScope(db, user, ids.projectId, ids.studyId);
  const row = await requireRow(db, ids.studyId, id);
  await changeScope(db, user, ids.projectId, ids.studyId);
  await db.delete(studyImages).where(eq(studyImages.id, id));
  await deps.blobStore.delete(parseBlobKey(row.blobKey));
}

/** The image bytes of a study image (no access check: callers checked the study). */
export async function studyImageBytes(deps: AppDeps, db: Db, studyId: number, id: number): Promise<{ row: Row; bytes: Uint8Array } | null> {
  const [row] = await db
    .select()
    .from(studyImages)
    .where(and(eq(studyImages.id, id), eq(studyImages.studyId, studyId)));
  if (!row) return null;
  return { row, bytes: await getBytes(deps.blobStore, parseBlobKey(row.blobKey)) };
}

export async function readStudyImage(
  deps: AppDeps,
  db: Db,
  user: AuthUser,
  ids: StudyIds,
  id: number,
): Promise<{ contentType: string; bytes: Uint8Array; name: string }> {
  await insightScope(db, user, ids.projectId, ids.studyId);
  const found = await studyImageBytes(deps, db, ids.studyId, id);
  if (!found) throw DomainError.notFound();
  return { contentType: found.row.contentType, bytes: found.bytes, name: found.row.name };
}
