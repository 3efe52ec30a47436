/**
 * A project owner's share links (docs/share-links.md): GET (the live ones, with their last
 * use) and POST under /api/project/{id}/share-link, PATCH …/share-link/{linkId} (the origins that
 * may embed it), DELETE …/share-link/{linkId} to revoke.
 */
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { paginate } from '../../http/pagination.ts';
import { listOf } from '../../kernel/list-query.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { PageQuery, answers, json, jsonBody, paginated, pathParams } from '@canopy/contract/common.ts';
import { ShareLinkCreatedSchema, ShareLinkCreateSchema, ShareLinkListQuery, ShareLinkSchema, ShareLinkUpdateSchema } from '@canopy/contract/share-links.ts';
import { createShareLink, listShareLinks, revokeShareLink, updateShareLink } from '../../contexts/accounts/share-links/manage.ts';

const tags = ['Share links'];
const base = '/api/project/{id}/share-link';
const ownerAnswers = { 400: answers[400], 401: answers[401], 403: answers[403], 404: answers[404] } as const;

export const listShareLinksRoute = defineRoute('user', {
  method: 'get',
  path: base,
  tags,
  summary: "The project's live share links (not revoked, not expired), newest first, with their last use",
  request: { params: pathParams('id'), query: PageQuery.extend(ShareLinkListQuery.shape) },
  responses: { 200: json(paginated(ShareLinkSchema, 'ShareLinkPage'), 'Share links'), ...ownerAnswers },
});

export const createShareLinkRoute = defineRoute('user', {
  method: 'post',
  path: base,
  tags,
  summary: 'Make a read-only link to a Published insight or report; the answer holds its token, shown this once',
  request: { params: pathParams('id'), body: jsonBody(ShareLinkCreateSchema) },
  responses: { 201: json(ShareLinkCreatedSchema, 'Created'), ...ownerAnswers },
});

export const updateShareLinkRoute = defineRoute('user', {
  method: 'patch',
  path: `${base}/{linkId}`,
  tags,
  summary: 'Set the origins that may embed a live link (CSP frame-ancestors of /embed/{token}); [] forbids embedding',
  request: { params: pathParams('id', 'linkId'), body: jsonBody(ShareLinkUpdateSchema) },
  responses: { 200: json(ShareLinkSchema, 'Updated'), ...ownerAnswers },
});

export const revokeShareLinkRoute = defineRoute('user', {
  method: 'delete',
  path: `${base}/{linkId}`,
  tags,
  summary: 'Revoke a share link: from now on it opens nothing',
  request: { params: pathParams('id', 'linkId') },
  responses: { 204: { description: 'Revoked' }, 401: answers[401], 403: answers[403], 404: answers[404] },
});

export function registerShareLinkRoutes(app: ApiApp): void {
  app.openapi(listShareLinksRoute, async (c) => {
    const links = await listShareLinks(c.var.deps, c.var.db, currentUser(c), pathId(c.req.valid('param').id), c.req.valid('query'));
    return c.json(await paginate(c, listOf(links)), 200);
  });
  app.openapi(createShareLinkRoute, async (c) =>
    c.json(await createShareLink(c.var.deps, c.var.db, currentUser(c), pathId(c.req.valid('param').id), c.req.valid('json')), 201),
  );
  app.openapi(updateShareLinkRoute, async (c) => {
    const p = c.req.valid('param');
    return c.json(await updateShareLink(c.var.deps, c.var.db, currentUser(c), pathId(p.id), pathId(p.linkId), c.req.valid('json')), 200);
  });
  app.openapi(revokeShareLinkRoute, async (c) => {
    const p = c.req.valid('param');
    await revokeShareLink(c.var.deps, c.var.db, currentUser(c), pathId(p.id), pathId(p.linkId));
    return c.body(null, 204);
  });
}
