/** Insight reference data (SPEC §7 Other): GET /api/insight-pin-type-templates, GET /api/insight-categories. */
import { z } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { answers, json } from '@canopy/contract/common.ts';
import { InsightCategorySchema, PinTypeTemplateSchema } from '@canopy/contract/insights.ts';
import { INSIGHT_CATEGORIES, PIN_TYPE_TEMPLATES } from '../../contexts/results/insights/reference.ts';

export const pinTypeTemplatesRoute = defineRoute('user', {
  method: 'get',
  path: '/api/insight-pin-type-templates',
  tags: ['Insights'],
  summary: 'Pin-type templates a pin type can be made from',
  responses: { 200: json(z.array(PinTypeTemplateSchema), 'Templates'), 401: answers[401] },
});

export const insightCategoriesRoute = defineRoute('user', {
  method: 'get',
  path: '/api/insight-categories',
  tags: ['Insights'],
  summary: 'Insight categories (an insight stores the key)',
  responses: { 200: json(z.array(InsightCategorySchema), 'Categories'), 401: answers[401] },
});

export function registerInsightReferenceRoutes(app: ApiApp): void {
  app.openapi(pinTypeTemplatesRoute, (c) => c.json([...PIN_TYPE_TEMPLATES], 200));
  app.openapi(insightCategoriesRoute, (c) => c.json([...INSIGHT_CATEGORIES], 200));
}
