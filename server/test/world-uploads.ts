/**
 * The uploads part of the authorization world: a live upload URL (grant + signature) for the
 * world's project, and one stored upload, so the blob endpoint and the download route have
 * something real to answer for every role.
 */
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../src/deps.ts';
import { uploadGrants } from '../src/db/schema/index.ts';
import { UPLOAD_URL_LIFETIME_MS } from '../src/contexts/projects/uploads/grants.ts';
import { receiveBlob, type UploadRow } from '../src/contexts/projects/uploads/receive.ts';
import { collectStagedUploads } from '../src/contexts/projects/uploads/collect.ts';

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
  const { sasToken, containerUrl } = await deps.blobStore.createUploadUrl({
    container,
    prefix: uuid,
    permissions: ['c', 'w'],
    expiresOn,
    origin: 'http://localhost',
  });
  return { container, uuid, sasToken, containerUrl };
}

/**
 * Stores `bytes` under a grant as a browser would, on either store: the local store's PUT (checked
 * and recorded as it arrives), or a PUT to Azure's staging container followed by the client's report
 * that the upload is done (collected and recorded then). Returns the upload's row.
 */
export async function storeUpload(
  deps: AppDeps,
  grant: { container: string; uuid: string; sasToken: string; containerUrl: string },
  filename: string,
  bytes: Uint8Array | string,
): Promise<UploadRow> {
  const body = typeof bytes === 'string' ? Buffer.from(bytes) : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (!deps.blobStore.staging) {
    const { upload } = await receiveBlob(deps, deps.database.db, {
      container: grant.container,
      uuid: grant.uuid,
      filename,
      query: new URLSearchParams(grant.sasToken),
      blobType: 'BlockBlob',
      contentLength: String(body.length),
      body: () => Readable.from([body]),
    });
    return upload;
  }
  const res = await fetch(`${grant.containerUrl}/${grant.uuid}/${encodeURIComponent(filename)}?${grant.sasToken}`, {
    method: 'PUT',
    headers: { 'x-ms-blob-type': 'BlockBlob' },
    body: new Uint8Array(body),
  });
  if (res.status !== 201) throw new Error(`PUT to the staging container answered ${res.status}: ${await res.text()}`);
  const [{ projectId }] = await deps.database.db.select({ projectId: uploadGrants.projectId }).from(uploadGrants).where(eq(uploadGrants.uuid, grant.uuid));
  const { recorded } = await collectStagedUploads(deps, deps.database.db, projectId, grant.uuid);
  const upload = recorded.find((row) => row.filename === filename);
  if (!upload) throw new Error(`${filename} was not recorded`);
  return upload;
}

export async function buildWorldUploads(deps: AppDeps, projectId: number, ownerId: number): Promise<WorldUploads> {
  const grant = await grantUpload(deps, projectId, ownerId);
  const upload = await storeUpload(deps, grant, 'matrix.csv', 'a,b\n1,2\n');
  return { ...grant, container: 'project-assets', uploadId: upload.id };
}
