/**
 * A study's zones under /api/project/{id}/study/{studyId}/zone: GET the list, POST one, PATCH or
 * DELETE one by id. Reading needs the project visible, changing needs the right to change it.
 */
import { z } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { answers, json, jsonBody, pathParams } from '@canopy/contract/common.ts';
import { ZoneCreateSchema, ZonePatchSchema, ZoneSchema } from '@canopy/contract/zones.ts';
import { createZone, deleteZone, listZones, updateZone } from '../../contexts/results/zones/zones.ts';

const tags = ['Viewer'];
const base = '/api/project/{id}/study/{studyId}/zone';
const seeAnswers = { 401: answers[401], 404: answers[404] };
const changeAnswers = { 400: answers[400], 401: answers[401], 403: answers[403], 404: answers[404] };

export const listZonesRoute = defineRoute('user', {
  method: 'get',
  path: base,
  tags,
  summary: "The study's zones with their intended uses",
  request: { params: pathParams('id', 'studyId') },
  responses: { 200: json(z.array(ZoneSchema), 'Zones'), ...seeAnswers },
});

export const createZoneRoute = defineRoute('user', {
  method: 'post',
  path: base,
  tags,
  summary: 'Save a zone drawn on the plane',
  request: { params: pathParams('id', 'studyId'), body: jsonBody(ZoneCreateSchema) },
  responses: { 201: json(ZoneSchema, 'Saved'), ...changeAnswers },
});

export const updateZoneRoute = defineRoute('user', {
  method: 'patch',
  path: `${base}/{zoneId}`,
  tags,
  summary: 'Rename a zone, change its use or redraw it',
  request: { params: pathParams('id', 'studyId', 'zoneId'), body: jsonBody(ZonePatchSchema) },
  responses: { 200: json(ZoneSchema, 'Updated'), ...changeAnswers },
});

export const deleteZoneRoute = defineRoute('user', {
  method: 'delete',
  path: `${base}/{zoneId}`,
  tags,
  summary: 'Delete a zone',
  request: { params: pathParams('id', 'studyId', 'zoneId') },
  responses: { 204: { description: 'Deleted' }, ...changeAnswers },
});

function zoneIds(p: { id: string; studyId: string; zoneId: string }) {
  return { projectId: pathId(p.id), studyId: pathId(p.studyId), zoneId: pathId(p.zoneId) };
}

export function registerZoneRoutes(app: ApiApp): void {
  app.openapi(listZonesRoute, async (c) => {
    const p = c.req.valid('param');
    return c.json(await listZones(c.var.db, currentUser(c), pathId(p.id), pathId(p.studyId)), 200);
  });
  app.openapi(createZoneRoute, async (c) => {
    const p = c.req.valid('param');
    return c.json(await createZone(c.var.db, currentUser(c), pathId(p.id), pathId(p.studyId), c.req.valid('json')), 201);
  });
  app.openapi(updateZoneRoute, async (c) => {
    return c.json(await updateZone(c.var.db, currentUser(c), zoneIds(c.req.valid('param')), c.req.valid('json')), 200);
  });
  app.openapi(deleteZoneRoute, async (c) => {
    await deleteZone(c.var.db, currentUser(c), zoneIds(c.req.valid('param')));
    return c.body(null, 204);
  });
}
