/** The Node request listener: security headers on every response, then the Hono app. */
import { getRequestListener } from '@hono/node-server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiApp } from '../http/api-app.ts';
import { applySecurityHeaders } from './security-headers.ts';

/**
 * `hsts`: the Strict-Transport-Security value (security-headers.ts hstsHeader), when configured;
 * `csp`: the Content-Security-Policy when it differs from the default (the site map's tile server).
 */
export function createNodeListener(app: ApiApp, options: { hsts?: string; csp?: string } = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const listener = getRequestListener(app.fetch);
  return (req, res) => {
    applySecurityHeaders(res, options.hsts, options.csp);
    void listener(req, res);
  };
}
