/**
 * Every route is defined through `defineRoute`, which records who may call it (`access`) and
 * attaches the matching guard. The authorization-matrix test (server/src/authz) enumerates all
 * registered routes and fails for one without a row.
 */
import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { requireUser, requireSuperuser } from '../auth/authenticate.ts';

/**
 * - public: anyone, signed in or not.
 * - user: any signed-in user; object routes then check the object itself in their service
 *   (company, project administrator, share, role permission — see docs/authorization.md).
 * - superuser: signed-in superusers only.
 */
export type Access = 'public' | 'user' | 'superuser';

const guards: Record<Access, MiddlewareHandler[]> = {
  public: [],
  user: [requireUser],
  superuser: [requireUser, requireSuperuser],
};

export function defineRoute<const R extends Omit<RouteConfig, 'middleware'>>(access: Access, config: R) {
  return createRoute({
    ...config,
    middleware: guards[access],
    'x-access': access,
  } as R & { middleware: MiddlewareHandler[] });
}
