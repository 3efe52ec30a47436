/**
 * /api/operator/…: the installation operator's routes. Superusers only — everyone else
 * gets 403 (401 when not signed in) from the route guard before any handler runs. Rules live in
 * services/operator.
 */
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { paginate } from '../../http/pagination.ts';
import { pathId } from '../../http/params.ts';
import { PageQuery, answers, json, jsonBody, pathParams } from '@canopy/contract/common.ts';
import { SimulationPriceSchema, SubscriptionPageSchema, SubscriptionSchema, SubscriptionTypePriceSchema } from '@canopy/contract/subscriptions.ts';
import {
  CompanyLimitsSchema,
  CompanyLimitsUpdateSchema,
  EulaPublishSchema,
  EulaVersionPageSchema,
  EulaVersionSchema,
  OperatorCompanyCreateSchema,
  OperatorCompanyPageSchema,
  OperatorCompanySchema,
  SimulationPriceCreateSchema,
  SimulationPriceUpdateSchema,
  SubscriptionTypePriceUpdateSchema,
  SubscriptionUpdateSchema,
} from '@canopy/contract/operator.ts';
import { createCompany, listAllCompanies } from '../../contexts/accounts/operator/companies.ts';
import { companySubscriptions, updateSubscription } from '../../contexts/accounts/operator/subscriptions.ts';
import { createSimulationPrice, updateSimulationPrice, updateSubscriptionTypePrice } from '../../contexts/accounts/operator/prices.ts';
import { listEulaVersions, publishEula } from '../../contexts/accounts/operator/eula-versions.ts';
import { companyLimits, updateCompanyLimits } from '../../contexts/accounts/company/limits.ts';

const tags = ['Operator'];
const refused = { 401: answers[401], 403: answers[403] } as const;
const changeAnswers = { 400: answers[400], ...refused, 404: answers[404] } as const;

export const companiesRoute = defineRoute('superuser', {
  method: 'get',
  path: '/api/operator/companies',
  tags,
  summary: 'Every company on the installation, with its active users and subscriptions',
  request: { query: PageQuery },
  responses: { 200: json(OperatorCompanyPageSchema, 'A page of companies'), ...refused, 404: answers[404] },
});

export const createCompanyRoute = defineRoute('superuser', {
  method: 'post',
  path: '/api/operator/companies',
  tags,
  summary: 'Create a company (with starter subscriptions when STARTER_SUBSCRIPTION is on)',
  request: { body: jsonBody(OperatorCompanyCreateSchema) },
  responses: { 201: json(OperatorCompanySchema, 'Created'), 400: answers[400], ...refused },
});

export const companySubscriptionsRoute = defineRoute('superuser', {
  method: 'get',
  path: '/api/operator/companies/{id}/subscriptions',
  tags,
  summary: "A company's subscriptions with this period's credits used, reserved and left",
  request: { params: pathParams('id'), query: PageQuery },
  responses: { 200: json(SubscriptionPageSchema, 'A page of subscriptions'), ...refused, 404: answers[404] },
});

export const companyLimitsRoute = defineRoute('superuser', {
  method: 'get',
  path: '/api/operator/companies/{id}/limits',
  tags,
  summary: "A company's limits (jobs running at once, analysis compute a month, storage) and what it uses of them now",
  request: { params: pathParams('id') },
  responses: { 200: json(CompanyLimitsSchema, 'The limits and their use'), ...refused, 404: answers[404] },
});

export const updateCompanyLimitsRoute = defineRoute('superuser', {
  method: 'patch',
  path: '/api/operator/companies/{id}/limits',
  tags,
  summary: "Set a company's own limits; null returns one to the installation's default",
  request: { params: pathParams('id'), body: jsonBody(CompanyLimitsUpdateSchema) },
  responses: { 200: json(CompanyLimitsSchema, 'Changed'), ...changeAnswers },
});

export const updateSubscriptionRoute = defineRoute('superuser', {
  method: 'patch',
  path: '/api/operator/subscriptions/{id}',
  tags,
  summary: "Change a subscription's plan name, credits per period, refill day or expiry",
  request: { params: pathParams('id'), body: jsonBody(SubscriptionUpdateSchema) },
  responses: { 200: json(SubscriptionSchema, 'Changed'), ...changeAnswers },
});

