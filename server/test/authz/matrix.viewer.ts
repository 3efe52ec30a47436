/**
 * Matrix rows of the results viewer, spread into MATRIX. Reading results and keeping one's
 * own chosen layers needs only to see the project (a read-only colleague still picks layers);
 * camera positions, zones, tags and ingestion change the project. Objects to delete: one per role
 * (test/world-viewer.ts); each role's chosen layer is its own.
 */
import type { World } from '../world.ts';
import type { BaseStatuses, MatrixRow } from './matrix.ts';
import { getCriterion } from '@canopy/engine/wind/criteria.ts';

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
const signedIn = (status: number): Statuses => ({ ...see(status), otherCompany: status, pendingShare: status });

const study = (w: World) => `/api/project/${w.projectId}/study/${w.studyId}`;
const asset = (w: World) =>
  `/api/project/${w.projectId}/configuration/${w.analyses.configurationId}/simulation/${w.analyses.simulationId}/simulation-asset/${w.viewer.assetId}`;
const camera = { position: [10, -40, 25], target: [0, 0, 0] };
const results = (w: World) => [{ upload_id: w.viewer.glbUploadId, wind_direction: '135' }];

export const VIEWER_ROWS: Record<string, MatrixRow> = {
  'GET /api/project/:id/study/:studyId/simulation': { expect: see(200) },
  'GET /api/project/:id/study/:studyId/simulation/:simId': {
    expect: see(200),
    request: (w) => ({ path: `${study(w)}/simulation/${w.analyses.simulationId}/` }),
  },
  'GET /api/project/:id/study/:studyId/camera-position': { expect: see(200) },
  'POST /api/project/:id/study/:studyId/camera-position': { expect: change(201), request: () => ({ body: { name: 'North view', camera } }) },
  'PATCH /api/project/:id/study/:studyId/camera-position/:cameraId': {
    expect: change(200),
    request: (w) => ({ path: `${study(w)}/camera-position/${w.viewer.cameraToPatch}/`, body: { name: 'Renamed' } }),
  },
  'DELETE /api/project/:id/study/:studyId/camera-position/:cameraId': {
    expect: change(204),
    request: (w, role) => ({ path: `${study(w)}/camera-position/${w.viewer.cameraToDelete[role]}/` }),
  },
  'GET /api/project/:id/study/:studyId/zone': { expect: see(200) },
  'POST /api/project/:id/study/:studyId/zone': {
    expect: change(201),
    request: () => ({
      body: {
        name: 'Terrace',
        use: 'sitting-short',
        polygon: [
          [0, 0],
          [8, 0],
          [8, 6],
        ],
      },
    }),
  },
  'PATCH /api/project/:id/study/:studyId/zone/:zoneId': {
    expect: change(200),
    request: (w) => ({ path: `${study(w)}/zone/${w.viewer.zoneToPatch}/`, body: { name: 'Renamed' } }),
  },
  'DELETE /api/project/:id/study/:studyId/zone/:zoneId': {
    expect: change(204),
    request: (w, role) => ({ path: `${study(w)}/zone/${w.viewer.zoneToDelete[role]}/` }),
  },
  'GET /api/project/:id/study/:studyId/user-selected-layer': { expect: see(200) },
  // before POST: the replace would take each role's layer away
  'DELETE /api/project/:id/study/:studyId/user-selected-layer/:layerId': {
    expect: see(204),
    request: (w, role) => ({ path: `${study(w)}/user-selected-layer/${w.viewer.layerToDelete[role]}/` }),
  },
  'POST /api/project/:id/study/:studyId/user-selected-layer': {
    expect: see(201),
    request: (w, role) => ({ body: { simulation_id: w.analyses.simulationId, layers: [{ identifier: `chosen-${role}`, view_id: 'left' }] } }),
  },
  'DELETE /api/project/:id/study/:studyId/user-selected-layer': {
    expect: see(204),
    request: (w) => ({ path: `${study(w)}/user-selected-layer/?simulation_id=${w.analyses.simulationId}` }),
  },
  'GET /api/project/:id/post-processing-tag': { expect: see(200) },
  'POST /api/project/:id/post-processing-tag': { expect: change(201), request: (_w, role) => ({ body: { name: `Mitigated (${role})`, date: '2026-11-01' } }) },
  'GET /api/project/:id/configuration/:cid/simulation/:sid/simulation-asset/:aid': { expect: see(200), request: (w) => ({ path: `${asset(w)}/` }) },
  'GET /api/project/:id/configuration/:cid/simulation/:sid/simulation-asset/:aid/download': {
    expect: see(200),
    request: (w) => ({ path: `${asset(w)}/download/` }),
  },
  'GET /api/project/:id/configuration/:cid/simulation/:sid/layer-set/:lid/download': {
    expect: see(200),
    request: (w) => ({
      path: `/api/project/${w.projectId}/configuration/${w.analyses.configurationId}/simulation/${w.analyses.simulationId}/layer-set/${w.viewer.layerSetId}/download/`,
    }),
  },
  'GET /api/job-type': { expect: signedIn(200) },
  'GET /api/data-criteria-graph-definition': { expect: signedIn(200) },
  'GET /api/global-template': { expect: signedIn(200) },
  'POST /api/ingestassets/simulationresults': {
    expect: change(201),
    request: (w) => ({ body: { project_id: w.projectId, configuration_id: w.analyses.configurationId, category: 'imported', results: results(w) } }),
  },
  'PUT /api/ingestassets/appendresults': {
    expect: change(200),
    request: (w) => ({ body: { project_id: w.projectId, simulation_id: w.analyses.simulationId, results: results(w) } }),
  },
  // Allowed roles reach the rules: the classes name directions the world's speed ratios do not have (400).
  'POST /api/project/:id/configuration/:cid/simulation/:sid/reclassified-comfort': {
    expect: change(400),
    request: (w) => ({
      path: `/api/project/${w.projectId}/configuration/${w.analyses.configurationId}/simulation/${w.analyses.simulationId}/reclassified-comfort/`,
      body: {
        criterion: getCriterion('davenport'),
        season: { id: 'winter', name: 'Winter', months: [12, 1, 2] },
        time_window: { id: 'all-day', name: 'All day', window: '00:00-24:00' },
        met_id: w.weather.metId,
        wind_directions: [0, 180],
        comfort_class: 'AAEC',
      },
    }),
  },
  'POST /api/project/:id/configuration/:cid/add-result-simulations': {
    expect: change(201),
    request: (w) => ({
      path: `/api/project/${w.projectId}/configuration/${w.analyses.configurationId}/add-result-simulations/`,
      body: { category: 'imported', results: results(w) },
    }),
  },
};
