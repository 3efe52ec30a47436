/**
 * The Hono application every route registers on, with the validation hook all routes share: the
 * routes need its type, and it lives here in the HTTP layer (not in app.ts, which builds the whole
 * app from its dependencies) so that no route imports the app factory.
 */
import { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../deps.ts';
import { mergeFieldErrors, renderError, zodToFieldErrors } from './errors.ts';
import { inputProblems } from '../kernel/input-hygiene.ts';
import { hiddenFromCaller } from './access-first.ts';

export type ApiApp = OpenAPIHono<AppEnv>;

export function createApiApp(): ApiApp {
  return new OpenAPIHono<AppEnv>({
    // Accept every route with and without its trailing slash (API.md).
    strict: false,
    // zod failures become DRF field errors: {"field": ["message"]}; so do NUL characters and
    // runaway nesting anywhere in the input (kernel/input-hygiene.ts), valid or not by the schema.
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
