/**
 * Reading uploads: the project's list (anyone who may see the project) and an authorised download
 * that streams the blob — there are no public blob URLs, so every byte leaves through here.
 */
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../../deps.ts';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { uploads, users, type BlobContainer } from '../../../db/schema/index.ts';
import type { BlobDownload } from '../../../blobs/blob-store.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { ListQuery } from '../../../kernel/list-query.ts';
import { requireVisibleProject } from '../access.ts';
import { collectStagedUploads } from './collect.ts';

/** The kind a client names; the container is where the blob lives. */
export const UPLOAD_KINDS = { asset: 'assets', 'project-asset': 'project-assets' } as const satisfies Record<string, BlobContainer>;
export type UploadKind = keyof typeof UPLOAD_KINDS;

function kindOf(container: BlobContainer): UploadKind {
  return container === 'assets' ? 'asset' : 'project-asset';
}

export interface UploadRepresentation {
  id: number;
  uuid: string;
  kind: UploadKind;
  container: BlobContainer;
  filename: string;
  size: number;
  sha256: string;
  content_type: string;
  format: string;
  uploaded_by: number | null;
  uploaded_by_username: string | null;
  uploaded_at: string;
  download_url: string;
}

const columns = {
  id: uploads.id,
  projectId: uploads.projectId,
  uuid: uploads.uuid,
  container: uploads.container,
  filename: uploads.filename,
  size: uploads.size,
  sha256: uploads.sha256,
  contentType: uploads.contentType,
  format: uploads.format,
  uploadedBy: uploads.uploadedBy,
  username: users.username,
  uploadedAt: uploads.uploadedAt,
};

function selectUploads(db: Db) {
  return db.select(columns).from(uploads).leftJoin(users, eq(users.id, uploads.uploadedBy));
}

type Row = Awaited<ReturnType<typeof selectUploads>>[number];

function represent(row: Row): UploadRepresentation {
  return {
    id: row.id,
    uuid: row.uuid,
    kind: kindOf(row.container),
    container: row.container,
    filename: row.filename,
    size: row.size,
    sha256: row.sha256,
    content_type: row.contentType,
    format: row.format,
    uploaded_by: row.uploadedBy,
    uploaded_by_username: row.username,
    uploaded_at: row.uploadedAt.toISOString(),
    download_url: `/api/project/${row.projectId}/uploads/${row.id}/download/`,
  };
}

export interface UploadFilter {
  uuid?: string;
  kind?: UploadKind;
}

/**
 * The project's uploads, newest first, as a list the handler paginates. Narrowed to one uuid it is
 * the client's report that the upload is done: files an Azure store received for that uuid are
 * recorded first (collect.ts), and a file refused there (too large) is a 413 naming it.
 */
export async function listUploads(deps: AppDeps, db: Db, user: AuthUser, projectId: number, filter: UploadFilter): Promise<ListQuery<UploadRepresentation>> {
  await requireVisibleProject(db, user, projectId);
  if (filter.uuid) {
    const { refused } = await collectStagedUploads(deps, db, projectId, filter.uuid);
    if (refused.length) throw DomainError.detail('too-large', refused.map((r) => r.reason).join(' '));
  }
  const conditions: SQL[] = [eq(uploads.projectId, projectId)];
  if (filter.uuid) conditions.push(eq(uploads.uuid, filter.uuid));
  if (filter.kind) conditions.push(eq(uploads.container, UPLOAD_KINDS[filter.kind]));
  const where = and(...conditions);
  return {
    count: async () => (await db.select({ n: count() }).from(uploads).where(where))[0]?.n ?? 0,
    page: async (limit, offset) =>
      (await selectUploads(db).where(where).orderBy(desc(uploads.uploadedAt), desc(uploads.id)).limit(limit).offset(offset)).map(represent),
  };
}

export interface UploadDownload {
  upload: UploadRepresentation;
  blob: BlobDownload;
}

export async function openUploadDownload(deps: AppDeps, db: Db, user: AuthUser, projectId: number, uploadId: number): Promise<UploadDownload> {
  await requireVisibleProject(db, user, projectId);
  const [row] = await selectUploads(db).where(and(eq(uploads.id, uploadId), eq(uploads.projectId, projectId)));
  if (!row) throw DomainError.notFound();
  const blob = await deps.blobStore.get({ container: row.container, name: `${row.uuid}/${row.filename}` });
  if (!blob) throw DomainError.notFound();
  return { upload: represent(row), blob };
}
