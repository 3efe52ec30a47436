/**
 * Sign-in, accounts and the signed-in user's own data.
 * Paths are registered without their trailing slash: with strict: false Hono strips the slash from
 * the request, never from a pattern, so `/authjwt/create` answers both `/authjwt/create/` (the
 * spec's form, which clients send) and `/authjwt/create`.
 */
import type { ApiApp } from '../../http/api-app.ts';
import { registerAccountRoutes } from './account.routes.ts';
import { registerJwtRoutes } from './jwt.routes.ts';
import { registerOtpRoutes } from './otp.routes.ts';
import { registerSsoRoutes } from './sso.routes.ts';
import { registerUserRoutes } from './users.routes.ts';

export function registerAuthRoutes(app: ApiApp): void {
  registerJwtRoutes(app);
  registerUserRoutes(app);
  registerOtpRoutes(app);
  registerSsoRoutes(app);
  registerAccountRoutes(app);
}
