/**
 * Viewer routes under a project (SPEC §7): GET/POST /api/project/{id}/post-processing-tag, and a
 * configuration simulation's asset — GET …/simulation-asset/{aid} (metadata) and
 * GET …/simulation-asset/{aid}/download (the file, read through the blob store after the same
 * access check, so result files are never public URLs).
 */
import { Readable } from 'node:stream';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { nodeResponse } from '../../http/node-request.ts';
import { currentUser } from '../../http/authenticate.ts';
import { answers, json, jsonBody, pathParams } from '@canopy/contract/common.ts';
import { AssetSchema, PostProcessingTagCreateSchema, PostProcessingTagSchema } from '@canopy/contract/viewer.ts';
import {
  getSimulationAsset,
  layerSetRef,
  openFile,
  simulationAssetRef,
  type AssetPath,
  type FileDownload,
  type FileRef,
} from '../../contexts/results/viewer/simulations.ts';
import { snapshotCachedString } from '../../http/snapshot-cache.ts';
import type { AppEnv } from '../../deps.ts';
import { createPostProcessingTag, listPostProcessingTags } from '../../contexts/results/viewer/viewer-state.ts';

const tags = ['Viewer'];
const assetPath = '/api/project/{id}/configuration/{cid}/simulation/{sid}/simulation-asset/{aid}';
const assetParams = pathParams('id', 'cid', 'sid', 'aid');

export const listTagsRoute = defineRoute('user', {
  method: 'get',
  path: '/api/project/{id}/post-processing-tag',
  tags,
  summary: "The project's post-processing tags",
  request: { params: pathParams('id') },
  responses: { 200: json(z.array(PostProcessingTagSchema), 'Tags'), 401: answers[401], 404: answers[404] },
});

export const createTagRoute = defineRoute('user', {
  method: 'post',
  path: '/api/project/{id}/post-processing-tag',
  tags,
  summary: 'Add a post-processing tag (a label for post-processed result sets)',
  request: { params: pathParams('id'), body: jsonBody(PostProcessingTagCreateSchema) },
  responses: { 201: json(PostProcessingTagSchema, 'Created'), 400: answers[400], 401: answers[401], 403: answers[403], 404: answers[404] },
});

export const simulationAssetRoute = defineRoute('user', {
  method: 'get',
  path: assetPath,
  tags,
  summary: "One result asset's fields and metadata",
  request: { params: assetParams },
  responses: { 200: json(AssetSchema, 'The asset'), 401: answers[401], 404: answers[404] },
});

export const simulationAssetDownloadRoute = defineRoute('user', {
  method: 'get',
  path: `${assetPath}/download`,
  tags,
  summary: "The asset's file (GLB for meshes and data, JSON for graph and wind-rose kinds)",
  request: { params: assetParams },
  responses: { 200: { description: 'The file' }, 401: answers[401], 404: answers[404] },
});

export const layerSetDownloadRoute = defineRoute('user', {
  method: 'get',
  path: '/api/project/{id}/configuration/{cid}/simulation/{sid}/layer-set/{lid}/download',
  tags,
  summary: 'One file of a layer set (GLB)',
  request: { params: pathParams('id', 'cid', 'sid', 'lid') },
  responses: { 200: { description: 'The file' }, 401: answers[401], 404: answers[404] },
});

function ids(p: { id: string; cid: string; sid: string; aid: string }): AssetPath {
  return { projectId: pathId(p.id), configurationId: pathId(p.cid), simulationId: pathId(p.sid), assetId: pathId(p.aid) };
}

export function registerViewerProjectRoutes(app: ApiApp): void {
  app.openapi(listTagsRoute, async (c) => c.json(await listPostProcessingTags(c.var.db, currentUser(c), pathId(c.req.valid('param').id)), 200));
  app.openapi(createTagRoute, async (c) =>
    c.json(await createPostProcessingTag(c.var.db, currentUser(c), pathId(c.req.valid('param').id), c.req.valid('json')), 201),
  );
  app.openapi(simulationAssetRoute, async (c) => c.json(await getSimulationAsset(c.var.db, currentUser(c), ids(c.req.valid('param'))), 200));
  app.openapi(layerSetDownloadRoute, async (c) => {
    const p = c.req.valid('param');
    const path = { projectId: pathId(p.id), configurationId: pathId(p.cid), simulationId: pathId(p.sid), layerSetId: pathId(p.lid) };
    const ref = await keptRef(c, () => layerSetRef(c.var.db, currentUser(c), path));
    return sendFile(c, await openFile(c.var.deps, ref));
  });
  app.openapi(simulationAssetDownloadRoute, async (c) => {
    const ref = await keptRef(c, () => simulationAssetRef(c.var.db, currentUser(c), ids(c.req.valid('param'))));
    return sendFile(c, await openFile(c.var.deps, ref));
  });
}

/**
 * Where the file is, after the access check, kept while the database's snapshot holds (ADR 24): a
 * viewer downloads the same result files again on every visit, and the check was the download's
 * only statement besides the token's user. The file itself is read from the blob store each time.
 */
async function keptRef(c: Context<AppEnv>, read: () => Promise<FileRef>): Promise<FileRef> {
  return JSON.parse(await snapshotCachedString(c, async () => JSON.stringify(await read()))) as FileRef;
}

/**
 * The file as a download, with its length. Result files are never cached by shared caches (they
 * need the token). A file kept in memory (blobs/hot-blobs.ts) goes out in one write, neither read
 * nor copied; read whole and copied for every request instead, a 580 KB result had cost 4–5 ms of the
 * server's CPU under 50 connections. Any other file is the store's stream piped into Node's
 * response itself, as a bare node:http server would (through a web stream it cost 0.5 ms more).
 * Without a socket (app.request in tests) either becomes the answer's body.
 */
export function sendFile(c: Context, file: FileDownload) {
  const isGlb = file.filename.toLowerCase().endsWith('.glb');
  const { download } = file;
  const headers = {
    'Content-Type': isGlb ? 'model/gltf-binary' : file.filename.endsWith('.json') ? 'application/json' : 'application/octet-stream',
    'Content-Disposition': `attachment; filename="${file.filename.replace(/["\\\r\n]/g, '_')}"`,
    'Cache-Control': 'private, no-cache',
    'Content-Length': String(download.properties.size),
  };
  const outgoing = nodeResponse(c);
  if ('bytes' in download) {
    if (!outgoing) return c.body(new Uint8Array(download.bytes), 200, headers);
    // One write of bytes kept in memory (blobs/hot-blobs.ts): nothing read, nothing copied in JavaScript.
    outgoing.writeHead(200, headers).end(download.bytes);
    return RESPONSE_ALREADY_SENT;
  }
  if (!outgoing) return c.body(Readable.toWeb(download.stream) as ReadableStream<Uint8Array>, 200, headers);
  outgoing.writeHead(200, headers);
  // A failed read ends the answer where it is; a client gone stops the read. (pipe, not pipeline:
  // pipeline makes an AbortController and a DOMException per answer, 1.5 % of a download's time.)
  const { stream } = download;
  stream.once('error', () => outgoing.destroy());
  outgoing.once('close', () => stream.destroy());
  stream.pipe(outgoing);
  return RESPONSE_ALREADY_SENT;
}
