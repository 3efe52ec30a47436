/**
 * Matrix rows of the projects, sharing, user and company routes, spread into MATRIX.
 *
 * The world: a project of company A; colleague = Viewer of A, colleagueWithPermission = Org Admin of
 * A, projectAdmin = Engineer of A administering it, acceptedShare / pendingShare = Engineers of the
 * consulting company B, otherCompany = Org Admin of C, superuser without a company. Routes that
 * create or destroy use one object per role (test/world-projects.ts). "My company" routes are 404
 * for the superuser of the world, who belongs to none.
 */
import type { MatrixRole, World } from '../world.ts';
import type { BaseStatuses, MatrixRow } from './matrix.ts';

type Statuses = BaseStatuses;

const signedIn = (status: number): Statuses => ({
  anonymous: 401,
  otherCompany: status,
  colleague: status,
  colleagueWithPermission: status,
  projectAdmin: status,
  acceptedShare: status,
  pendingShare: status,
  superuser: status,
});

/** Needs to change the world's project. */
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

/** Needs only to see it. */
const see = (status: number): Statuses => ({ ...change(status), colleague: status });

/** The user's own company (the company-less superuser has none). */
const ownCompany = (status: number): Statuses => ({ ...signedIn(status), superuser: 404 });

/** Creating in the user's own company with a company-administration permission (Org Admins of A and C). */
const companyAdmin = (status: number): Statuses => ({
  anonymous: 401,
  otherCompany: status,
  colleague: 403,
  colleagueWithPermission: status,
  projectAdmin: 403,
  acceptedShare: 403,
  pendingShare: 403,
  superuser: 404,
});

/** Changing an object of company A with a company-administration permission. */
const companyAObject = (status: number): Statuses => ({
  anonymous: 401,
  otherCompany: 404,
  colleague: 403,
  colleagueWithPermission: status,
  projectAdmin: 403,
  acceptedShare: 404,
  pendingShare: 404,
  superuser: status,
});

/** Reading an object of company A: any member of A. */
const companyAMember = (status: number): Statuses => ({ ...companyAObject(status), colleague: status, projectAdmin: status });

const project = (w: World, rest = '') => `/api/project/${w.projectId}/${rest}`;
const mine = (w: World, role: MatrixRole) => w.projects.perRole[role];

