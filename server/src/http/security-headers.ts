/**
 * Security headers on every response. The CSP allows only our own origin, blob:/data: images and
 * blob: workers, and no inline script (inline styles stay allowed: radix injects scroll-lock CSS).
 *
 * They are set on the Node response before Hono sees the request (see node-listener.ts): node's
 * setHeader is cheap, whereas adding them through Hono's context built a Headers object per request
 * and cost health checks a third of their throughput.
 */
import type { ServerResponse } from 'node:http';
import type { Config } from '../env.ts';

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' blob: data:",
  "font-src 'self' data:",
  "connect-src 'self' blob:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const SECURITY_HEADERS: ReadonlyArray<readonly [string, string]> = [
  ['Content-Security-Policy', CONTENT_SECURITY_POLICY],
  ['X-Content-Type-Options', 'nosniff'],
  ['X-Frame-Options', 'DENY'],
  ['Referrer-Policy', 'strict-origin-when-cross-origin'],
  ['Cross-Origin-Opener-Policy', 'same-origin'],
  ['Permissions-Policy', 'camera=(), microphone=(), geolocation=()'],
];

/** The Strict-Transport-Security value configured (HSTS_MAX_AGE, HSTS_INCLUDE_SUBDOMAINS), or none. */
export function hstsHeader(config: Pick<Config, 'HSTS_MAX_AGE' | 'HSTS_INCLUDE_SUBDOMAINS'>): string | undefined {
  if (config.HSTS_MAX_AGE === undefined) return undefined;
  return `max-age=${config.HSTS_MAX_AGE}${config.HSTS_INCLUDE_SUBDOMAINS ? '; includeSubDomains' : ''}`;
}

/**
 * The CSP with the site map's tile server (MAP_TILE_URL) allowed as an image source: the browser
 * loads the tiles straight from it (docs/site-map.md). A `{s}` subdomain becomes a wildcard.
 */
export function contentSecurityPolicy(tileUrl?: string): string {
  if (!tileUrl) return CONTENT_SECURITY_POLICY;
  const match = /^(https?:\/\/[^/]+)/.exec(tileUrl.replace('{s}', '*'));
  if (!match) return CONTENT_SECURITY_POLICY;
  return CONTENT_SECURITY_POLICY.replace("img-src 'self' blob: data:", `img-src 'self' blob: data: ${match[1]}`);
}

export function applySecurityHeaders(res: ServerResponse, hsts?: string, csp?: string): void {
  for (const [name, value] of SECURITY_HEADERS) res.setHeader(name, value);
  if (csp) res.setHeader('Content-Security-Policy', csp);
  if (hsts) res.setHeader('Strict-Transport-Security', hsts);
}
