/**
 * The company's subscriptions, their usage history and the prices (SPEC §1, §7 "Company"). Usage is
 * paged from 1 and ordered by a column; a new ordering starts again at page 1.
 *
 *   billing (parallel)
 *   ├── subscriptions
 *   │   ├── loading      GET company/subscriptions and company/available-subscriptions
 *   │   ├── ready
 *   │   └── failed       `subscriptions.retry`
 *   ├── usage
 *   │   ├── loading      GET company/subscription-usage?page&order_by
 *   │   ├── ready
 *   │   └── failed       `usage.retry`
 *   └── prices
 *       ├── loading      GET company/subscription-type-prices and company/simulation-prices
 *       ├── ready
 *       └── failed       `prices.retry`
 *
 * Owned by the company administration machine (subscriptions, usage and prices tabs); rendered by
 * src/screens/company-admin/subscriptions-panel.tsx, usage-panel.tsx and prices-panel.tsx.
 */
import { assertEvent, assign, setup } from 'xstate';
import { asServerError, isInvalidPage, notProvided, type ServerError } from '@machines/shared/actors.ts';
import type { SimulationPrice, Subscription, SubscriptionTypePrice, SubscriptionUsage, SubscriptionUsagePage, UsageOrdering } from './company-admin.types.ts';

export const DEFAULT_USAGE_ORDERING: UsageOrdering = '-date';

export interface Holdings {
  subscriptions: Subscription[];
  available: Subscription[];
}

export interface Prices {
  plans: SubscriptionTypePrice[];
  simulations: SimulationPrice[];
}

export interface BillingContext extends Holdings, Prices {
  subscriptionsError: ServerError | null;
  usage: SubscriptionUsage[];
  usagePage: number;
  usageCount: number;
  usageHasNext: boolean;
  usageOrdering: UsageOrdering;
  usageError: ServerError | null;
  pricesError: ServerError | null;
}

export type BillingEvent =
  | { type: 'subscriptions.refresh' }
  | { type: 'subscriptions.retry' }
  | { type: 'usage.page'; page: number }
  | { type: 'usage.order'; ordering: UsageOrdering }
  | { type: 'usage.retry' }
  | { type: 'prices.retry' };

export const billingMachine = setup({
  types: {
    context: {} as BillingContext,
    events: {} as BillingEvent,
  },
  actors: {
    loadHoldings: notProvided<Holdings, void>('loadHoldings'),
    loadUsage: notProvided<SubscriptionUsagePage, { page: number; ordering: UsageOrdering }>('loadUsage'),
    loadPrices: notProvided<Prices, void>('loadPrices'),
  },
  actions: {
    storeHoldings: assign((_, holdings: Holdings) => ({ ...holdings, subscriptionsError: null })),
    storeSubscriptionsError: assign((_, params: { error: unknown }) => ({ subscriptionsError: asServerError(params.error) })),
    goToUsagePage: assign(({ event }) => {
      assertEvent(event, 'usage.page');
      return { usagePage: Math.max(1, event.page) };
    }),
    orderUsage: assign(({ event }) => {
      assertEvent(event, 'usage.order');
      return { usageOrdering: event.ordering, usagePage: 1 };
    }),
    storeUsage: assign((_, page: SubscriptionUsagePage) => ({
      usage: page.results,
      usageCount: page.count,
      usageHasNext: page.next !== null,
      usageError: null,
    })),
    /** 'Invalid page.': the history is shorter than the page asked for; show its first page. */
    firstUsagePage: assign({ usagePage: 1 }),
    storeUsageError: assign((_, params: { error: unknown }) => ({ usageError: asServerError(params.error) })),
    storePrices: assign((_, prices: Prices) => ({ ...prices, pricesError: null })),
    storePricesError: assign((_, params: { error: unknown }) => ({ pricesError: asServerError(params.error) })),
  },
  guards: {
    /** Page 1 always exists, so going back to it cannot loop. */
    invalidPageAfterFirst: ({ context }, params: { error: unknown }) => context.usagePage > 1 && isInvalidPage(params.error),
  },
}).createMachine({
  id: 'billing',
  type: 'parallel',
  context: {
    subscriptions: [],
    available: [],
    subscriptionsError: null,
    usage: [],
    usagePage: 1,
    usageCount: 0,
    usageHasNext: false,
    usageOrdering: DEFAULT_USAGE_ORDERING,
    usageError: null,
    plans: [],
    simulations: [],
    pricesError: null,
  },
  states: {
    subscriptions: {
      initial: 'loading',
      on: { 'subscriptions.refresh': '.loading' },
      states: {
        loading: {
          invoke: {
            src: 'loadHoldings',
            onDone: { target: 'ready', actions: { type: 'storeHoldings', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'storeSubscriptionsError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: {},
        failed: { on: { 'subscriptions.retry': 'loading' } },
      },
    },
    usage: {
      initial: 'loading',
      on: {
        'usage.page': { target: '.loading', actions: 'goToUsagePage' },
        'usage.order': { target: '.loading', actions: 'orderUsage' },
      },
      states: {
        loading: {
          invoke: {
            src: 'loadUsage',
            input: ({ context }) => ({ page: context.usagePage, ordering: context.usageOrdering }),
            onDone: { target: 'ready', actions: { type: 'storeUsage', params: ({ event }) => event.output } },
            onError: [
              {
                guard: { type: 'invalidPageAfterFirst', params: ({ event }) => ({ error: event.error }) },
                target: 'loading',
                reenter: true,
                actions: 'firstUsagePage',
              },
              { target: 'failed', actions: { type: 'storeUsageError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        ready: {},
        failed: { on: { 'usage.retry': 'loading' } },
      },
    },
    prices: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadPrices',
            onDone: { target: 'ready', actions: { type: 'storePrices', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'storePricesError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: {},
        failed: { on: { 'prices.retry': 'loading' } },
      },
    },
  },
});
