/**
 * The uploads part of the authorization world: a live upload URL (grant + signature) for the
 * world's project, and one stored upload, so the blob endpoint and the download route have
 * something real to answer for every role.
 */
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import type { AppDeps } from '../src/deps.ts';
import { uploadGrants } from '../src/db/schema/index.ts';
import { UPLOAD_URL_LIFETIME_MS } from '../src/services/uploads/grants.ts';
import { receiveBlob } from '../src/services/uploads/receive.ts';

export interface WorldUploads {
  container: 'project-assets';
  uuid: string;
  sasToken: string;
  /** An upload stored under that uuid (matrix.csv). */
  uploadId: number;
}

/** A grant as GET …/project-asset-upload-url/ would issue it to `userId`. */
export async function grantUpload(deps: AppDeps, projectId: number, userId: number, container: 'assets' | 'project-assets' = 'project-assets') {
  const uuid = randomUUID();
  const expiresOn = new Date(deps.clock.now().getTime() + UPLOAD_URL_LIFETIME_MS);
  await deps.database.db.insert(uploadGrants).values({ uuid, container, projectId, issuedTo: userId, expiresAt: expiresOn });
  const { sasToken } = await deps.blobStore.createUploadUrl({ container, prefix: uuid, permissions: ['c', 'w'], expiresOn, origin: 'http://localhost' });
  return { container, uuid, sasToken };
}

export async function buildWorldUploads(deps: AppDeps, projectId: number, ownerId: number): Promise<WorldUploads> {
  const grant = await grantUpload(deps, projectId, ownerId);
  const { upload } = await receiveBlob(deps, deps.database.db, {
    container: grant.container,
    uuid: grant.uuid,
    filename: 'matrix.csv',
    query: new URLSearchParams(grant.sasToken),
    blobType: 'BlockBlob',
    contentLength: undefined,
    body: () => Readable.from([Buffer.from('a,b\n1,2\n')]),
  });
  return { ...grant, container: 'project-assets', uploadId: upload.id };
}
