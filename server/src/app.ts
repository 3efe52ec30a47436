/**
 * The app factory: builds the Hono application from its dependencies. No module-level state —
 * tests build as many apps as they like, each over its own database.
 */
import { compress } from 'hono/compress';
import type { AppDeps } from './deps.ts';
import { renderError, MESSAGES } from './http/errors.ts';
import { malformedUrl } from './http/malformed-url.ts';
import { requestHeader } from './http/node-request.ts';
import { isServerPath, serveWebApp } from './http/static-files.ts';
import { registerRoutes } from './routes/index.ts';
import { createApiApp, type ApiApp } from './http/api-app.ts';

export function createApp(deps: AppDeps): ApiApp {
  const app = createApiApp();
  // One middleware for every request (each layer costs health-check throughput): dependencies
  // into the context, and compression of API responses for clients that ask for it (browsers do;
  // load-balancer probes do not).
  const compressJson = compress();
  app.use('*', (c, next) => {
    if (c.req.url.includes('%') && malformedUrl(c.req.url)) return Promise.resolve(c.json({ detail: MESSAGES.malformedUrl }, 400));
    c.set('deps', deps);
    c.set('db', deps.database.db);
    return c.req.path.startsWith('/api/') && requestHeader(c, 'accept-encoding') ? compressJson(c, next) : next();
  });

  registerRoutes(app);

  app.use('*', serveWebApp(deps.config.webDistDir));
  app.notFound((c) => {
    if (isServerPath(c.req.path) || c.req.method !== 'GET') return c.json({ detail: MESSAGES.notFound }, 404);
    return c.text('Not found', 404);
  });
  app.onError((error, c) => renderError(error, c));
  return app;
}
