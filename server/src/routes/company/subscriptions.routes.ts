/** /api/company/ subscriptions, usage and prices, and /api/service-line. Rules: services/company. */
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { paginate } from '../../http/pagination.ts';
import { currentUser } from '../../http/authenticate.ts';
import { PageQuery, answers, json, jsonBody } from '@canopy/contract/common.ts';
import {
  SimulationPricePageSchema,
  SubscriptionCreateSchema,
  SubscriptionPageSchema,
  SubscriptionSchema,
  SubscriptionTypePricePageSchema,
  SubscriptionUsagePageSchema,
  UsageQuery,
} from '@canopy/contract/subscriptions.ts';
import { ServiceLinePageSchema } from '@canopy/contract/service-lines.ts';
import { createSubscription, listSubscriptions } from '../../contexts/accounts/company/subscriptions.ts';
import { listUsage } from '../../contexts/accounts/company/usage.ts';
import { listServiceLines, listSimulationPrices, listSubscriptionTypePrices } from '../../contexts/accounts/company/catalogue.ts';

const tags = ['Subscriptions'];
const listAnswers = { 400: answers[400], 401: answers[401], 404: answers[404] } as const;

export const subscriptionsRoute = defineRoute('user', {
  method: 'get',
  path: '/api/company/subscriptions',
  tags,
  summary: "The company's subscriptions with this period's credits",
  request: { query: PageQuery },
  responses: { 200: json(SubscriptionPageSchema, 'A page of subscriptions'), ...listAnswers },
});

export const createSubscriptionRoute = defineRoute('superuser', {
  method: 'post',
  path: '/api/company/subscriptions',
  tags,
  summary: 'Issue a subscription to a company (operators only)',
  request: { body: jsonBody(SubscriptionCreateSchema) },
  responses: { 201: json(SubscriptionSchema, 'Issued'), 400: answers[400], 401: answers[401], 403: answers[403] },
});

export const availableSubscriptionsRoute = defineRoute('user', {
  method: 'get',
  path: '/api/company/available-subscriptions',
  tags,
  summary: 'Subscriptions nobody holds that have not expired',
  request: { query: PageQuery },
  responses: { 200: json(SubscriptionPageSchema, 'A page of subscriptions'), ...listAnswers },
});

export const usageRoute = defineRoute('user', {
  method: 'get',
  path: '/api/company/subscription-usage',
  tags,
  summary: "Usage history: the company's for custom_auth.change_user, else the user's own",
  request: { query: UsageQuery },
  responses: { 200: json(SubscriptionUsagePageSchema, 'A page of usage'), ...listAnswers },
});

export const subscriptionTypePricesRoute = defineRoute('user', {
  method: 'get',
  path: '/api/company/subscription-type-prices',
  tags,
  summary: 'What each subscription plan costs',
  request: { query: PageQuery },
  responses: { 200: json(SubscriptionTypePricePageSchema, 'A page of prices'), ...listAnswers },
});

export const simulationPricesRoute = defineRoute('user', {
  method: 'get',
  path: '/api/company/simulation-prices',
  tags,
  summary: 'Credits each kind of simulation debits',
  request: { query: PageQuery },
  responses: { 200: json(SimulationPricePageSchema, 'A page of prices'), ...listAnswers },
});

export const serviceLinesRoute = defineRoute('user', {
  method: 'get',
  path: '/api/service-line',
  tags: ['Projects'],
  summary: "The company's service lines and those offered to everyone",
  request: { query: PageQuery },
  responses: { 200: json(ServiceLinePageSchema, 'A page of service lines'), ...listAnswers },
});

export function registerSubscriptionRoutes(app: ApiApp): void {
  app.openapi(subscriptionsRoute, async (c) => c.json(await paginate(c, listSubscriptions(c.var.db, currentUser(c), c.var.deps.clock.now())), 200));

  app.openapi(createSubscriptionRoute, async (c) => c.json(await createSubscription(c.var.db, c.req.valid('json'), c.var.deps.clock.now()), 201));

  app.openapi(availableSubscriptionsRoute, async (c) =>
    c.json(await paginate(c, listSubscriptions(c.var.db, currentUser(c), c.var.deps.clock.now(), true)), 200),
  );

  app.openapi(usageRoute, async (c) => c.json(await paginate(c, await listUsage(c.var.db, currentUser(c), c.req.valid('query').order_by)), 200));

  app.openapi(subscriptionTypePricesRoute, async (c) => c.json(await paginate(c, listSubscriptionTypePrices(c.var.db)), 200));

  app.openapi(simulationPricesRoute, async (c) => c.json(await paginate(c, listSimulationPrices(c.var.db)), 200));

  app.openapi(serviceLinesRoute, async (c) => c.json(await paginate(c, listServiceLines(c.var.db, currentUser(c))), 200));
}