export const PROJECT_ROWS: Record<string, MatrixRow> = {
  // Projects.
  'GET /api/project': { expect: signedIn(200), request: () => ({ path: '/api/project/?search=harbour&ordering=name' }) },
  'POST /api/project': {
    // projects.add_project: Org Admins and superusers here (Viewers and Engineers lack it).
    expect: { ...companyAdmin(201), superuser: 201 },
    request: (_w, role) => ({ body: { name: `Project by ${role}`, location: 'Toronto', latitude: 43.6, longitude: -79.4, generateSurrounds: true } }),
  },
  'GET /api/project/:id': { expect: see(200) },
  'PATCH /api/project/:id': { expect: change(200), request: () => ({ body: { location: 'Toronto, ON' } }) },
  'POST /api/user/favorites/:id': { expect: see(201) },
  'DELETE /api/user/favorites/:id': { expect: see(204) },
  'GET /api/service-line': { expect: signedIn(200) },

  // Project settings.
  'POST /api/project/:id/save-parameter-set': {
    expect: change(201),
    request: (_w, role) => ({
      body: {
        name: `New set ${role}`,
        analysis_type: 'pressure',
        values: { wind_directions: 36, return_periods: [50], reference_height_m: 120, internal_pressure_coefficient: -0.3 },
      },
    }),
  },
  'POST /api/project/:id/update-parameter-set': {
    expect: change(200),
    request: (w) => ({ body: { id: w.projects.parameterSetId, name: 'Shared set' } }),
  },
  'POST /api/project/:id/delete-parameter-set': {
    expect: change(204),
    request: (w, role) => ({ body: { id: mine(w, role).parameterSetId } }),
  },
  // The world has one upload (the uploads tests count them): the first role to attach it creates
  // the project file (201), the later ones find it attached (200). Roles run in ROLES_OF_MATRIX order.
  'POST /api/project/:id/save-project-file': {
    expect: { ...change(200), colleagueWithPermission: 201 },
    request: (w) => ({ body: { upload_id: w.uploads.uploadId, description: 'Design brief' } }),
  },

  // Sharing, invitations, administrators.
  'GET /api/project/:id/project-share': { expect: see(200) },
  'POST /api/project/:id/project-share': {
    expect: change(201),
    request: (w, role) => ({ body: { email: mine(w, role).shareRecipientEmail } }),
  },
  'GET /api/project/:id/project-share/:shareId': {
    expect: see(200),
    request: (w) => ({ path: project(w, `project-share/${w.projects.pendingShareId}/`) }),
  },
  'PATCH /api/project/:id/project-share/:shareId': {
    expect: change(200),
    request: (w) => ({ path: project(w, `project-share/${w.projects.pendingShareId}/`), body: { share_status: 'pending' } }),
  },
  'DELETE /api/project/:id/project-share/:shareId': {
    expect: change(204),
    request: (w, role) => ({ path: project(w, `project-share/${mine(w, role).shareIdToDelete}/`) }),
  },
  'POST /api/project/:id/user-invite': {
    expect: change(201),
    request: (_w, role) => ({ body: { email: `invited-${role}@example.test` } }),
  },
  'GET /api/project/:id/project-administrator': { expect: see(200) },
  'POST /api/project/:id/project-administrator/:userId': {
    expect: change(201),
    request: (w, role) => ({ path: project(w, `project-administrator/${mine(w, role).adminCandidateId}/`) }),
  },
  'DELETE /api/project/:id/project-administrator/:userId': {
    expect: change(204),
    request: (w, role) => ({ path: project(w, `project-administrator/${mine(w, role).adminIdToRemove}/`) }),
  },
  // The projects a user administers: the user themselves, a superuser, or a colleague who manages users.
  'GET /api/user/project-admin-projects/:user_id': {
    expect: { ...companyAObject(200), projectAdmin: 200 },
    request: (w) => ({ path: `/api/user/project-admin-projects/${w.userIds.projectAdmin}/` }),
  },
  'DELETE /api/user/project-admin-projects/:user_id': {
    expect: companyAObject(200),
    request: (w, role) => ({ path: `/api/user/project-admin-projects/${mine(w, role).adminOfProjectsId}/` }),
  },

  // The signed-in user's own shares and notifications: everyone answers their own.
  'GET /api/user/pending-project-shares': { expect: signedIn(200) },
  'GET /api/user/project-shares': { expect: signedIn(200) },
  'POST /api/user/project-shares/:id': {
    expect: signedIn(200),
    request: (w, role) => ({ path: `/api/user/project-shares/${mine(w, role).ownShareId}/`, body: { share_status: 'accepted' } }),
  },
  'GET /api/user/notifications': { expect: signedIn(200) },
  'POST /api/user/dismiss-notification/:id': {
    expect: signedIn(204),
    request: (w, role) => ({ path: `/api/user/dismiss-notification/${mine(w, role).ownNotificationId}/` }),
  },

  // Company administration.
  'GET /api/company/id/:id': { expect: see(200), request: (w) => ({ path: `/api/company/id/${w.companyId}/` }) },
  'GET /api/company': { expect: ownCompany(200) },
  'GET /api/company/users': { expect: ownCompany(200) },
  'POST /api/company/users': {
    expect: companyAdmin(201),
    request: (_w, role) => ({ body: { username: `added-${role}`, email: `added-${role}@example.test`, first_name: 'Added' } }),
  },
  'PATCH /api/company/users/:id': {
    expect: companyAObject(200),
    request: (w) => ({
      path: `/api/company/users/${w.projects.memberId}/`,
      body: { role: w.projects.viewerRoleId, subscription: w.projects.subscriptionId },
    }),
  },
  'DELETE /api/company/users/:id': {
    expect: companyAObject(204),
    request: (w, role) => ({ path: `/api/company/users/${mine(w, role).companyUserIdToRemove}/` }),
  },
  'GET /api/roles': { expect: signedIn(200) },
  'GET /api/company/share-groups': { expect: ownCompany(200) },
  'POST /api/company/share-groups': { expect: companyAdmin(201), request: (_w, role) => ({ body: { name: `Group of ${role}` } }) },
  'PATCH /api/company/share-groups/:id': {
    expect: companyAObject(200),
    request: (w) => ({ path: `/api/company/share-groups/${w.projects.shareGroupId}/`, body: { name: 'Engineers' } }),
  },
  'DELETE /api/company/share-groups/:id': {
    expect: companyAObject(204),
    request: (w, role) => ({ path: `/api/company/share-groups/${mine(w, role).shareGroupIdToDelete}/` }),
  },
  'GET /api/company/share-groups/:id/users': {
    expect: companyAMember(200),
    request: (w) => ({ path: `/api/company/share-groups/${w.projects.shareGroupId}/users/` }),
  },
  'POST /api/company/share-groups/:id/users': {
    expect: companyAObject(200),
    request: (w) => ({ path: `/api/company/share-groups/${w.projects.shareGroupId}/users/`, body: { users: [w.projects.memberId] } }),
  },
  'DELETE /api/company/share-groups/:id/users/:userId': {
    expect: companyAObject(204),
    request: (w, role) => ({ path: `/api/company/share-groups/${w.projects.shareGroupId}/users/${mine(w, role).groupMemberIdToRemove}/` }),
  },
  'GET /api/company/subscriptions': { expect: ownCompany(200) },
  'POST /api/company/subscriptions': {
    expect: { ...signedIn(403), superuser: 201 },
    request: (w) => ({ body: { company_id: w.companyId, plan: 'Extra', credit_type: 'CFD', credits_per_period: 10, refill_day: 15 } }),
  },
  'GET /api/company/available-subscriptions': { expect: ownCompany(200) },
  'GET /api/company/subscription-usage': {
    expect: ownCompany(200),
    request: () => ({ path: '/api/company/subscription-usage?page=1&order_by=-credits_used' }),
  },
  'GET /api/company/subscription-type-prices': { expect: signedIn(200) },
  'GET /api/company/simulation-prices': { expect: signedIn(200) },
};
