/**
 * GET /api/project/{id}/uploads/ (the project's stored files, DRF-paginated, newest first;
 * `?uuid=` narrows to one upload URL's files — the client's check that an upload was recorded, which
 * on an Azure store records what the browser sent there first) and
 * GET /api/project/{id}/uploads/{uploadId}/download/ (the bytes, for anyone who may see the project).
 */
import { Readable } from 'node:stream';
import { z } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { paginate } from '../../http/pagination.ts';
import { currentUser } from '../../http/authenticate.ts';
import { listUploads, openUploadDownload } from '../../contexts/projects/uploads/records.ts';
import { UploadListQuerySchema, UploadPageSchema } from '@canopy/contract/uploads.ts';
import { DetailSchema, errors, json, unauthenticated } from '../auth/schemas.ts';

export const listUploadsRoute = defineRoute('user', {
  method: 'get',
  path: '/api/project/{id}/uploads',
  tags: ['Uploads'],
  summary: "The project's uploaded files, newest first",
  request: { params: z.object({ id: z.string() }), query: UploadListQuerySchema },
  responses: {
    200: json(UploadPageSchema, 'A page of uploads'),
    400: errors[400],
    401: unauthenticated,
    404: json(DetailSchema, 'No such project (or not visible), or Invalid page.'),
    413: json(DetailSchema, 'With ?uuid= on an Azure store: a file sent with that upload URL is over UPLOAD_MAX_BYTES and was not kept'),
  },
});

export const downloadUploadRoute = defineRoute('user', {
  method: 'get',
  path: '/api/project/{id}/uploads/{uploadId}/download',
  tags: ['Uploads'],
  summary: 'The bytes of an uploaded file (streamed, as an attachment)',
  request: { params: z.object({ id: z.string(), uploadId: z.string() }) },
  responses: {
    200: { description: 'The file, with its sniffed Content-Type' },
    401: unauthenticated,
    404: json(DetailSchema, 'No such project, upload or blob'),
  },
});

/** RFC 6266: an ASCII fallback plus the exact UTF-8 name. */
function contentDisposition(filename: string): string {
  const fallback = filename.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
}

export function registerUploadListRoutes(app: ApiApp): void {
  app.openapi(listUploadsRoute, async (c) => {
    const { uuid, kind } = c.req.valid('query');
    const list = await listUploads(c.var.deps, c.var.db, currentUser(c), pathId(c.req.param('id')), { uuid, kind });
    return c.json(await paginate(c, list), 200);
  });

  app.openapi(downloadUploadRoute, async (c) => {
    const { upload, blob } = await openUploadDownload(c.var.deps, c.var.db, currentUser(c), pathId(c.req.param('id')), pathId(c.req.param('uploadId')));
    c.header('Content-Type', upload.content_type);
    c.header('Content-Length', String(blob.properties.size));
    c.header('Content-Disposition', contentDisposition(upload.filename));
    c.header('ETag', blob.properties.etag);
    c.header('Last-Modified', blob.properties.lastModified.toUTCString());
    c.header('Cache-Control', 'private, no-cache');
    return c.body(Readable.toWeb(blob.stream) as ReadableStream<Uint8Array>, 200);
  });
}
