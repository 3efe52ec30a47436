/** POST …/simulation/{sid}/cancel: stop waiting for external results and return their reserved credits. */
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { answers, json, pathParams } from '@canopy/contract/common.ts';
import { CancelSimulationResultSchema } from '@canopy/contract/reservations.ts';
import { cancelSimulation } from '../../contexts/scenarios/cancel.ts';

export const cancelSimulationRoute = defineRoute('user', {
  method: 'post',
  path: '/api/project/{id}/configuration/{cid}/simulation/{sid}/cancel',
  tags: ['Scenarios'],
  summary: 'Cancel a simulation waiting for external results; the credits reserved for it are returned',
  request: { params: pathParams('id', 'cid', 'sid') },
  responses: { 200: json(CancelSimulationResultSchema, 'Cancelled'), 400: answers[400], 401: answers[401], 403: answers[403], 404: answers[404] },
});

export function registerCancelRoutes(app: ApiApp): void {
  app.openapi(cancelSimulationRoute, async (c) => {
    const p = c.req.valid('param');
    return c.json(
      await cancelSimulation(c.var.deps, c.var.db, currentUser(c), { projectId: pathId(p.id), configurationId: pathId(p.cid), simulationId: pathId(p.sid) }),
      200,
    );
  });
}
