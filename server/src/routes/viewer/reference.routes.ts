/**
 * Viewer reference data (SPEC §7 Other): GET /api/job-type/ (analysis types with engines, metrics,
 * units and legends), GET /api/data-criteria-graph-definition (the graph panel's graphs per metric),
 * GET /api/global-template (default insight and report templates). Fixed data for signed-in users.
 */
import { z } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { answers, json } from '@canopy/contract/common.ts';
import { graphDefinitions, jobTypes } from '@canopy/engine/results/job-types.ts';
import { GLOBAL_TEMPLATES } from '@canopy/contract/global-templates.ts';

const tags = ['Viewer'];

const JobTypeSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    code: z.string(),
    engine: z.string(),
    job: z.string().nullable(),
    metrics: z.array(z.object({ metric: z.string(), units: z.string(), legends: z.array(z.string()), fields: z.array(z.string()) })),
  })
  .openapi('JobType');

const Axis = z.object({ label: z.string(), units: z.string() });
const GraphDefinitionSchema = z
  .object({ id: z.string(), metrics: z.array(z.string()), kind: z.string(), title: z.string(), x: Axis, y: Axis })
  .openapi('DataCriteriaGraphDefinition');

const GlobalTemplateSchema = z
  .object({ id: z.string(), kind: z.enum(['insight', 'report']), name: z.string(), sections: z.array(z.object({ title: z.string(), body: z.string() })) })
  .openapi('GlobalTemplate');

export const jobTypeRoute = defineRoute('user', {
  method: 'get',
  path: '/api/job-type',
  tags,
  summary: 'Analysis types: engine, metrics, units, legends and layer-label code',
  responses: { 200: json(z.array(JobTypeSchema), 'Every analysis type'), 401: answers[401] },
});

export const graphDefinitionRoute = defineRoute('user', {
  method: 'get',
  path: '/api/data-criteria-graph-definition',
  tags,
  summary: 'Graph definitions per metric for the graph panel',
  responses: { 200: json(z.array(GraphDefinitionSchema), 'Graph definitions'), 401: answers[401] },
});

export const globalTemplateRoute = defineRoute('user', {
  method: 'get',
  path: '/api/global-template',
  tags,
  summary: 'Default insight and report templates',
  responses: { 200: json(z.array(GlobalTemplateSchema), 'Templates'), 401: answers[401] },
});

export function registerViewerReferenceRoutes(app: ApiApp): void {
  app.openapi(jobTypeRoute, (c) => {
    c.header('Cache-Control', 'private, max-age=3600');
    return c.json(jobTypes(), 200);
  });
  app.openapi(graphDefinitionRoute, (c) => {
    c.header('Cache-Control', 'private, max-age=3600');
    return c.json(graphDefinitions(), 200);
  });
  app.openapi(globalTemplateRoute, (c) => {
    c.header('Cache-Control', 'private, max-age=3600');
    return c.json(
      GLOBAL_TEMPLATES.map((t) => ({ ...t, sections: t.sections.map((s) => ({ ...s })) })),
      200,
    );
  });
}
