/**
 * Matrix rows of the operator's routes and the scenario offer, spread into MATRIX.
 * Operator routes are for superusers only: every other signed-in role gets 403, anonymous 401.
 * Price ids: the world seeds the sample price tables once into a fresh database, so id 1 of each
 * table exists (test/world-scenarios.ts).
 */
import type { World } from '../world.ts';
import type { BaseStatuses, MatrixRow } from './matrix.ts';

type Statuses = BaseStatuses;

const operatorOnly = (status: number): Statuses => ({
  anonymous: 401,
  otherCompany: 403,
  colleague: 403,
  colleagueWithPermission: 403,
  projectAdmin: 403,
  acceptedShare: 403,
  pendingShare: 403,
  superuser: status,
});

const change = (status: number): Statuses => ({
  anonymous: 401,
  otherCompany: 404,
  colleague: 403,
  colleagueWithPermission: status,
  projectAdmin: status,
  acceptedShare: status,
  pendingShare: 404,
  superuser: status,
});

const validatedSimulation = (w: World) =>
  `/api/project/${w.projectId}/configuration/${w.scenarios.validation.configurationId}/simulation/${w.scenarios.validation.simulationId}`;

export const OPERATOR_ROWS: Record<string, MatrixRow> = {
  'GET /api/operator/companies': { expect: operatorOnly(200) },
  'POST /api/operator/companies': { expect: operatorOnly(201), request: (_w, role) => ({ body: { name: `Matrix company (${role})` } }) },
  'GET /api/operator/companies/:id/subscriptions': {
    expect: operatorOnly(200),
    request: (w) => ({ path: `/api/operator/companies/${w.companyId}/subscriptions/` }),
  },
  'GET /api/operator/companies/:id/limits': {
    expect: operatorOnly(200),
    request: (w) => ({ path: `/api/operator/companies/${w.companyId}/limits/` }),
  },
  'PATCH /api/operator/companies/:id/limits': {
    expect: operatorOnly(200),
    // The default again: the matrix's later rows see the installation's limits.
    request: (w) => ({ path: `/api/operator/companies/${w.companyId}/limits/`, body: { max_running_jobs: null } }),
  },
  'PATCH /api/operator/subscriptions/:id': {
    expect: operatorOnly(200),
    request: (w) => ({ path: `/api/operator/subscriptions/${w.projects.subscriptionId}/`, body: { credits_per_period: 120 } }),
  },
  'POST /api/operator/simulation-prices': {
    expect: operatorOnly(201),
    request: () => ({ body: { simulation_type: 'pressure', credit_type: 'AI', credits: 3 } }),
  },
  'PATCH /api/operator/simulation-prices/:id': {
    expect: operatorOnly(200),
    request: () => ({ path: '/api/operator/simulation-prices/1/', body: { credits: 11 } }),
  },
  'PATCH /api/operator/subscription-type-prices/:id': {
    expect: operatorOnly(200),
    request: () => ({ path: '/api/operator/subscription-type-prices/1/', body: { price_cents: 50_000 } }),
  },
  'GET /api/operator/eula': { expect: operatorOnly(200) },
  'POST /api/operator/eula': {
    expect: operatorOnly(201),
    request: (_w, role) => ({ body: { version: `matrix-${role}`, title: 'Terms', body: 'Be kind to the wind.' } }),
  },

  // The wizard's offer is the same for every signed-in user.
  'GET /api/scenario-capabilities': {
    expect: { ...operatorOnly(200), otherCompany: 200, colleague: 200, colleagueWithPermission: 200, projectAdmin: 200, acceptedShare: 200, pendingShare: 200 },
  },
  // Allowed roles reach the rules: the world's solar simulation does not wait for external results (400).
  'POST /api/project/:id/configuration/:cid/simulation/:sid/cancel': { expect: change(400), request: (w) => ({ path: `${validatedSimulation(w)}/cancel/` }) },
};
