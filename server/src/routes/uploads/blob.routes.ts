/**
 * The local blob store's HTTP face, in Azure Blob Storage's contract (API.md "Uploads"):
 * PUT /blobs/{container}/{uuid}/{filename}?{sas_token} with `x-ms-blob-type: BlockBlob` → 201.
 *
 * Access is 'public' for the route guard because the shared access signature in the query is the
 * credential, not a bearer token; receiveBlob checks it before reading a byte. Reading blobs here
 * is refused whatever the signature (upload signatures never grant r): every download goes through
 * the authorised /api/project/{id}/uploads/{uploadId}/download/.
 */
import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Context } from 'hono';
import { z } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/api-app.ts';
import type { AppEnv } from '../../deps.ts';
import { defineRoute } from '../../http/route.ts';
import { BlobServiceError, blobErrorResponse, blobHeaders } from '../../blobs/blob-errors.ts';
import { authenticateSas, deriveSasKey } from '../../blobs/sas.ts';
import { receiveBlob } from '../../contexts/projects/uploads/receive.ts';
import { surroundsFromFirstMapUpload } from '../../contexts/projects/site-data-on-create.ts';

const BlobParams = z.object({ container: z.string(), uuid: z.string(), filename: z.string() });
const PATH = '/blobs/{container}/{uuid}/{filename}';

export const putBlobRoute = defineRoute(
  'public',
  {
    method: 'put',
    path: PATH,
    tags: ['Uploads'],
    summary: "Put Blob (Azure contract): the raw file body, authorised by the upload URL's shared access signature",
    request: { params: BlobParams },
    responses: {
      201: { description: 'Stored; ETag, Last-Modified, Content-MD5 and x-ms-request-id headers' },
      400: { description: 'Missing or wrong x-ms-blob-type, or an invalid blob name (Azure XML error)' },
      403: { description: 'AuthenticationFailed (missing, tampered or expired signature) or AuthorizationPermissionMismatch (Azure XML error)' },
      413: { description: 'RequestBodyTooLarge: over UPLOAD_MAX_BYTES; nothing is kept' },
    },
  },
  { body: 'stream' },
);

export const getBlobRoute = defineRoute('public', {
  method: 'get',
  path: PATH,
  tags: ['Uploads'],
  summary: 'Always refused: blobs are downloaded through /api/project/{id}/uploads/{uploadId}/download/',
  request: { params: BlobParams },
  responses: { 403: { description: 'AuthenticationFailed without a signature, AuthorizationPermissionMismatch with one' } },
});

/** The request body as a Node stream: the socket itself under node:http, else the web body. */
function bodyOf(c: Context<AppEnv>): Readable {
  const incoming: unknown = (c.env as { incoming?: unknown } | undefined)?.incoming;
  if (incoming instanceof Readable) return incoming;
  const body = c.req.raw.body;
  return body ? Readable.fromWeb(body as NodeReadableStream<Uint8Array>) : Readable.from([]);
}

function queryOf(c: Context<AppEnv>): URLSearchParams {
  return new URL(c.req.url).searchParams;
}

export function registerBlobRoutes(app: ApiApp): void {
  app.openapi(putBlobRoute, async (c) => {
    const { deps, db } = c.var;
    const requestId = randomUUID();
    const { container, uuid, filename } = c.req.param();
    try {
      const { put, upload } = await receiveBlob(deps, db, {
        container,
        uuid,
        filename,
        query: queryOf(c),
        blobType: c.req.header('x-ms-blob-type'),
        contentLength: c.req.header('content-length'),
        body: () => bodyOf(c),
      });
      // A project created with generateSurrounds builds them from its first map upload.
      surroundsFromFirstMapUpload(deps, db, upload);
      return c.body(null, 201, {
        ...blobHeaders(requestId, deps.clock.now()),
        ETag: put.etag,
        'Last-Modified': put.lastModified.toUTCString(),
        'Content-MD5': put.contentMd5,
        'x-ms-request-server-encrypted': 'false',
        // Not Azure's: lets a client find the upload record without listing.
        'x-canopy-upload-id': String(upload.id),
      });
    } catch (error) {
      if (!(error instanceof BlobServiceError)) throw error;
      // Refused before or while reading: do not wait for (or drain) the rest of a large body.
      return blobErrorResponse(error, requestId, deps.clock.now(), { closeConnection: true });
    }
  });

  app.openapi(getBlobRoute, (c) => {
    const { deps } = c.var;
    const now = deps.clock.now();
    const sas = authenticateSas(deriveSasKey(deps.secretKey), c.req.param('container'), queryOf(c), now);
    const error = sas.ok
      ? new BlobServiceError(403, 'AuthorizationPermissionMismatch', { AuthenticationErrorDetail: 'Upload signatures do not grant read.' })
      : new BlobServiceError(403, sas.code, { AuthenticationErrorDetail: sas.detail });
    return blobErrorResponse(error, randomUUID(), now);
  });
}
