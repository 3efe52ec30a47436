/**
 * The authorization matrix (API.md): for every registered route, the status each role gets.
 * `server/test/authz/matrix.test.ts` fails for a route without a row, for a row without a route,
 * and for any cell whose status differs. Every change that adds a route adds its row here.
 *
 * Roles: anonymous, otherCompany (member of another company), colleague (same company, without the
 * route's permission), colleagueWithPermission, projectAdmin, acceptedShare (edit level), viewShare
 * (accepted at the view-only level), pendingShare, superuser.
 *
 * The viewShare column is derived (`withViewShare`): a view-only sharee reads what acceptedShare
 * reads, and every write that acceptedShare gets past the access check (any answer but 401/403/404)
 * is 403 for them — every write route of the shared project, insights included. Rows that are not
 * changes of the project (the user's own account, answering one's own share, read-only POSTs) say
 * so with an explicit `viewShare`.
 */
import type { MatrixRole, World } from '../world.ts';
import { WEATHER_ROWS } from './matrix.weather.ts';
import { PROJECT_ROWS } from './matrix.projects.ts';
import { VIEWER_ROWS } from './matrix.viewer.ts';
import { INSIGHT_ROWS } from './matrix.insights.ts';
import { SCENARIO_ROWS } from './matrix.scenarios.ts';
import { OPERATOR_ROWS } from './matrix.operator.ts';
import { PROJECT_TRANSFER_ROWS } from './matrix.project-transfer.ts';
import { CRITERIA_ROWS } from './matrix.criteria.ts';
import { SHARE_LINK_ROWS } from './matrix.share-links.ts';

export interface MatrixRequest {
  path?: string;
  body?: unknown;
  headers?: Record<string, string>;
}

/** Expected status per role as rows write them: viewShare only where it differs from the rule. */
export type BaseStatuses = Record<Exclude<MatrixRole, 'viewShare'>, number> & { viewShare?: number };

export interface MatrixRow {
  /** Expected status per role; every role but viewShare must be listed (viewShare is derived). */
  expect: BaseStatuses;
  /** Builds the request; by default the route's path with :params taken from the world. */
  request?: (world: World, role: MatrixRole) => MatrixRequest;
}

const all = (status: number): BaseStatuses => ({
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
export const signedIn = (status: number): BaseStatuses => ({ ...all(status), anonymous: 401 });

/** Project routes that need the right to change the world's project (docs/authorization.md). */
const changeProject = (status: number): BaseStatuses => ({
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
const seeProject = (status: number): BaseStatuses => ({
  ...changeProject(status),
  colleague: status,
});

const BASE_MATRIX: Record<string, MatrixRow> = {
  'GET /api/health': { expect: all(200) },
  'GET /api/openapi.json': { expect: all(200) },
  'GET /api/docs': { expect: all(200) },

  // Sign-in and accounts.
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

  // Uploads. Upload URLs need a user who may change the project; the list and downloads
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

  // Analyses: reference data for any signed-in user; a job for whoever sees its project;
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

  // Projects, sharing, user, company administration: server/test/authz/matrix.projects.ts.
  ...PROJECT_ROWS,

  // Weather and site: server/test/authz/matrix.weather.ts.
  ...WEATHER_ROWS,
  ...VIEWER_ROWS,
  ...SCENARIO_ROWS,
  ...INSIGHT_ROWS,
  // The installation operator and the scenario offer: server/test/authz/matrix.operator.ts.
  ...OPERATOR_ROWS,
  ...PROJECT_TRANSFER_ROWS,
  // A company's own wind comfort criterion tables: server/test/authz/matrix.criteria.ts.
  ...CRITERIA_ROWS,
  ...SHARE_LINK_ROWS,
};

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes that change nothing of a shared project, so a view-only sharee is answered as acceptedShare
 * is: the user's own account, agreement, answers, favourites, notifications and viewer layer choice
 * (user_selected_layers are per user); read-only POSTs (recipe defaults, weather CSV, PDF export);
 * and the blob PUT, authorised by the upload URL's signature (who may get one is the GET below).
 */
const NOT_PROJECT_CHANGES = new Set([
  'POST /authjwt/create',
  'POST /authjwt/verify',
  'POST /authusers',
  'PATCH /authusers/me',
  'POST /authusers/reset_password',
  'POST /authusers/reset_password_confirm',
  'POST /api/one-time-password/generate',
  'POST /api/eula/:id/agreement',
  'POST /api/user/questionnaire-answers',
  'POST /api/criteria/:id/get-recipe-defaults',
  'POST /api/user/favorites/:id',
  'DELETE /api/user/favorites/:id',
  'POST /api/user/project-shares/:id',
  'POST /api/user/dismiss-notification/:id',
  'POST /api/project/:id/study/:studyId/user-selected-layer',
  'DELETE /api/project/:id/study/:studyId/user-selected-layer',
  'DELETE /api/project/:id/study/:studyId/user-selected-layer/:layerId',
  'POST /api/project/:id/download-weather-data',
  'POST /api/export-pdf',
  'PUT /blobs/:container/:uuid/:filename',
]);

/** Reads that hand out the means to change the project (signed upload URLs): refused to a view-only sharee. */
const READS_THAT_CHANGE = new Set(['GET /api/project/:id/asset-upload-url', 'GET /api/project/:id/project-asset-upload-url']);

/** The view-only sharee's status by the rule above, unless the row says otherwise. */
export function viewShareStatus(key: string, expect: BaseStatuses): number {
  if (expect.viewShare !== undefined) return expect.viewShare;
  const method = key.split(' ')[0]!;
  const shared = expect.acceptedShare;
  if (NOT_PROJECT_CHANGES.has(key)) return shared;
  if (READS_THAT_CHANGE.has(key)) return [401, 404].includes(shared) ? shared : 403;
  if (READS.has(method)) return shared;
  return [401, 403, 404].includes(shared) ? shared : 403;
}

export interface FullRow extends MatrixRow {
  expect: Record<MatrixRole, number>;
}

export const MATRIX: Record<string, FullRow> = Object.fromEntries(
  Object.entries(BASE_MATRIX).map(([key, row]) => [key, { ...row, expect: { ...row.expect, viewShare: viewShareStatus(key, row.expect) } }]),
);

/** Hono middleware registrations (method ALL) that are not routes and need no row. */
export const MIDDLEWARE_PATTERNS = ['*', '/*', '/api/*', '/embed/:token'];
