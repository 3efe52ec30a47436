/**
 * A company's own wind comfort criterion tables: /api/company/criteria/ (API.md: "my
 * company" routes live under company/). GET /api/criteria/ lists them beside the built-in ones
 * (routes/analyses/reference.routes.ts). Rules: contexts/projects/criteria/company-criteria.ts.
 */
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { paginate } from '../../http/pagination.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { PageQuery, answers, json, jsonBody, pathParams } from '@canopy/contract/common.ts';
import { CompanyCriterionInputSchema, CompanyCriterionPageSchema, CompanyCriterionSchema } from '@canopy/contract/criteria.ts';
import {
  createCompanyCriterion,
  deleteCompanyCriterion,
  getCompanyCriterion,
  listCompanyCriteria,
  updateCompanyCriterion,
} from '../../contexts/projects/criteria/company-criteria.ts';

const tags = ['Company'];
const changeAnswers = { 400: answers[400], 401: answers[401], 403: answers[403], 404: answers[404] } as const;

export const listCompanyCriteriaRoute = defineRoute('user', {
  method: 'get',
  path: '/api/company/criteria',
  tags,
  summary: "The company's own wind comfort criterion tables (members of the company)",
  request: { query: PageQuery },
  responses: { 200: json(CompanyCriterionPageSchema, 'A page of tables'), 401: answers[401], 404: answers[404] },
});

export const createCompanyCriterionRoute = defineRoute('user', {
  method: 'post',
  path: '/api/company/criteria',
  tags,
  summary: 'Add a criterion table to the company (Org Admin: custom_auth.change_user)',
  request: { body: jsonBody(CompanyCriterionInputSchema) },
  responses: { 201: json(CompanyCriterionSchema, 'Created'), ...changeAnswers },
});

export const getCompanyCriterionRoute = defineRoute('user', {
  method: 'get',
  path: '/api/company/criteria/{id}',
  tags,
  summary: 'One of the company’s criterion tables',
  request: { params: pathParams('id') },
  responses: { 200: json(CompanyCriterionSchema, 'The table'), 401: answers[401], 404: answers[404] },
});

export const updateCompanyCriterionRoute = defineRoute('user', {
  method: 'put',
  path: '/api/company/criteria/{id}',
  tags,
  summary: 'Replace a criterion table (its id stays; revision goes up by one)',
  request: { params: pathParams('id'), body: jsonBody(CompanyCriterionInputSchema) },
  responses: { 200: json(CompanyCriterionSchema, 'Changed'), ...changeAnswers },
});

export const deleteCompanyCriterionRoute = defineRoute('user', {
  method: 'delete',
  path: '/api/company/criteria/{id}',
  tags,
  summary: 'Delete a criterion table (results computed with it keep their copy of the table)',
  request: { params: pathParams('id') },
  responses: { 204: { description: 'Deleted' }, ...changeAnswers },
});

export function registerCriteriaRoutes(app: ApiApp): void {
  app.openapi(listCompanyCriteriaRoute, async (c) => c.json(await paginate(c, listCompanyCriteria(c.var.db, currentUser(c))), 200));

  app.openapi(createCompanyCriterionRoute, async (c) => c.json(await createCompanyCriterion(c.var.db, currentUser(c), c.req.valid('json')), 201));

  app.openapi(getCompanyCriterionRoute, async (c) => c.json(await getCompanyCriterion(c.var.db, currentUser(c), pathId(c.req.valid('param').id)), 200));

  app.openapi(updateCompanyCriterionRoute, async (c) =>
    c.json(await updateCompanyCriterion(c.var.db, currentUser(c), pathId(c.req.valid('param').id), c.req.valid('json')), 200),
  );

  app.openapi(deleteCompanyCriterionRoute, async (c) => {
    await deleteCompanyCriterion(c.var.db, currentUser(c), pathId(c.req.valid('param').id));
    return c.body(null, 204);
  });
}
