/** remesh-stl/: repair one of the scenario's STL files into a new file and asset (contexts/scenarios/remesh.ts). */
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { answers, json, jsonBody, pathParams } from '@canopy/contract/common.ts';
import { RemeshRequestSchema, RemeshResultSchema } from '@canopy/contract/scenarios.ts';
import { remeshStl } from '../../contexts/scenarios/remesh.ts';

export const remeshRoute = defineRoute('user', {
  method: 'post',
  path: '/api/project/{id}/configuration/{cid}/simulation/{sid}/remesh-stl',
  tags: ['Scenarios'],
  summary: 'Repair an STL of the scenario (merge near vertices, fix normals, close small holes) into a new file and asset',
  request: { params: pathParams('id', 'cid', 'sid'), body: jsonBody(RemeshRequestSchema) },
  responses: { 201: json(RemeshResultSchema, 'The repair and the new file'), 400: answers[400], 401: answers[401], 403: answers[403], 404: answers[404] },
});

export function registerRemeshRoutes(app: ApiApp): void {
  app.openapi(remeshRoute, async (c) => {
    const p = c.req.valid('param');
    return c.json(
      await remeshStl(
        c.var.deps,
        c.var.db,
        currentUser(c),
        { projectId: pathId(p.id), configurationId: pathId(p.cid), simulationId: pathId(p.sid) },
        c.req.valid('json'),
      ),
      201,
    );
  });
}
