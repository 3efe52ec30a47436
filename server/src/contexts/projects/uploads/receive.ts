/**
 * The local store's Put Blob: `PUT /blobs/{container}/{uuid}/{filename}?{sas}`. Checks, in Azure's
 * order: the signature (AuthenticationFailed), the permission and path (AuthorizationPermissionMismatch),
 * the headers and name (400), the declared size (413, before a byte is read); then streams the body
 * through the inspector (size limit, SHA-256, first bytes) into the store and records the upload
 * against the project and user its grant was issued for.
 */
import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../../../deps.ts';
import type { Db } from '../../../db/database.ts';
import { BLOB_CONTAINERS, uploadGrants, type BlobContainer } from '../../../db/schema/index.ts';
import type { BlobKey, PutResult } from '../../../blobs/blob-store.ts';
import { BlobServiceError } from '../../../blobs/blob-errors.ts';
import { segmentProblem } from '../../../blobs/blob-names.ts';
import { authenticateSas, authorizeSas, deriveSasKey } from '../../../blobs/sas.ts';
import { BodyTooLargeError, inspectBody } from '../../../blobs/upload-inspector.ts';
import { recordUpload, type UploadRow } from './record.ts';
import { projectCompany, storageLeft } from '../../accounts/index.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export interface BlobPutRequest {
  container: string;
  uuid: string;
  filename: string;
  query: URLSearchParams;
  blobType: string | undefined;
  contentLength: string | undefined;
  /** Called only once every check passed, so a refused request never starts reading. */
  body: () => Readable;
}

export type { UploadRow };

export interface ReceivedBlob {
  put: PutResult;
  upload: UploadRow;
}

function isContainer(name: string): name is BlobContainer {
  return (BLOB_CONTAINERS as readonly string[]).includes(name);
}

export async function receiveBlob(deps: AppDeps, db: Db, request: BlobPutRequest): Promise<ReceivedBlob> {
  const { container, uuid, filename } = request;
  const now = deps.clock.now();
  const sas = authenticateSas(deriveSasKey(deps.secretKey), container, request.query, now);
  if (!sas.ok) throw new BlobServiceError(403, sas.code, { AuthenticationErrorDetail: sas.detail });
  const outside = authorizeSas(sas, `${uuid}/${filename}`, ['c', 'w']);
  if (outside) throw new BlobServiceError(403, outside.code, { AuthenticationErrorDetail: outside.detail });
  if (!isContainer(container)) throw new BlobServiceError(404, 'ContainerNotFound');
  if (!UUID.test(uuid) || segmentProblem(filename)) throw new BlobServiceError(400, 'InvalidResourceName');

  if (!request.blobType) throw new BlobServiceError(400, 'MissingRequiredHeader', { HeaderName: 'x-ms-blob-type' });
  if (request.blobType !== 'BlockBlob') {
    throw new BlobServiceError(400, 'InvalidHeaderValue', { HeaderName: 'x-ms-blob-type', HeaderValue: request.blobType });
  }
  const limit = deps.config.UPLOAD_MAX_BYTES;
  const declared = request.contentLength === undefined ? null : Number(request.contentLength);
  if (declared !== null && (!Number.isSafeInteger(declared) || declared < 0)) {
    throw new BlobServiceError(400, 'InvalidHeaderValue', { HeaderName: 'Content-Length' });
  }
  if (declared !== null && declared > limit) throw new BlobServiceError(413, 'RequestBodyTooLarge', { MaxLimit: String(limit) });

  const [grant] = await db.select().from(uploadGrants).where(eq(uploadGrants.uuid, uuid));
  if (!grant || grant.container !== container) {
    throw new BlobServiceError(403, 'AuthenticationFailed', { AuthenticationErrorDetail: 'No upload URL was issued for this uuid.' });
  }
  // The company's storage left caps this body too: Azure's error for a body past a limit, with the limit.
  const companyId = await projectCompany(db, grant.projectId);
  const left = companyId === null ? limit : await storageLeft(db, deps.config, companyId);
  if (declared !== null && declared > left) throw new BlobServiceError(413, 'RequestBodyTooLarge', { MaxLimit: String(left) });
  const key: BlobKey = { container, name: `${uuid}/${filename}` };
  // Create-only signatures may not replace an existing blob (Azure's c without w).
  if (!sas.permissions.has('w') && (await deps.blobStore.head(key))) {
    throw new BlobServiceError(403, 'AuthorizationPermissionMismatch', {
      AuthenticationErrorDetail: 'The blob exists and the signature does not grant write.',
    });
  }

  const cap = Math.min(limit, left);
  const body = inspectBody(request.body(), cap);
  let put: PutResult;
  try {
    put = await deps.blobStore.put(key, body.stream);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw new BlobServiceError(413, 'RequestBodyTooLarge', { MaxLimit: String(cap) });
    throw new BlobServiceError(400, 'IncompleteBody');
  }
  if (declared !== null && body.bytes() !== declared) {
    await deps.blobStore.delete(key);
    throw new BlobServiceError(400, 'InvalidHeaderValue', { HeaderName: 'Content-Length' });
  }

  const upload = await recordUpload(deps, db, grant, filename, body, now);
  return { put, upload };
}
