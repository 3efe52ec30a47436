/**
 * Results ingestion (SPEC §7): POST /api/ingestassets/simulationresults (a new simulation with its
 * files), PUT /api/ingestassets/appendresults (more files for a simulation), and the viewer's import
 * POST /api/project/{id}/configuration/{cid}/add-result-simulations. Files are uploads of the project
 * (.glb, .stl, .csv, graph / wind-rose .json); a bad one answers 400 {"results": ["{file}: {problem}"]} and nothing is stored.
 */
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { answers, json, jsonBody, pathParams } from '@canopy/contract/common.ts';
import { AddResultSimulationsSchema, AppendResultsSchema, SimulationResultsSchema, SimulationSchema } from '@canopy/contract/viewer.ts';
import { appendResults, ingestSimulationResults } from '../../contexts/results/viewer/ingest.ts';

const tags = ['Viewer'];
const errors = { 400: answers[400], 401: answers[401], 403: answers[403], 404: answers[404] };

export const simulationResultsRoute = defineRoute(
  'user',
  {
    method: 'post',
    path: '/api/ingestassets/simulationresults',
    tags,
    summary: "Register a simulation's results: a new simulation of the configuration with one asset per file",
    request: { body: jsonBody(SimulationResultsSchema) },
    responses: { 201: json(SimulationSchema, 'The new simulation with its assets'), ...errors },
  },
  { body: 'document' },
);

export const appendResultsRoute = defineRoute(
  'user',
  {
    method: 'put',
    path: '/api/ingestassets/appendresults',
    tags,
    summary: 'Append result files to a simulation (its existing assets stay)',
    request: { body: jsonBody(AppendResultsSchema) },
    responses: { 200: json(SimulationSchema, 'The simulation with all its assets'), ...errors },
  },
  { body: 'document' },
);

export const addResultSimulationsRoute = defineRoute(
  'user',
  {
    method: 'post',
    path: '/api/project/{id}/configuration/{cid}/add-result-simulations',
    tags,
    summary: "Import results into the scenario as a new simulation (the viewer's results import)",
    request: { params: pathParams('id', 'cid'), body: jsonBody(AddResultSimulationsSchema) },
    responses: { 201: json(SimulationSchema, 'The new simulation with its assets'), ...errors },
  },
  { body: 'document' },
);

export function registerViewerIngestRoutes(app: ApiApp): void {
  app.openapi(simulationResultsRoute, async (c) => {
    const body = c.req.valid('json');
    const view = await ingestSimulationResults(c.var.deps, c.var.db, currentUser(c), {
      projectId: body.project_id,
      configurationId: body.configuration_id,
      category: body.category,
      results: body.results,
    });
    return c.json(view, 201);
  });
  app.openapi(appendResultsRoute, async (c) => {
    const body = c.req.valid('json');
    return c.json(
      await appendResults(c.var.deps, c.var.db, currentUser(c), { projectId: body.project_id, simulationId: body.simulation_id, results: body.results }),
      200,
    );
  });
  app.openapi(addResultSimulationsRoute, async (c) => {
    const p = c.req.valid('param');
    const body = c.req.valid('json');
    const view = await ingestSimulationResults(c.var.deps, c.var.db, currentUser(c), {
      projectId: pathId(p.id),
      configurationId: pathId(p.cid),
      category: body.category,
      results: body.results,
      fromPath: true,
    });
    return c.json(view, 201);
  });
}
