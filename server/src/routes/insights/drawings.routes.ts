/** Drawings (SPEC §7 Other): POST and PUT /api/drawings (the id in the body), DELETE /api/drawings/{id}. */
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { answers, json, jsonBody, pathParams } from '@canopy/contract/common.ts';
import { DrawingCreateSchema, DrawingSchema, DrawingUpdateSchema } from '@canopy/contract/insights.ts';
import { createDrawing, deleteDrawing, updateDrawing } from '../../contexts/results/insights/drawings.ts';

const tags = ['Insights'];
const changeAnswers = { 400: answers[400], 401: answers[401], 403: answers[403], 404: answers[404] };

export const createDrawingRoute = defineRoute(
  'user',
  {
    method: 'post',
    path: '/api/drawings',
    tags,
    summary: 'Add a drawing to a scene view',
    request: { body: jsonBody(DrawingCreateSchema) },
    responses: { 201: json(DrawingSchema, 'Created'), ...changeAnswers },
  },
  { body: 'document' },
);

export const updateDrawingRoute = defineRoute(
  'user',
  {
    method: 'put',
    path: '/api/drawings',
    tags,
    summary: 'Change the drawing named by `id` in the body',
    request: { body: jsonBody(DrawingUpdateSchema) },
    responses: { 200: json(DrawingSchema, 'Updated'), ...changeAnswers },
  },
  { body: 'document' },
);

export const deleteDrawingRoute = defineRoute('user', {
  method: 'delete',
  path: '/api/drawings/{drawingId}',
  tags,
  summary: 'Delete a drawing',
  request: { params: pathParams('drawingId') },
  responses: { 204: { description: 'Deleted' }, ...changeAnswers },
});

export function registerDrawingRoutes(app: ApiApp): void {
  app.openapi(createDrawingRoute, async (c) => c.json(await createDrawing(c.var.db, currentUser(c), c.req.valid('json')), 201));
  app.openapi(updateDrawingRoute, async (c) => c.json(await updateDrawing(c.var.db, currentUser(c), c.req.valid('json')), 200));
  app.openapi(deleteDrawingRoute, async (c) => {
    await deleteDrawing(c.var.db, currentUser(c), pathId(c.req.valid('param').drawingId));
    return c.body(null, 204);
  });
}
