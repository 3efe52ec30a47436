/** GET /api/scenario-capabilities: what the scenario wizard may offer on this installation. */
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { answers, json } from '@canopy/contract/common.ts';
import { CapabilityListSchema } from '@canopy/contract/capabilities.ts';
import { capabilities } from '../../contexts/scenarios/capabilities.ts';

export const capabilitiesRoute = defineRoute('user', {
  method: 'get',
  path: '/api/scenario-capabilities',
  tags: ['Scenarios'],
  summary: 'Analysis × job level pairs that run here: computed by Canopy, or delivered by a configured external provider',
  responses: { 200: json(CapabilityListSchema, 'The offer'), 401: answers[401] },
});

export function registerCapabilityRoutes(app: ApiApp): void {
  app.openapi(capabilitiesRoute, (c) => c.json({ results: capabilities(c.var.deps.config) }, 200));
}
