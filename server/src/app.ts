/**
 * The app factory: builds the Hono application from its dependencies. No module-level state —
 * tests build as many apps as they like, each over its own database.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import { compress } from 'hono/compress';
import type { AppDeps, AppEnv } from './deps.ts';
import { mergeFieldErrors, renderError, zodToFieldErrors, MESSAGES } from './http/errors.ts';
import { inputProblems } from './http/input-hygiene.ts';
import { hiddenFromCaller } from './http/access-first.ts';
import { malformedUrl } from './http/malformed-url.ts';
import { requestHeader } from './http/node-request.ts';
import { isServerPath, serveWebApp } from './http/static-files.ts';
import { registerRoutes } from './routes/index.ts';

export type ApiApp = OpenAPIHono<AppEnv>;

export function createApiApp(): ApiApp {
  return new OpenAPIHono<AppEnv>({
    // Accept every route with and without its trailing slash (API.md).
    strict: false,
    // zod failures become DRF field errors: {"field": ["message"]}; so do NUL characters and
    // runaway nesting anywhere in the input (http/input-hygiene.ts), valid or not by the schema.
    defaultHook: async (result, c) => {
      // On failure the validator still passes the raw input as `data` (its type only admits success).
      const problems = inputProblems('data' in result ? result.data : undefined);
      if (!result.success || problems) {
        // Access first: a caller who may not see the object learns nothing from its validation.
        const hidden = await hiddenFromCaller(c);
        if (hidden) return renderError(hidden, c);
      }
      if (!result.success) return c.json(mergeFieldErrors(zodToFieldErrors(result.error), problems), 400);
      if (problems) return c.json(problems, 400);
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
