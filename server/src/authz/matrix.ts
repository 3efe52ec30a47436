/**
 * The authorization matrix (API.md): for every registered route, the status each role gets.
 * `server/src/authz/matrix.test.ts` fails for a route without a row, for a row without a route,
 * and for any cell whose status differs. Every change that adds a route adds its row here.
 *
 * Roles: anonymous, otherCompany (member of another company), colleague (same company, without the
 * route's permission), colleagueWithPermission, projectAdmin, acceptedShare, pendingShare, superuser.
 */
import type { MatrixRole, World } from '../../test/world.ts';

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

export const MATRIX: Record<string, MatrixRow> = {
  'GET /api/health': { expect: all(200) },
  'GET /api/openapi.json': { expect: all(200) },
  'GET /api/docs': { expect: all(200) },
};

/** Hono middleware registrations (method ALL) that are not routes and need no row. */
export const MIDDLEWARE_PATTERNS = ['*', '/*', '/api/*'];
