/**
 * Per-simulation scenario routes: the scenario's simulation list, get-latest-status/, resubmit-ml/, ml-version-info/,
 * cfd-version-info/, and the project's recorded ML models (/api/ingestassets/project/{id}/mlmodel).
 * submit-postprocessing/ lives with the analyses (routes/analyses/jobs.routes.ts).
 */
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { answers, json, pathParams } from '@canopy/contract/common.ts';
import { LatestStatusSchema, MlModelListSchema, ResubmitMlResultSchema, SimulationListSchema, VersionInfoSchema } from '@canopy/contract/scenarios.ts';
import { requireSeeScenario, scenarioRow } from '../../contexts/scenarios/access.ts';
import { simulationSummaries } from '../../contexts/scenarios/view.ts';
import { latestStatus, resubmitMl } from '../../contexts/scenarios/latest-status.ts';
import { projectMlModels, versionInfo } from '../../contexts/scenarios/version-info.ts';

const tags = ['Scenarios'];
const sim = '/api/project/{id}/configuration/{cid}/simulation/{sid}';
const params = pathParams('id', 'cid', 'sid');
const seeAnswers = { 401: answers[401], 404: answers[404] };

export const simulationListRoute = defineRoute('user', {
  method: 'get',
  path: '/api/project/{id}/configuration/{cid}/simulation',
  tags,
  summary: "The scenario's simulations with their statuses",
  request: { params: pathParams('id', 'cid') },
  responses: { 200: json(SimulationListSchema, 'The simulations'), ...seeAnswers },
});

export const latestStatusRoute = defineRoute('user', {
  method: 'get',
  path: `${sim}/get-latest-status`,
  tags,
  summary: "The simulation's status, status text, job progress and the scenario's status",
  request: { params },
  responses: { 200: json(LatestStatusSchema, 'The status'), ...seeAnswers },
});

export const resubmitMlRoute = defineRoute('user', {
  method: 'post',
  path: `${sim}/resubmit-ml`,
  tags,
  summary: 'Ask again for the machine-learning results (the simulation waits for them again)',
  request: { params },
  responses: { 200: json(ResubmitMlResultSchema, 'Waiting for results'), 400: answers[400], 401: answers[401], 403: answers[403], 404: answers[404] },
});

export const mlVersionInfoRoute = defineRoute('user', {
  method: 'get',
  path: `${sim}/ml-version-info`,
  tags,
  summary: 'The machine-learning model and version the ingested results recorded (nulls until then)',
  request: { params },
  responses: { 200: json(VersionInfoSchema, 'What was recorded'), ...seeAnswers },
});

export const cfdVersionInfoRoute = defineRoute('user', {
  method: 'get',
  path: `${sim}/cfd-version-info`,
  tags,
  summary: 'The CFD solver and version the ingested results recorded (nulls until then)',
  request: { params },
  responses: { 200: json(VersionInfoSchema, 'What was recorded'), ...seeAnswers },
});

export const mlModelRoute = defineRoute('user', {
  method: 'get',
  path: '/api/ingestassets/project/{id}/mlmodel',
  tags,
  summary: "The ML models recorded by the project's ingested AI results, one per simulation",
  request: { params: pathParams('id') },
  responses: { 200: json(MlModelListSchema, 'The models'), ...seeAnswers },
});

export function registerSimulationRoutes(app: ApiApp): void {
  const ids = (p: { id: string; cid: string; sid: string }) => ({ projectId: pathId(p.id), configurationId: pathId(p.cid), simulationId: pathId(p.sid) });
  app.openapi(simulationListRoute, async (c) => {
    const p = c.req.valid('param');
    const projectId = pathId(p.id);
    await requireSeeScenario(c.var.db, currentUser(c), projectId);
    return c.json({ results: await simulationSummaries(c.var.db, await scenarioRow(c.var.db, projectId, pathId(p.cid))) }, 200);
  });
  app.openapi(latestStatusRoute, async (c) => c.json(await latestStatus(c.var.db, currentUser(c), ids(c.req.valid('param'))), 200));
  app.openapi(resubmitMlRoute, async (c) => c.json(await resubmitMl(c.var.deps, c.var.db, currentUser(c), ids(c.req.valid('param'))), 200));
  app.openapi(mlVersionInfoRoute, async (c) => c.json(await versionInfo(c.var.db, currentUser(c), ids(c.req.valid('param')), 'ml'), 200));
  app.openapi(cfdVersionInfoRoute, async (c) => c.json(await versionInfo(c.var.db, currentUser(c), ids(c.req.valid('param')), 'cfd'), 200));
  app.openapi(mlModelRoute, async (c) => c.json(await projectMlModels(c.var.db, currentUser(c), pathId(c.req.valid('param').id)), 200));
}
