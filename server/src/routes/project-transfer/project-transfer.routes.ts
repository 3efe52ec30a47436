/**
 * Project export / import (docs/scale-out.md "Moving a project").
 *
 * GET  /api/project/{id}/export   the project's records and blobs as one zip, streamed.
 * POST /api/project-import        the zip as the raw request body (at most PROJECT_IMPORT_MAX_BYTES,
 *                                 streamed to a temporary file) → a new project of the caller's company.
 */
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import type { Context } from 'hono';
import type { ApiApp } from '../../http/api-app.ts';
import type { AppEnv } from '../../deps.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { answers, json, pathParams, DetailSchema } from '@canopy/contract/common.ts';
import { PROJECT_IMPORT_MAX_BYTES, ProjectImportResultSchema } from '@canopy/contract/project-transfer.ts';
import { exportProject } from '../../contexts/transfer/export.ts';
import { storageFullError, storageLeft } from '../../contexts/accounts/company/limits.ts';
import { importProjectArchive, receiveArchive, requireImporter } from '../../contexts/transfer/import.ts';
import { takeImportSlot } from '../../contexts/transfer/import-slots.ts';

export const exportProjectRoute = defineRoute('user', {
  method: 'get',
  path: '/api/project/{id}/export',
  tags: ['Projects'],
  summary: 'The project as a zip (manifest.json, records/{table}.json, blobs/…) for import elsewhere; project administrators and Org Admins of its company',
  request: { params: pathParams('id') },
  responses: {
    200: { description: 'The zip, streamed', content: { 'application/zip': { schema: { type: 'string', format: 'binary' } } } },
    401: answers[401],
    403: answers[403],
    404: answers[404],
    409: json(DetailSchema, 'A record points at a blob the store does not have'),
  },
});

export const importProjectRoute = defineRoute(
  'user',
  {
    method: 'post',
    path: '/api/project-import',
    tags: ['Projects'],
    summary: `A zip from GET /api/project/{id}/export as the raw body (at most ${PROJECT_IMPORT_MAX_BYTES} bytes) → a new project in the caller's company, created by the caller`,
    // Streamed to a temporary file and counted there (receiveArchive), so no body-limit middleware: the limit is published here.
    'x-max-body-bytes': PROJECT_IMPORT_MAX_BYTES,
    responses: {
      201: json(ProjectImportResultSchema, 'Imported'),
      400: json(DetailSchema, 'The archive is damaged, of another format, or a hash or a reference does not match; nothing was written'),
      401: answers[401],
      403: json(DetailSchema, 'The caller has no company or no subscription'),
      413: json(
        DetailSchema,
        "Larger than the limit, an entry (or all of them) inflates past its limit (docs/request-hardening.md), or its files do not fit in the company's storage",
      ),
      429: json(DetailSchema, 'The caller already has heavy work in progress, or the company already has 2 imports in progress'),
    },
  },
  { body: 'stream' },
);

/** The request body as a Node stream: the socket itself under node:http, else the web body. */
function bodyOf(c: Context<AppEnv>): Readable {
  const incoming: unknown = (c.env as { incoming?: unknown } | undefined)?.incoming;
  if (incoming instanceof Readable) return incoming;
  const body = c.req.raw.body;
  return body ? Readable.fromWeb(body as NodeReadableStream<Uint8Array>) : Readable.from([]);
}

export function registerProjectTransferRoutes(app: ApiApp): void {
  app.openapi(exportProjectRoute, async (c) => {
    const { deps, db } = c.var;
    const archive = await exportProject(deps, db, currentUser(c), pathId(c.req.valid('param').id));
    c.header('Content-Type', 'application/zip');
    c.header('Content-Disposition', `attachment; filename="${archive.filename}"`);
    c.header('Cache-Control', 'no-store');
    return c.body(Readable.toWeb(archive.stream) as ReadableStream<Uint8Array>, 200);
  });

  app.openapi(importProjectRoute, async (c) => {
    const { deps, db } = c.var;
    const user = currentUser(c);
    await requireImporter(db, user, deps.clock.now());
    // At most IMPORTS_PER_COMPANY at once per company (429 before the body is read).
    const release = takeImportSlot(user.companyId!);
    let received: Awaited<ReturnType<typeof receiveArchive>>;
    try {
      received = await receiveArchive(bodyOf(c), c.req.header('content-length'), PROJECT_IMPORT_MAX_BYTES);
    } catch (error) {
      release();
      throw error;
    }
    try {
      const result = await importProjectArchive(deps, db, received.file, {
        user: { id: user.id, companyId: user.companyId },
        // Tables are parsed in the heavy-work pool, one at a time, counted against the user's allowance.
        readTable: (input, transferList) => deps.heavy.run(user.id, 'transfer.readTable', input, transferList),
        storageLeft:
          user.companyId === null
            ? undefined
            : { bytes: await storageLeft(db, deps.config, user.companyId), refusal: (wanted) => storageFullError(db, deps.config, user.companyId!, wanted) },
      });
      return c.json(result, 201);
    } finally {
      await received.cleanup();
      release();
    }
  });
}
