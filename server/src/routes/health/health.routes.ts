import { z } from '@hono/zod-openapi';
import { defineRoute } from '../../http/route.ts';
import type { ApiApp } from '../../http/api-app.ts';
import { createHealthProbe, type Health } from './health.ts';
import type { Context } from 'hono';
import type { AppEnv } from '../../deps.ts';

const HealthSchema = z
  .object({
    status: z.enum(['ok', 'unavailable']),
    database: z.enum(['pglite', 'postgres']),
    version: z.string(),
  })
  .openapi('Health');

export const healthRoute = defineRoute('public', {
  method: 'get',
  path: '/api/health',
  tags: ['Meta'],
  summary: 'Service health (database probe cached for at most one second)',
  responses: {
    200: { description: 'Healthy', content: { 'application/json': { schema: HealthSchema } } },
    503: { description: 'Database unavailable', content: { 'application/json': { schema: HealthSchema } } },
  },
});

export function registerHealthRoutes(app: ApiApp): void {
  let probe: ReturnType<typeof createHealthProbe> | undefined;
  const respond = (c: Context<AppEnv>, health: Health) => (health.status === 'ok' ? c.json(health, 200) : c.json(health, 503));
  app.openapi(healthRoute, (c) => {
    const { database, clock, version } = c.get('deps');
    probe ??= createHealthProbe(database, clock, version);
    const health = probe();
    // Answer synchronously while the cached probe is fresh: no promise per health check.
    return health instanceof Promise ? health.then((h) => respond(c, h)) : respond(c, health);
  });
}
