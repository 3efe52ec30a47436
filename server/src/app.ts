/**
 * The app factory: builds the Hono application from its dependencies. No module-level state —
 * tests build as many apps as they like, each over its own database.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { compress } from 'hono/compress';
import type { AppDeps, AppEnv } from './deps.ts';
import { ApiError, renderError, zodToFieldErrors, MESSAGES } from './http/errors.ts';
import { isServerPath, serveWebApp } from './http/static-files.ts';
import { registerRoutes } from './routes/index.ts';

export type ApiApp = OpenAPIHono<AppEnv>;

export function createApiApp(): ApiApp {
  return new OpenAPIHono<AppEnv>({
    // Accept every route with and without its trailing slash (API.md).
    strict: false,
    // zod failures become DRF field errors: {"field": ["message"]}.
    defaultHook: (result, c) => {
      if (!result.success) return c.json(zodToFieldErrors(result.error), 400);
    },
  });
}

export function createApp(deps: AppDeps): ApiApp {
  const app = createApiApp();
  // One middleware for every request (each layer costs health-check throughput): dependencies
  // into the context, and compression of API responses for clients that ask for it (browsers do;
  // load-balancer probes do not).
  const compressJson = compress();
  app.use('*', (c, next) => {
    c.set('deps', deps);
    c.set('db', deps.database.db);
    return c.req.path.startsWith('/api/') && c.req.header('accept-encoding') ? compressJson(c, next) : next();
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

export { ApiError };
