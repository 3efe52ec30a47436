/**
 * The base URL clients reach this server at, for absolute URLs in answers (pagination links, upload
 * container URLs). PUBLIC_URL wins when the operator set it (a proxy may rewrite Host); otherwise
 * the request's own origin, so `npm run dev`'s proxy and a bare `npm start` both get working links.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../deps.ts';

export function publicBaseUrl(c: Context<AppEnv>): string {
  const configured = c.var.deps.config.PUBLIC_URL;
  return (configured ?? new URL(c.req.url).origin).replace(/\/$/, '');
}
