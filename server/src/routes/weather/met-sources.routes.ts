/**
 * A project's met sources (SPEC §3): GET/POST /api/project/{id}/met-sources/ (POST takes an uploaded
 * EPW by upload id), DELETE …/met-sources/{sourceId}/, and SPEC §7's
 * POST /api/project/{id}/fetch-met-data/ (nearest suitable station: the library, or the online provider).
 */
import { z } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { AddMetSourceSchema, FetchMetFailureSchema, FetchMetResultSchema, MetSourceListSchema, MetSourceSchema } from '@canopy/contract/weather.ts';
import { addMetSourceFromUpload, listMetSources, removeMetSource } from '../../contexts/projects/weather/met-sources.ts';
import { fetchMetData } from '../../contexts/projects/weather/fetch-met.ts';
import { DetailSchema, FieldErrorsSchema, json, jsonBody, unauthenticated } from '../auth/schemas.ts';

const tags = ['Weather'];
const params = z.object({ id: z.string() });
const seeAnswers = { 401: unauthenticated, 404: json(DetailSchema, 'No such project, or not visible to the user') } as const;
const changeAnswers = { ...seeAnswers, 403: json(DetailSchema, 'The user may see the project but not change it') } as const;

export const listMetSourcesRoute = defineRoute('user', {
  method: 'get',
  path: '/api/project/{id}/met-sources',
  tags,
  summary: "The project's weather stations (met sources)",
  request: { params },
  responses: { 200: json(MetSourceListSchema, 'Oldest first'), ...seeAnswers },
});

export const addMetSourceRoute = defineRoute('user', {
  method: 'post',
  path: '/api/project/{id}/met-sources',
  tags,
  summary: 'Add weather from an uploaded EPW file (upload it first through project-asset-upload-url/)',
  request: { params, body: jsonBody(AddMetSourceSchema) },
  responses: {
    201: json(MetSourceSchema, 'Stored (the hourly data once, however many projects use it) and linked'),
    400: json(FieldErrorsSchema, 'Not an EPW: {"upload_id": ["… line 12: wind speed: …"], "line": 12, "field": "wind speed"}'),
    ...changeAnswers,
  },
});

export const removeMetSourceRoute = defineRoute('user', {
  method: 'delete',
  path: '/api/project/{id}/met-sources/{sourceId}',
  tags,
  summary: 'Stop using a weather station in this project (the shared station data stays)',
  request: { params: z.object({ id: z.string(), sourceId: z.string() }) },
  responses: { 204: { description: 'Removed' }, ...changeAnswers },
});

export const fetchMetDataRoute = defineRoute('user', {
  method: 'post',
  path: '/api/project/{id}/fetch-met-data',
  tags,
  summary: 'Fetch the nearest suitable station (needs projects.fetch-MET-manually); a failure is stored as the project met_error',
  request: { params },
  responses: {
    200: json(FetchMetResultSchema, 'The station chosen, its distance, and nearer stations passed over'),
    422: json(FetchMetFailureSchema, 'Nothing suitable near the site (a retry cannot help): the stations passed over and why, and what to do instead'),
    503: json(FetchMetFailureSchema, "The online provider was down or slow: SPEC §8's retry message (also stored on the project) and why"),
    ...changeAnswers,
  },
});

export function registerMetSourceRoutes(app: ApiApp): void {
  app.openapi(listMetSourcesRoute, async (c) => c.json({ results: await listMetSources(c.var.db, currentUser(c), pathId(c.req.valid('param').id)) }, 200));
  app.openapi(addMetSourceRoute, async (c) =>
    c.json(await addMetSourceFromUpload(c.var.deps, c.var.db, currentUser(c), pathId(c.req.valid('param').id), c.req.valid('json').upload_id), 201),
  );
  app.openapi(removeMetSourceRoute, async (c) => {
    const { id, sourceId } = c.req.valid('param');
    await removeMetSource(c.var.db, currentUser(c), pathId(id), pathId(sourceId));
    return c.body(null, 204);
  });
  app.openapi(fetchMetDataRoute, async (c) => c.json(await fetchMetData(c.var.deps, c.var.db, currentUser(c), pathId(c.req.valid('param').id)), 200));
}
