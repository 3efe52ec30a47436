/** geometry-validation/ under the configuration: GET the record, POST a run (a job), PATCH by id. */
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { answers, json, jsonBody, pathParams } from '@canopy/contract/common.ts';
import { GeometryValidationPatchSchema, GeometryValidationRequestSchema, GeometryValidationSchema } from '@canopy/contract/scenarios.ts';
import { getValidation, patchValidation, requestValidation } from '../../contexts/scenarios/validation.ts';

const tags = ['Scenarios'];
const base = '/api/project/{id}/configuration/{cid}/geometry-validation';
const errors = { 400: answers[400], 401: answers[401], 403: answers[403], 404: answers[404] };

export const getValidationRoute = defineRoute('user', {
  method: 'get',
  path: base,
  tags,
  summary: "The scenario's geometry validation record: status, error flag and findings (404 before the first run)",
  request: { params: pathParams('id', 'cid') },
  responses: { 200: json(GeometryValidationSchema, 'The record'), 401: answers[401], 404: answers[404] },
});

export const postValidationRoute = defineRoute('user', {
  method: 'post',
  path: base,
  tags,
  summary: 'Validate the geometry (runs as a job; the record and the live update say when it is done)',
  request: { params: pathParams('id', 'cid'), body: jsonBody(GeometryValidationRequestSchema) },
  responses: { 202: json(GeometryValidationSchema, 'Queued'), ...errors },
});

export const patchValidationRoute = defineRoute('user', {
  method: 'patch',
  path: `${base}/{vid}`,
  tags,
  summary: 'Acknowledge the warnings, or validate other files (queues a new run)',
  request: { params: pathParams('id', 'cid', 'vid'), body: jsonBody(GeometryValidationPatchSchema) },
  responses: { 200: json(GeometryValidationSchema, 'The record'), ...errors },
});

export function registerValidationRoutes(app: ApiApp): void {
  const ids = (p: { id: string; cid: string }) => ({ projectId: pathId(p.id), configurationId: pathId(p.cid) });
  app.openapi(getValidationRoute, async (c) => c.json(await getValidation(c.var.db, currentUser(c), ids(c.req.valid('param'))), 200));
  app.openapi(postValidationRoute, async (c) =>
    c.json(await requestValidation(c.var.deps, c.var.db, currentUser(c), ids(c.req.valid('param')), c.req.valid('json')), 202),
  );
  app.openapi(patchValidationRoute, async (c) => {
    const p = c.req.valid('param');
    return c.json(await patchValidation(c.var.deps, c.var.db, currentUser(c), { ...ids(p), validationId: pathId(p.vid) }, c.req.valid('json')), 200);
  });
}
