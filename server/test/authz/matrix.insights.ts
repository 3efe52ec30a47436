/**
 * Matrix rows of insights, drawings, pins, images, reports and PDF export, spread into
 * MATRIX. Rows act on the world's Published insight and report, so a colleague without
 * `projects.add_insight` sees them (200) but may not change them (403); who sees Draft ones is the
 * visibility matrix in server/src/routes/insights/visibility.test.ts. Objects to delete: one per
 * role (test/world-insights.ts).
 */
import type { MatrixRole, World } from '../world.ts';
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
const signedIn = (status: number): Statuses => ({ ...see(status), otherCompany: status, pendingShare: status });

const study = (w: World) => `/api/project/${w.projectId}/study/${w.studyId}`;
const insight = (w: World) => `${study(w)}/insight/${w.insights.publishedInsightId}`;

type ChildKey = 'sceneView' | 'pin' | 'pinType' | 'imageView' | 'reportView';

/** The five routes of one child kind of the insight. */
function childRows(
  segment: string,
  key: ChildKey,
  existing: (w: World) => number,
  create: (w: World, role: MatrixRole) => unknown,
  update: unknown,
): Record<string, MatrixRow> {
  const base = `/api/project/:id/study/:studyId/insight/:insightId/${segment}`;
  return {
    [`GET ${base}`]: { expect: see(200), request: (w) => ({ path: `${insight(w)}/${segment}/` }) },
    [`POST ${base}`]: { expect: change(201), request: (w, role) => ({ path: `${insight(w)}/${segment}/`, body: create(w, role) }) },
    [`GET ${base}/:childId`]: { expect: see(200), request: (w) => ({ path: `${insight(w)}/${segment}/${existing(w)}/` }) },
    [`PUT ${base}/:childId`]: { expect: change(200), request: (w) => ({ path: `${insight(w)}/${segment}/${existing(w)}/`, body: update }) },
    [`DELETE ${base}/:childId`]: { expect: change(204), request: (w, role) => ({ path: `${insight(w)}/${segment}/${w.insights.toDelete[role][key]}/` }) },
  };
}

export const INSIGHT_ROWS: Record<string, MatrixRow> = {
  'GET /api/project/:id/study/:studyId/insight': { expect: see(200) },
  'POST /api/project/:id/study/:studyId/insight': { expect: change(201), request: (_w, role) => ({ body: { title: `By ${role}`, text: 'Corner is windy.' } }) },
  'GET /api/project/:id/study/:studyId/insight/:insightId': { expect: see(200), request: (w) => ({ path: `${insight(w)}/` }) },
  'PUT /api/project/:id/study/:studyId/insight/:insightId': {
    expect: change(200),
    request: (w) => ({ path: `${insight(w)}/`, body: { text: 'Updated text.' } }),
  },
  'DELETE /api/project/:id/study/:studyId/insight/:insightId': {
    expect: change(204),
    request: (w, role) => ({ path: `${study(w)}/insight/${w.insights.toDelete[role].insight}/` }),
  },
  ...childRows(
    'scene-view',
    'sceneView',
    (w) => w.insights.sceneViewId,
    (_w, role) => ({ name: `View by ${role}`, view_json: { version: 1 } }),
    { name: 'Renamed view' },
  ),
  ...childRows(
    'insight-pin-type',
    'pinType',
    (w) => w.insights.pinTypeId,
    () => ({ template_id: 1 }),
    { colour: '#123456' },
  ),
  ...childRows(
    'insight-pin',
    'pin',
    (w) => w.insights.pinId,
    (w) => ({ insight_pin_type_id: w.insights.pinTypeId, item: { position: [1, 1, 1.5] }, note: 'Gusty' }),
    { note: 'Still gusty' },
  ),
  ...childRows(
    'image-view',
    'imageView',
    (w) => w.insights.imageViewId,
    (w) => ({ study_image_id: w.insights.studyImageId, caption: 'Captured' }),
    { caption: 'Recaptioned' },
  ),
  ...childRows(
    'report-view',
    'reportView',
    (w) => w.insights.reportViewId,
    (w) => ({ report_id: w.insights.reportId, image_view_id: w.insights.imageViewId }),
    { caption: 'Recaptioned' },
  ),

  'GET /api/project/:id/study/:studyId/study-image': { expect: see(200) },
  'POST /api/project/:id/study/:studyId/study-image': {
    expect: change(201),
    request: (w, role) => ({ body: { name: `Capture by ${role}`, image_base64: w.insights.pngBase64 } }),
  },
  'GET /api/project/:id/study/:studyId/study-image/:imageId': {
    expect: see(200),
    request: (w) => ({ path: `${study(w)}/study-image/${w.insights.studyImageId}/` }),
  },
  'GET /api/project/:id/study/:studyId/study-image/:imageId/file': {
    expect: see(200),
    request: (w) => ({ path: `${study(w)}/study-image/${w.insights.studyImageId}/file/` }),
  },
  'PUT /api/project/:id/study/:studyId/study-image/:imageId': {
    expect: change(200),
    request: (w) => ({ path: `${study(w)}/study-image/${w.insights.studyImageId}/`, body: { name: 'Renamed image' } }),
  },
  'DELETE /api/project/:id/study/:studyId/study-image/:imageId': {
    expect: change(204),
    request: (w, role) => ({ path: `${study(w)}/study-image/${w.insights.toDelete[role].studyImage}/` }),
  },

  'GET /api/project/:id/study/:studyId/report': { expect: see(200) },
  'POST /api/project/:id/study/:studyId/report': { expect: change(201), request: (_w, role) => ({ body: { title: `Report by ${role}` } }) },
  'GET /api/project/:id/study/:studyId/report/:reportId': { expect: see(200), request: (w) => ({ path: `${study(w)}/report/${w.insights.reportId}/` }) },
  'PUT /api/project/:id/study/:studyId/report/:reportId': {
    expect: change(200),
    request: (w) => ({ path: `${study(w)}/report/${w.insights.reportId}/`, body: { cover: { version: '2' } } }),
  },
  'DELETE /api/project/:id/study/:studyId/report/:reportId': {
    expect: change(204),
    request: (w, role) => ({ path: `${study(w)}/report/${w.insights.toDelete[role].report}/` }),
  },

  'GET /api/project/:id/report/:reportId': { expect: see(200), request: (w) => ({ path: `/api/project/${w.projectId}/report/${w.insights.reportId}/` }) },

  // The drawing paths name no project: a scene view the caller cannot see is an unknown pk (400).
  'POST /api/drawings': {
    expect: { ...change(201), otherCompany: 400, pendingShare: 400 },
    request: (w) => ({ body: { scene_view: w.insights.sceneViewId, name: 'Arrow', drawing_json: { shapes: [{ kind: 'arrow' }] } } }),
  },
  'PUT /api/drawings': { expect: change(200), request: (w) => ({ body: { id: w.insights.drawingId, name: 'Renamed arrow' } }) },
  'DELETE /api/drawings/:drawingId': { expect: change(204), request: (w, role) => ({ path: `/api/drawings/${w.insights.toDelete[role].drawing}/` }) },

  'GET /api/insight-pin-type-templates': { expect: signedIn(200) },
  'GET /api/insight-categories': { expect: signedIn(200) },

  'POST /api/export-pdf': {
    expect: see(200),
    request: (w) => ({ body: { project_id: w.projectId, study_id: w.studyId, insight_id: w.insights.publishedInsightId, page_size: 'A4' } }),
  },
};
