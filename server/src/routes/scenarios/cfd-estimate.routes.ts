/**
 * POST /api/project/{id}/cfd-estimate/: what a CFD wind scenario with this geometry, tier and number
 * of directions will take and cost — the grid Canopy's solver will build (docs/cfd-wind.md). The
 * wizard calls it at its cost step, before the scenario exists.
 */
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { answers, json, jsonBody, pathParams } from '@canopy/contract/common.ts';
import { CfdEstimateRequestSchema, CfdEstimateSchema } from '@canopy/contract/cfd.ts';
import { cfdEstimate } from '../../contexts/compute/cfd/estimate.ts';

export const cfdEstimateRoute = defineRoute('user', {
  method: 'post',
  path: '/api/project/{id}/cfd-estimate',
  tags: ['Scenarios'],
  summary:
    "Cells, memory, minutes and credits of Canopy's CFD wind for this geometry, tier and number of directions (400 on cfd_tier with the numbers when the grid is too large)",
  request: { params: pathParams('id'), body: jsonBody(CfdEstimateRequestSchema) },
  responses: { 200: json(CfdEstimateSchema, 'The estimate'), 400: answers[400], 401: answers[401], 403: answers[403], 404: answers[404] },
});

export function registerCfdEstimateRoutes(app: ApiApp): void {
  app.openapi(cfdEstimateRoute, async (c) => {
    const projectId = pathId(c.req.valid('param').id);
    return c.json(await cfdEstimate(c.var.deps, c.var.db, currentUser(c), projectId, c.req.valid('json')), 200);
  });
}
