/**
 * The authorization matrix (API.md): for every registered route, the status each role gets.
 * `server/src/authz/matrix.test.ts` fails for a route without a row, for a row without a route,
 * and for any cell whose status differs. Every change that adds a route adds its row here.
 *
 * Roles: anonymous, otherCompany (member of another company), colleague (same company, without the
 * route's permission), colleagueWithPermission, projectAdmin, acceptedShare, pendingShare, superuser.
 */
import type { MatrixRole, World } from '../../test/world.ts';
import { WEATHER_ROWS } from './matrix.weather.ts';
import { PROJECT_ROWS } from './matrix.projects.ts';
import { VIEWER_ROWS } from './matrix.viewer.ts';
import { INSIGHT_ROWS } from './matrix.insights.ts';
import { SCENARIO_ROWS } from './matrix.scenarios.ts';
import { OPERATOR_ROWS } from './matrix.operator.ts';

export interface MatrixRequest {
  path?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

export interface MatrixRow {
  /** Expected status per role; every role of the matrix must be listed. */
  expect: Record<MatrixRole, number>;
  /** Builds the request; by default the route's path with :params taken from the world. */
  request?: (world: World, role: MatrixRole) => MatrixRequest;
}

const all = (status: number): Record<MatrixRole, number> => ({
  anonymous: status,
  otherCompany: status,
  colleague: status,
  colleagueWithPermission: status,
  projectAdmin: status,
  acceptedShare: status,
  pendingShare: status,
  superuser: status,
});

/** Signed-in users get `status`; anonymous gets 401. */
export const signedIn = (status: number): Record<MatrixRole, number> => ({ ...all(status), anonymous: 401 });

/** Project routes that need the right to change the world's project (docs/authorization.md). */
const changeProject = (status: number): Record<MatrixRole, number> => ({
  anonymous: 401,
  otherCompany: 404,
  colleague: 403,
  colleagueWithPermission: status,
  projectAdmin: status,
  acceptedShare: status,
  pendingShare: 404,
  superuser: status,
});

/** Project routes that need only to see the world's project. */
const seeProject = (status: number): Record<MatrixRole, number> => ({
  ...changeProject(status),
  colleague: status,
});

export const MATRIX: Record<string, MatrixRow> = {
  'GET /api/health': { expect: all(200) },
  'GET /api/openapi.json': { expect: all(200) },
  'GET /api/docs': { expect: all(200) },

  // Sign-in and accounts (issue 3).
  // The two routes that hash (0.3 s a request) are given bodies that stop before scrypt; their
  // full behaviour is in server/src/routes/auth/*.test.ts.
  'POST /authjwt/create': { expect: all(400), request: () => ({ body: { username: 'nobody' } }) },
  'POST /authjwt/refresh': { expect: all(401), request: () => ({ body: { refresh: 'not-a-token' } }) },
  'POST /authjwt/verify': { expect: signedIn(200), request: (w, role) => ({ body: { token: w.tokens[role] ?? 'not-a-token' } }) },
  'POST /authusers': {
    expect: all(400),
    request: (_w, role) => ({ body: { username: `signup-${role}`, email: `signup-${role}@example.test`, password: 'password' } }),
  },
  'GET /authusers/me': { expect: signedIn(200) },
  'PATCH /authusers/me': { expect: signedIn(200), request: () => ({ body: { first_name: 'Pat' } }) },
  'POST /authusers/reset_password': { expect: all(204), request: (_w, role) => ({ body: { email: `${role}@example.test` } }) },
  'POST /authusers/reset_password_confirm': {
    expect: all(400),
    request: () => ({ body: { uid: 'OTk5OTk', token: 'bad-token', new_password: 'a sturdy passphrase' } }),
  },
  'POST /api/one-time-password/generate': { expect: all(204), request: (_w, role) => ({ body: { email: `${role}@example.test` } }) },
  'GET /autho': { expect: all(200) },
  // The matrix's app has no OIDC_* configured: the provider is unknown to everyone.
  'GET /autho/:provider': { expect: all(404), request: () => ({ path: '/autho/oidc/?redirect_uri=http://localhost:8080/login/' }) },
  'POST /autho/:provider': { expect: all(404), request: () => ({ path: '/autho/oidc/?code=c&state=s' }) },
  'GET /api/eula': { expect: signedIn(200) },
  'POST /api/eula/:id/agreement': { expect: signedIn(201), request: (w) => ({ path: `/api/eula/${w.eulaId}/agreement` }) },
  'POST /api/user/questionnaire-answers': {
    expect: signedIn(201),
    request: () => ({ body: { role: 'Engineer', organisation_type: 'Consultancy', intended_use: 'Pedestrian wind comfort' } }),
  },
  'GET /api/permissions': { expect: signedIn(200) },
  'GET /api/project-permissions': {
    expect: signedIn(200),
    request: () => ({ path: '/api/project-permissions/?user_permission=projects.change_project&user_permission=projects.add_insight' }),
  },
  'GET /socket/negotiate': { expect: signedIn(200) },
  'GET /api/countries': { expect: all(200) },
  'GET /api/provinces': { expect: all(200), request: () => ({ path: '/api/provinces?country=CA' }) },

  // Uploads (issue 4). Upload URLs need a user who may change the project; the list and downloads
  // need one who may see it.
  'GET /api/project/:id/asset-upload-url': { expect: changeProject(200) },
  'GET /api/project/:id/project-asset-upload-url': { expect: changeProject(200) },
  'GET /api/project/:id/uploads': { expect: seeProject(200) },
  'GET /api/project/:id/uploads/:uploadId/download': {
    expect: seeProject(200),
    request: (w) => ({ path: `/api/project/${w.projectId}/uploads/${w.uploads.uploadId}/download/` }),
  },
  // The blob endpoint is authorised by the upload URL's signature, not by a bearer token: who may
  // obtain one is the row above. Every role here presents a valid signature (and its bearer token,
  // which the endpoint ignores), so every role — anonymous included — stores its file. A missing,
  // tampered or expired signature is 403 for everyone: server/src/routes/uploads/blob.routes.test.ts.
  'PUT /blobs/:container/:uuid/:filename': {
    expect: all(201),
    request: (w, role) => ({
      path: `/blobs/${w.uploads.container}/${w.uploads.uuid}/matrix-${role}.json?${w.uploads.sasToken}`,
      headers: { 'x-ms-blob-type': 'BlockBlob' },
      body: { role },
    }),
  },
  // Reading blobs directly is refused even with a valid upload signature (no public blob URLs).
  'GET /blobs/:container/:uuid/:filename': {
    expect: all(403),
    request: (w) => ({ path: `/blobs/${w.uploads.container}/${w.uploads.uuid}/matrix.csv?${w.uploads.sasToken}` }),
  },

  // Analyses (issue 7): reference data for any signed-in user; a job for whoever sees its project;
  // post-processing for whoever may change it (every role that may change it gets its own job).
  'GET /api/criteria': { expect: signedIn(200) },
  'POST /api/criteria/:id/get-recipe-defaults': {
    expect: signedIn(200),
    request: () => ({ path: '/api/criteria/lawson-lddc/get-recipe-defaults/', body: { criteria_id: 'lawson-lddc', criteria_type: 'comfort' } }),
  },
  'GET /api/color-legend': { expect: signedIn(200), request: () => ({ path: '/api/color-legend/?name=pct-sunlit&version=1' }) },
  'GET /api/jobs/:id': { expect: seeProject(200), request: (w) => ({ path: `/api/jobs/${w.analyses.jobId}/` }) },
  'POST /api/project/:id/configuration/:cid/simulation/:sid/submit-postprocessing': {
    expect: changeProject(202),
    request: (w, role) => ({
      path: `/api/project/${w.projectId}/configuration/${w.analyses.configurationId}/simulation/${w.analyses.simulationId}/submit-postprocessing/`,
      body: { criteria: ['lawson-lddc'], time_windows: [{ id: role, name: role, window: '07:00-23:00' }] },
    }),
  },

  // Projects, sharing, user, company administration (issue 5): server/src/authz/matrix.projects.ts.
  ...PROJECT_ROWS,

  // Weather and site (issue 6): server/src/authz/matrix.weather.ts.
  ...WEATHER_ROWS,
  ...VIEWER_ROWS,
  ...SCENARIO_ROWS,
  ...INSIGHT_ROWS,
  // The installation operator and the scenario offer (issue 16): server/src/authz/matrix.operator.ts.
  ...OPERATOR_ROWS,
};

/** Hono middleware registrations (method ALL) that are not routes and need no row. */
export const MIDDLEWARE_PATTERNS = ['*', '/*', '/api/*'];
