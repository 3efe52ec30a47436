/**
 * Scenario (configuration) CRUD under /api/project/{id}/ (SPEC §7 Configuration): create, read,
 * replace, delete, duplicate-scenario, hide-scenario. Thin: rules live in services/scenarios.
 */
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { answers, json, jsonBody, pathParams } from '@canopy/contract/common.ts';
import {
  ConfigurationSchema,
  CreateConfigurationSchema,
  DuplicateScenarioSchema,
  HideScenarioSchema,
  UpdateConfigurationSchema,
} from '@canopy/contract/scenarios.ts';
import { createScenario, deleteScenario, duplicateScenario, getScenario, hideScenario, replaceScenario } from '../../contexts/scenarios/configurations.ts';

const tags = ['Scenarios'];
const errors = { 400: answers[400], 401: answers[401], 403: answers[403], 404: answers[404] };
const base = '/api/project/{id}/configuration/{cid}';

export const createConfigurationRoute = defineRoute(
  'user',
  {
    method: 'post',
    path: '/api/project/{id}/configuration',
    tags,
    summary: 'Create a scenario and its simulations (one per analysis)',
    request: { params: pathParams('id'), body: jsonBody(CreateConfigurationSchema) },
    responses: { 201: json(ConfigurationSchema, 'The scenario with its simulations'), ...errors },
  },
  { body: 'document' },
);

export const getConfigurationRoute = defineRoute('user', {
  method: 'get',
  path: base,
  tags,
  summary: 'A scenario with its inputs, simulations, approval and validation summary',
  request: { params: pathParams('id', 'cid') },
  responses: { 200: json(ConfigurationSchema, 'The scenario'), 401: answers[401], 404: answers[404] },
});

export const putConfigurationRoute = defineRoute(
  'user',
  {
    method: 'put',
    path: base,
    tags,
    summary: 'Replace the scenario’s inputs (back to draft; only before approval or after a failure)',
    request: { params: pathParams('id', 'cid'), body: jsonBody(UpdateConfigurationSchema) },
    responses: { 200: json(ConfigurationSchema, 'The scenario'), ...errors },
  },
  { body: 'document' },
);

export const deleteConfigurationRoute = defineRoute('user', {
  method: 'delete',
  path: base,
  tags,
  summary: 'Delete the scenario, its simulations and results',
  request: { params: pathParams('id', 'cid') },
  responses: { 204: { description: 'Deleted' }, 401: answers[401], 403: answers[403], 404: answers[404] },
});

export const duplicateScenarioRoute = defineRoute('user', {
  method: 'post',
  path: `${base}/duplicate-scenario`,
  tags,
  summary: 'Copy the scenario’s inputs into a new draft scenario',
  request: { params: pathParams('id', 'cid'), body: jsonBody(DuplicateScenarioSchema) },
  responses: { 201: json(ConfigurationSchema, 'The copy'), ...errors },
});

export const hideScenarioRoute = defineRoute('user', {
  method: 'patch',
  path: `${base}/hide-scenario`,
  tags,
  summary: 'Hide (or show again with {"hidden": false}) the scenario',
  request: { params: pathParams('id', 'cid'), body: jsonBody(HideScenarioSchema) },
  responses: { 200: json(ConfigurationSchema, 'The scenario'), ...errors },
});

export function registerConfigurationRoutes(app: ApiApp): void {
  const ids = (p: { id: string; cid: string }) => ({ projectId: pathId(p.id), configurationId: pathId(p.cid) });
  app.openapi(createConfigurationRoute, async (c) =>
    c.json(await createScenario(c.var.deps, c.var.db, currentUser(c), pathId(c.req.valid('param').id), c.req.valid('json')), 201),
  );
  app.openapi(getConfigurationRoute, async (c) => c.json(await getScenario(c.var.db, currentUser(c), ids(c.req.valid('param'))), 200));
  app.openapi(putConfigurationRoute, async (c) =>
    c.json(await replaceScenario(c.var.deps, c.var.db, currentUser(c), ids(c.req.valid('param')), c.req.valid('json')), 200),
  );
  app.openapi(deleteConfigurationRoute, async (c) => {
    await deleteScenario(c.var.deps, c.var.db, currentUser(c), ids(c.req.valid('param')));
    return c.body(null, 204);
  });
  app.openapi(duplicateScenarioRoute, async (c) =>
    c.json(await duplicateScenario(c.var.deps, c.var.db, currentUser(c), ids(c.req.valid('param')), c.req.valid('json')), 201),
  );
  app.openapi(hideScenarioRoute, async (c) =>
    c.json(await hideScenario(c.var.deps, c.var.db, currentUser(c), ids(c.req.valid('param')), c.req.valid('json').hidden), 200),
  );
}
