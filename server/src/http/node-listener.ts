/** The Node request listener: security headers on every response, then the Hono app. */
import { getRequestListener } from '@hono/node-server';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ApiApp } from '../app.ts';
import { applySecurityHeaders } from './security-headers.ts';

export function createNodeListener(app: ApiApp): (req: IncomingMessage, res: ServerResponse) => void {
  const listener = getRequestListener(app.fetch);
  return (req, res) => {
    applySecurityHeaders(res);
    void listener(req, res);
  };
}
