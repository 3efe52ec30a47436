/**
 * POST /api/project/{id}/configuration/{cid}/simulation/{sid}/reclassified-comfort/: the viewer's
 * "Save as results" of a comfort map it re-classified in the browser. 201 with the new
 * asset; 400 naming the field when the classes do not fit the stored results.
 */
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { answers, json, jsonBody, pathParams } from '@canopy/contract/common.ts';
import { AssetSchema } from '@canopy/contract/viewer.ts';
import { ReclassifiedComfortSchema } from '@canopy/contract/reclassified.ts';
import { saveReclassifiedComfort } from '../../contexts/results/viewer/reclassified-layer.ts';

export const reclassifiedComfortRoute = defineRoute(
  'user',
  {
    method: 'post',
    path: '/api/project/{id}/configuration/{cid}/simulation/{sid}/reclassified-comfort',
    tags: ['Viewer'],
    summary:
      'Save a comfort map re-classified in the viewer (another criterion, season, time window or weather file) as a layer of the simulation, with its provenance',
    request: { params: pathParams('id', 'cid', 'sid'), body: jsonBody(ReclassifiedComfortSchema) },
    responses: { 201: json(AssetSchema, 'The new layer'), 400: answers[400], 401: answers[401], 403: answers[403], 404: answers[404] },
  },
  { body: 'document' },
);

export function registerReclassifiedRoutes(app: ApiApp): void {
  app.openapi(reclassifiedComfortRoute, async (c) => {
    const p = c.req.valid('param');
    const ids = { projectId: pathId(p.id), configurationId: pathId(p.cid), simulationId: pathId(p.sid) };
    return c.json(await saveReclassifiedComfort(c.var.deps, c.var.db, currentUser(c), ids, c.req.valid('json')), 201);
  });
}