export const createSimulationPriceRoute = defineRoute('superuser', {
  method: 'post',
  path: '/api/operator/simulation-prices',
  tags,
  summary: 'Price an analysis at a job level (credits per season and 16 directions)',
  request: { body: jsonBody(SimulationPriceCreateSchema) },
  responses: { 201: json(SimulationPriceSchema, 'Created'), 400: answers[400], ...refused },
});

export const updateSimulationPriceRoute = defineRoute('superuser', {
  method: 'patch',
  path: '/api/operator/simulation-prices/{id}',
  tags,
  summary: "Change an analysis price's credits or description",
  request: { params: pathParams('id'), body: jsonBody(SimulationPriceUpdateSchema) },
  responses: { 200: json(SimulationPriceSchema, 'Changed'), ...changeAnswers },
});

export const updateSubscriptionTypePriceRoute = defineRoute('superuser', {
  method: 'patch',
  path: '/api/operator/subscription-type-prices/{id}',
  tags,
  summary: "Change a plan's price, currency or credits per period",
  request: { params: pathParams('id'), body: jsonBody(SubscriptionTypePriceUpdateSchema) },
  responses: { 200: json(SubscriptionTypePriceSchema, 'Changed'), ...changeAnswers },
});

export const eulaVersionsRoute = defineRoute('superuser', {
  method: 'get',
  path: '/api/operator/eula',
  tags,
  summary: 'Every version of the end-user agreement, newest (current) first, with how many agreed',
  request: { query: PageQuery },
  responses: { 200: json(EulaVersionPageSchema, 'A page of versions'), ...refused, 404: answers[404] },
});

export const publishEulaRoute = defineRoute('superuser', {
  method: 'post',
  path: '/api/operator/eula',
  tags,
  summary: 'Publish a new version of the end-user agreement: every user agrees again at next sign-in',
  request: { body: jsonBody(EulaPublishSchema) },
  responses: { 201: json(EulaVersionSchema, 'Published'), 400: answers[400], ...refused },
});

export function registerOperatorRoutes(app: ApiApp): void {
  const now = (c: { var: { deps: { clock: { now(): Date } } } }) => c.var.deps.clock.now();
  app.openapi(companiesRoute, async (c) => c.json(await paginate(c, listAllCompanies(c.var.db)), 200));
  app.openapi(createCompanyRoute, async (c) => c.json(await createCompany(c.var.db, c.var.deps.config, c.req.valid('json')), 201));
  app.openapi(companyLimitsRoute, async (c) => c.json(await companyLimits(c.var.db, c.var.deps.config, pathId(c.req.valid('param').id), now(c)), 200));
  app.openapi(updateCompanyLimitsRoute, async (c) =>
    c.json(await updateCompanyLimits(c.var.db, c.var.deps.config, pathId(c.req.valid('param').id), c.req.valid('json'), now(c)), 200),
  );
  app.openapi(companySubscriptionsRoute, async (c) =>
    c.json(await paginate(c, await companySubscriptions(c.var.db, pathId(c.req.valid('param').id), now(c))), 200),
  );
  app.openapi(updateSubscriptionRoute, async (c) =>
    c.json(await updateSubscription(c.var.db, pathId(c.req.valid('param').id), c.req.valid('json'), now(c)), 200),
  );
  app.openapi(createSimulationPriceRoute, async (c) => c.json(await createSimulationPrice(c.var.db, c.req.valid('json')), 201));
  app.openapi(updateSimulationPriceRoute, async (c) =>
    c.json(await updateSimulationPrice(c.var.db, pathId(c.req.valid('param').id), c.req.valid('json')), 200),
  );
  app.openapi(updateSubscriptionTypePriceRoute, async (c) =>
    c.json(await updateSubscriptionTypePrice(c.var.db, pathId(c.req.valid('param').id), c.req.valid('json')), 200),
  );
  app.openapi(eulaVersionsRoute, async (c) => c.json(await paginate(c, listEulaVersions(c.var.db)), 200));
  app.openapi(publishEulaRoute, async (c) => c.json(await publishEula(c.var.db, c.req.valid('json'), now(c)), 201));
}
