/**
 * The public side of share links (docs/share-links.md), for anyone holding a token: what
 * the link is (GET /api/shared/{token}), opening it (POST …/open, with the password if it has one),
 * and the files its insight or report references (…/study-image/{imageId}/file and
 * …/layer/{assetId}/download, with ?access= for a password link). Read-only: nothing here changes
 * anything but the link's last use. A dead link is 404 on every route.
 */
import { z } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { clientAddress } from '../../http/client-address.ts';
import { answers, json, jsonBody } from '@canopy/contract/common.ts';
import { SharedContentSchema, SharedLinkInfoSchema, SharedOpenSchema } from '@canopy/contract/share-links.ts';
import { linkInfo, liveLink, openLink, sharedImage, sharedLayerFile } from '../../contexts/results/share-links/open.ts';
import { sendFile } from '../viewer/project.routes.ts';

const tags = ['Share links'];
const base = '/api/shared/{token}';
const param = (name: string) => z.string().openapi({ param: { name, in: 'path' } });
const tokenParams = z.object({ token: param('token') });
const AccessQuery = z.object({ access: z.string().optional().openapi({ description: 'From POST open, for a password link' }) });
const throttled = json(z.object({ detail: z.string() }), 'Too many password attempts (Retry-After)');

export const sharedInfoRoute = defineRoute('public', {
  method: 'get',
  path: base,
  tags,
  summary: 'What a live link shares (insight or report) and whether it needs a password; 404 for a dead link',
  request: { params: tokenParams },
  responses: { 200: json(SharedLinkInfoSchema, 'The link'), 404: answers[404] },
});

export const sharedOpenRoute = defineRoute('public', {
  method: 'post',
  path: `${base}/open`,
  tags,
  summary: "Open a link: its insight or report, read-only, and its layers (a wrong or missing password is 400 on 'password')",
  request: { params: tokenParams, body: jsonBody(SharedOpenSchema) },
  responses: { 200: json(SharedContentSchema, 'The shared content'), 400: answers[400], 404: answers[404], 429: throttled },
});

export const sharedImageRoute = defineRoute('public', {
  method: 'get',
  path: `${base}/study-image/{imageId}/file`,
  tags,
  summary: "An image the link's insight or report shows",
  request: { params: tokenParams.extend({ imageId: param('imageId') }), query: AccessQuery },
  responses: { 200: { description: 'PNG or JPEG' }, 404: answers[404] },
});

export const sharedLayerRoute = defineRoute('public', {
  method: 'get',
  path: `${base}/layer/{assetId}/download`,
  tags,
  summary: "A result layer of a simulation the link's scene views show",
  request: { params: tokenParams.extend({ assetId: param('assetId') }), query: AccessQuery },
  responses: { 200: { description: 'The file' }, 404: answers[404] },
});

export function registerSharedRoutes(app: ApiApp): void {
  app.openapi(sharedInfoRoute, async (c) => {
    const link = await liveLink(c.var.db, c.req.valid('param').token, c.var.deps.clock.now());
    c.header('Cache-Control', 'no-store');
    return c.json(linkInfo(link), 200);
  });
  app.openapi(sharedOpenRoute, async (c) => {
    const content = await openLink(c.var.deps, c.var.db, {
      token: c.req.valid('param').token,
      password: c.req.valid('json').password,
      address: clientAddress(c),
      now: c.var.deps.clock.now(),
    });
    c.header('Cache-Control', 'no-store');
    return c.json(content, 200);
  });
  app.openapi(sharedImageRoute, async (c) => {
    const p = c.req.valid('param');
    const image = await sharedImage(c.var.deps, c.var.db, {
      token: p.token,
      imageId: pathId(p.imageId),
      access: c.req.valid('query').access,
      now: c.var.deps.clock.now(),
    });
    c.header('Content-Type', image.contentType);
    c.header('Cache-Control', 'private, no-cache');
    return c.body(image.bytes as Uint8Array<ArrayBuffer>, 200);
  });
  app.openapi(sharedLayerRoute, async (c) => {
    const p = c.req.valid('param');
    const file = await sharedLayerFile(c.var.deps, c.var.db, {
      token: p.token,
      assetId: pathId(p.assetId),
      access: c.req.valid('query').access,
      now: c.var.deps.clock.now(),
    });
    return sendFile(c, file);
  });
}
