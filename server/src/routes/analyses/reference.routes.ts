/**
 * Analysis reference data for the scenario wizard and the viewer: GET /api/criteria/, POST
 * /api/criteria/{id}/get-recipe-defaults/, GET /api/color-legend/?name&version. Signed-in users;
 * fixed data, so cacheable.
 */
import { z } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { answers, json, pathParams } from '@canopy/contract/common.ts';
import { ApiError, zodToFieldErrors } from '../../http/errors.ts';
import { CriterionSchema, LegendQuery, LegendSchema, RecipeDefaultsRequestSchema, RecipeDefaultsSchema } from '@canopy/contract/analyses.ts';
import { criterionRecipeDefaults, findColorLegend, listColorLegends } from '../../contexts/compute/analyses/reference.ts';
import { companyLegend, criteriaForUser, criterionForUser } from '../../contexts/projects/criteria/company-criteria.ts';
import { currentUser } from '../../http/authenticate.ts';

const tags = ['Analyses'];

export const criteriaRoute = defineRoute('user', {
  method: 'get',
  path: '/api/criteria',
  tags,
  summary: 'Pedestrian wind comfort criteria as data (classes, thresholds, allowed exceedances, colours, safety limits)',
  responses: { 200: json(z.array(CriterionSchema), "Every built-in criterion, then the caller's company's own tables (company-<pk>)"), 401: answers[401] },
});

export const recipeDefaultsRoute = defineRoute('user', {
  method: 'post',
  path: '/api/criteria/{id}/get-recipe-defaults',
  tags,
  summary: 'The seasons, time windows, return periods and thresholds a new scenario starts from for a criterion',
  request: { params: pathParams('id'), body: { required: false, content: { 'application/json': { schema: RecipeDefaultsRequestSchema } } } },
  responses: { 200: json(RecipeDefaultsSchema, 'Defaults'), 400: answers[400], 401: answers[401], 404: answers[404] },
});

export const colorLegendRoute = defineRoute('user', {
  method: 'get',
  path: '/api/color-legend',
  tags,
  summary: 'A colour legend by name and version (latest without version), or every legend without name',
  request: { query: LegendQuery },
  responses: { 200: json(z.union([LegendSchema, z.array(LegendSchema)]), 'The legend, or all of them'), 401: answers[401], 404: answers[404] },
});

export function registerAnalysisReferenceRoutes(app: ApiApp): void {
  app.openapi(criteriaRoute, async (c) => {
    // A company's tables change when its Org Admin edits them: not cached.
    c.header('Cache-Control', 'private, no-cache');
    return c.json(await criteriaForUser(c.var.db, currentUser(c)), 200);
  });

  app.openapi(recipeDefaultsRoute, async (c) => {
    // The body is optional: an empty request asks for the comfort defaults.
    const raw = c.req.header('content-type')?.includes('application/json') ? await c.req.json().catch(() => ({})) : {};
    const parsed = RecipeDefaultsRequestSchema.safeParse(raw ?? {});
    if (!parsed.success) throw ApiError.fields(zodToFieldErrors(parsed.error));
    const id = c.req.valid('param').id;
    return c.json(criterionRecipeDefaults(await criterionForUser(c.var.db, currentUser(c), id), id, parsed.data), 200);
  });

  app.openapi(colorLegendRoute, async (c) => {
    const { name, version } = c.req.valid('query');
    if (!name) {
      c.header('Cache-Control', 'private, max-age=3600');
      return c.json([...listColorLegends()], 200);
    }
    // A company table's classes (wind-comfort-company-<pk>): its members only, never cached.
    const own = await companyLegend(c.var.db, currentUser(c), name);
    c.header('Cache-Control', own ? 'private, no-cache' : 'private, max-age=3600');
    return c.json(own ?? findColorLegend(name, version), 200);
  });
}
