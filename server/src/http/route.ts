/**
 * Every route is defined through `defineRoute`, which records who may call it (`access`) and
 * attaches the matching guard. The authorization-matrix test (server/test/authz) enumerates all
 * registered routes and fails for one without a row.
 */
import { createRoute, type RouteConfig } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { requireUser, requireSuperuser } from './authenticate.ts';
import { BODY_LIMITS, limitBody, type BodyTier } from './body-limit.ts';

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

const bodyLimits = Object.fromEntries(Object.entries(BODY_LIMITS).map(([tier, bytes]) => [tier, limitBody(bytes)])) as Record<
  keyof typeof BODY_LIMITS,
  MiddlewareHandler
>;

/**
 * `body` is the route's request-body tier (http/body-limit.ts; default 'form'). The limit runs
 * before the guards, so an anonymous flood is refused without a database look-up, and is
 * published in the OpenAPI document as `x-max-body-bytes`.
 */
export function defineRoute<const R extends Omit<RouteConfig, 'middleware'>>(access: Access, config: R, options: { body?: BodyTier } = {}) {
  const tier = options.body ?? 'form';
  // A GET or HEAD carries no body for the app (@hono/node-server gives it none): its limit is only
  // published, and no middleware runs for it on every read (one async layer less per request).
  const bodiless = config.method === 'get' || config.method === 'head';
  const limit = tier === 'stream' || bodiless ? [] : [bodyLimits[tier]];
  return createRoute({
    ...config,
    middleware: [...limit, ...guards[access]],
    'x-access': access,
    ...(tier === 'stream' ? {} : { 'x-max-body-bytes': BODY_LIMITS[tier] }),
  } as R & { middleware: MiddlewareHandler[] });
}
