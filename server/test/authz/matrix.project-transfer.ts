/**
 * Matrix rows of project export / import, spread into MATRIX.
 * Export: project administrators, Org Admins of the owning company (custom_auth.change_user) and
 * superusers; others who see the project get 403 (a share, even at the edit level, does not let the
 * project leave the installation). Import: a member of a company with a subscription assigned — no
 * role of the world has one assigned, and the superuser has no company, so every signed-in role gets
 * 403 here; the import itself is tested in server/src/routes/project-transfer/.
 */
import type { MatrixRow } from './matrix.ts';

export const PROJECT_TRANSFER_ROWS: Record<string, MatrixRow> = {
  // Allowed roles get past the access check to the blob look-up: the world's result rows point at
  // blobs it never stored (assets/world/…), so the export refuses with 409 naming one.
  'GET /api/project/:id/export': {
    expect: {
      anonymous: 401,
      otherCompany: 404,
      colleague: 403,
      colleagueWithPermission: 409,
      projectAdmin: 409,
      acceptedShare: 403,
      pendingShare: 404,
      superuser: 409,
    },
  },
  'POST /api/project-import': {
    expect: {
      anonymous: 401,
      otherCompany: 403,
      colleague: 403,
      colleagueWithPermission: 403,
      projectAdmin: 403,
      acceptedShare: 403,
      pendingShare: 403,
      superuser: 403,
    },
    request: () => ({ headers: { 'content-type': 'application/zip' } }),
  },
};
