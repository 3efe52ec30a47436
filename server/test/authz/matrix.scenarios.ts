/**
 * Matrix rows of the scenario routes, spread into MATRIX. Reading a scenario needs only to
 * see the project; creating one needs to change the project and simulation_assets.add_configuration,
 * changing one simulation_assets.change_configuration (a Viewer colleague has neither: 403).
 * Objects to delete: one per role (test/world-scenarios.ts).
 */
import type { World } from '../world.ts';
import type { BaseStatuses, MatrixRow } from './matrix.ts';

type Statuses = BaseStatuses;

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
const see = (status: number): Statuses => ({ ...change(status), colleague: status });

const config = (w: World) => `/api/project/${w.projectId}/configuration/${w.scenarios.configurationId}`;
const validated = (w: World) => `/api/project/${w.projectId}/configuration/${w.scenarios.validation.configurationId}`;
const simulation = (w: World) => `${validated(w)}/simulation/${w.scenarios.validation.simulationId}`;

export const SCENARIO_ROWS: Record<string, MatrixRow> = {
  'POST /api/project/:id/configuration': { expect: change(201), request: (w, role) => ({ body: { ...w.scenarios.createBody, name: `Matrix (${role})` } }) },
  'GET /api/project/:id/configuration/:cid': { expect: see(200), request: (w) => ({ path: `${config(w)}/` }) },
  // An uploaded model read into a new STL upload of the project (the study's STL, drawn in metres).
  'POST /api/project/:id/geometry-import': { expect: change(201), request: (w) => ({ body: { upload_id: w.scenarios.uploads.study, units: 'm' } }) },
  'PUT /api/project/:id/configuration/:cid': {
    expect: change(200),
    request: (w) => ({ path: `${config(w)}/`, body: { ...w.scenarios.createBody, name: 'Renamed' } }),
  },
  'DELETE /api/project/:id/configuration/:cid': {
    expect: change(204),
    request: (w, role) => ({ path: `/api/project/${w.projectId}/configuration/${w.scenarios.toDelete[role]}/` }),
  },
  'POST /api/project/:id/configuration/:cid/duplicate-scenario': {
    expect: change(201),
    request: (w, role) => ({ path: `${config(w)}/duplicate-scenario/`, body: { new_name: `Copy (${role})`, subscription_type: 'CFD' } }),
  },
  'PATCH /api/project/:id/configuration/:cid/hide-scenario': {
    expect: change(200),
    request: (w) => ({ path: `${config(w)}/hide-scenario/`, body: { hidden: false } }),
  },
  'GET /api/project/:id/study/:studyId/configuration/:cid/user-approval/cost-breakdown': {
    expect: see(200),
    request: (w) => ({
      path: `/api/project/${w.projectId}/study/${w.studyId}/configuration/${w.scenarios.validation.configurationId}/user-approval/cost-breakdown/`,
    }),
  },
  // Allowed roles reach the rules: the scenario's geometry has not passed validation yet (400).
  'POST /api/project/:id/configuration/:cid/user-approval': {
    expect: change(400),
    request: (w) => ({ path: `${validated(w)}/user-approval/`, body: { approved: true } }),
  },
  'GET /api/project/:id/configuration/:cid/geometry-validation': { expect: see(200), request: (w) => ({ path: `${validated(w)}/geometry-validation/` }) },
  'POST /api/project/:id/configuration/:cid/geometry-validation': {
    expect: change(202),
    request: (w) => ({
      path: `${validated(w)}/geometry-validation/`,
      body: { scenario_id: w.scenarios.validation.configurationId, simulation_id: w.scenarios.validation.simulationId, simulation_type: 'solar' },
    }),
  },
  'PATCH /api/project/:id/configuration/:cid/geometry-validation/:vid': {
    expect: change(200),
    request: (w) => ({ path: `${validated(w)}/geometry-validation/${w.scenarios.validation.validationId}/`, body: { warnings_acknowledged: true } }),
  },
  'GET /api/project/:id/configuration/:cid/simulation/:sid/get-latest-status': {
    expect: see(200),
    request: (w) => ({ path: `${simulation(w)}/get-latest-status/` }),
  },
  // Allowed roles reach the rules: a solar simulation is not a machine-learning one (400).
  'POST /api/project/:id/configuration/:cid/simulation/:sid/resubmit-ml': { expect: change(400), request: (w) => ({ path: `${simulation(w)}/resubmit-ml/` }) },
  'GET /api/project/:id/configuration/:cid/simulation/:sid/ml-version-info': {
    expect: see(200),
    request: (w) => ({ path: `${simulation(w)}/ml-version-info/` }),
  },
  'GET /api/project/:id/configuration/:cid/simulation/:sid/cfd-version-info': {
    expect: see(200),
    request: (w) => ({ path: `${simulation(w)}/cfd-version-info/` }),
  },
  'GET /api/ingestassets/project/:id/mlmodel': { expect: see(200) },
  // Each allowed role repairs the same file into its own copy (the scenario keeps the original).
  'POST /api/project/:id/configuration/:cid/simulation/:sid/remesh-stl': {
    expect: change(201),
    request: (w) => ({ path: `${simulation(w)}/remesh-stl/`, body: { upload_id: w.scenarios.uploads.study, role: 'study', replace_in_scenario: false } }),
  },
  'GET /api/simulation/:id/parameter-input-qa-report': {
    expect: see(200),
    request: (w) => ({ path: `/api/simulation/${w.scenarios.validation.simulationId}/parameter-input-qa-report` }),
  },
  'GET /api/project/:id/configuration/:cid/simulation': { expect: see(200), request: (w) => ({ path: `${validated(w)}/simulation/` }) },
  // Canopy's CFD estimate: who may create a scenario may ask what one would cost.
  'POST /api/project/:id/cfd-estimate': {
    expect: change(200),
    request: (w) => ({
      path: `/api/project/${w.projectId}/cfd-estimate/`,
      body: { geometry: { study: [w.scenarios.uploads.study], presentation_planes: [w.scenarios.uploads.plane] }, wind_directions: 8 },
    }),
  },
};
