/**
 * Insights of a study (SPEC §7 Study): GET (list, by sort_order), POST (new insights are Draft),
 * GET/PUT/DELETE by id under /api/project/{id}/study/{studyId}/insight. Drafts are answered only to
 * those who may see them (contexts/results/insights/visibility.ts); for everyone else they do not exist.
 */
import { z } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { answers, json, jsonBody, pathParams } from '@canopy/contract/common.ts';
import { InsightCreateSchema, InsightSchema, InsightUpdateSchema } from '@canopy/contract/insights.ts';
import { createInsight, deleteInsight, getInsight, listInsights, updateInsight } from '../../contexts/results/insights/insights.ts';

const tags = ['Insights'];
const base = '/api/project/{id}/study/{studyId}/insight';
const seeAnswers = { 401: answers[401], 404: answers[404] };
const changeAnswers = { 400: answers[400], 401: answers[401], 403: answers[403], 404: answers[404] };

export const listInsightsRoute = defineRoute('user', {
  method: 'get',
  path: base,
  tags,
  summary: "The study's insights the user may see (drafts only for permitted users), by sort_order",
  request: { params: pathParams('id', 'studyId') },
  responses: { 200: json(z.array(InsightSchema), 'Insights'), ...seeAnswers },
});

export const createInsightRoute = defineRoute(
  'user',
  {
    method: 'post',
    path: base,
    tags,
    summary: 'Add an insight (Draft unless insight_status says otherwise; last unless sort_order is given)',
    request: { params: pathParams('id', 'studyId'), body: jsonBody(InsightCreateSchema) },
    responses: { 201: json(InsightSchema, 'Created'), ...changeAnswers },
  },
  { body: 'document' },
);

export const getInsightRoute = defineRoute('user', {
  method: 'get',
  path: `${base}/{insightId}`,
  tags,
  summary: 'One insight with its scene views, image views, pins and pin types',
  request: { params: pathParams('id', 'studyId', 'insightId') },
  responses: { 200: json(InsightSchema, 'The insight'), ...seeAnswers },
});

export const updateInsightRoute = defineRoute(
  'user',
  {
    method: 'put',
    path: `${base}/{insightId}`,
    tags,
    summary: 'Change an insight; a new sort_order moves it there and renumbers the others 0..n-1',
    request: { params: pathParams('id', 'studyId', 'insightId'), body: jsonBody(InsightUpdateSchema) },
    responses: { 200: json(InsightSchema, 'Updated'), ...changeAnswers },
  },
  { body: 'document' },
);

export const deleteInsightRoute = defineRoute('user', {
  method: 'delete',
  path: `${base}/{insightId}`,
  tags,
  summary: 'Delete an insight and everything in it',
  request: { params: pathParams('id', 'studyId', 'insightId') },
  responses: { 204: { description: 'Deleted' }, ...changeAnswers },
});

const studyIds = (p: { id: string; studyId: string }) => ({ projectId: pathId(p.id), studyId: pathId(p.studyId) });

export function registerInsightRoutes(app: ApiApp): void {
  app.openapi(listInsightsRoute, async (c) => c.json(await listInsights(c.var.db, currentUser(c), studyIds(c.req.valid('param'))), 200));
  app.openapi(createInsightRoute, async (c) => c.json(await createInsight(c.var.db, currentUser(c), studyIds(c.req.valid('param')), c.req.valid('json')), 201));
  app.openapi(getInsightRoute, async (c) => {
    const p = c.req.valid('param');
    return c.json(await getInsight(c.var.db, currentUser(c), studyIds(p), pathId(p.insightId)), 200);
  });
  app.openapi(updateInsightRoute, async (c) => {
    const p = c.req.valid('param');
    return c.json(await updateInsight(c.var.db, currentUser(c), studyIds(p), pathId(p.insightId), c.req.valid('json')), 200);
  });
  app.openapi(deleteInsightRoute, async (c) => {
    const p = c.req.valid('param');
    await deleteInsight(c.var.db, currentUser(c), studyIds(p), pathId(p.insightId));
    return c.body(null, 204);
  });
}
