/**
 * Matrix rows of share links, spread into MATRIX. Making, listing and revoking links is
 * for the project's owners (contexts/accounts/share-links/owner.ts): a superuser, a project administrator, a
 * company member who may edit all its projects; everyone else who sees the project gets 403. The
 * public routes answer everyone alike for the world's live link; dead links, other objects and
 * passwords are tested in server/src/routes/share-links/share-links.test.ts.
 */
import type { World } from '../world.ts';
import type { BaseStatuses, MatrixRow } from './matrix.ts';

const owner = (status: number): BaseStatuses => ({
  anonymous: 401,
  otherCompany: 404,
  colleague: 403,
  colleagueWithPermission: status,
  projectAdmin: status,
  acceptedShare: 403,
  pendingShare: 404,
  superuser: status,
});

/** A public route: the same for everyone, signed in or not (reading it changes nothing of the project). */
const anyone = (status: number): BaseStatuses => ({
  anonymous: status,
  otherCompany: status,
  colleague: status,
  colleagueWithPermission: status,
  projectAdmin: status,
  acceptedShare: status,
  viewShare: status,
  pendingShare: status,
  superuser: status,
});

const links = (w: World) => `/api/project/${w.projectId}/share-link`;
const shared = (w: World) => `/api/shared/${w.shareLinks.token}`;

export const SHARE_LINK_ROWS: Record<string, MatrixRow> = {
  'GET /api/project/:id/share-link': { expect: owner(200) },
  'POST /api/project/:id/share-link': {
    expect: owner(201),
    request: (w) => ({
      path: `${links(w)}/`,
      body: { insight_id: w.insights.publishedInsightId, expires_at: new Date(Date.now() + 86_400_000).toISOString() },
    }),
  },
  'PATCH /api/project/:id/share-link/:linkId': {
    expect: owner(200),
    request: (w) => ({ path: `${links(w)}/${w.shareLinks.linkId}/`, body: { frame_ancestors: ['https://client.example'] } }),
  },
  'DELETE /api/project/:id/share-link/:linkId': { expect: owner(204), request: (w, role) => ({ path: `${links(w)}/${w.shareLinks.toRevoke[role]}/` }) },
  'GET /api/shared/:token': { expect: anyone(200), request: (w) => ({ path: shared(w) }) },
  'POST /api/shared/:token/open': { expect: anyone(200), request: (w) => ({ path: `${shared(w)}/open`, body: {} }) },
  'GET /api/shared/:token/study-image/:imageId/file': {
    expect: anyone(200),
    request: (w) => ({ path: `${shared(w)}/study-image/${w.insights.studyImageId}/file` }),
  },
  'GET /api/shared/:token/layer/:assetId/download': { expect: anyone(200), request: (w) => ({ path: `${shared(w)}/layer/${w.viewer.assetId}/download` }) },
};
