/**
 * Company Administration (SPEC §1, §2 `/company/admin`, §6): the company, and one tab at a time —
 * users (with roles), share groups and members, subscriptions, usage, prices. Each tab runs its own
 * machine while shown; the three billing tabs share one, so paging through usage survives a look at
 * the prices.
 *
 *   companyAdmin
 *   ├── loading            GET company
 *   ├── failed             no company, or it could not be read; `company.retry`
 *   └── ready
 *       ├── users          runs companyUsers (its list's count is the company's user count)
 *       ├── shareGroups    runs shareGroups
 *       └── billing        runs billing
 *           ├── subscriptions
 *           ├── usage
 *           └── prices
 *
 * Owned by src/screens/company-admin/company-admin-screen.tsx (screen-local).
 */
import { assign, setup } from 'xstate';
import { asServerError, notProvided, type ServerError } from '@machines/shared/actors.ts';
import { companyUsersMachine } from './company-users.machine.ts';
import { shareGroupsMachine } from './share-groups.machine.ts';
import { billingMachine } from './billing.machine.ts';
import type { CompanyAdminTab, OwnCompany } from './company-admin.types.ts';

export interface CompanyAdminContext {
  company: OwnCompany | null;
  error: ServerError | null;
  /** The tab to open once the company is known. */
  initialTab: CompanyAdminTab;
}

export type CompanyAdminEvent = { type: 'tab.select'; tab: CompanyAdminTab } | { type: 'company.retry' };

export const companyAdminMachine = setup({
  types: {
    context: {} as CompanyAdminContext,
    events: {} as CompanyAdminEvent,
    input: {} as { tab?: CompanyAdminTab },
  },
  actors: {
    loadCompany: notProvided<OwnCompany, void>('loadCompany'),
    companyUsers: companyUsersMachine,
    shareGroups: shareGroupsMachine,
    billing: billingMachine,
  },
  actions: {
    storeCompany: assign((_, company: OwnCompany) => ({ company, error: null })),
    storeError: assign((_, params: { error: unknown }) => ({ error: asServerError(params.error) })),
    countUsers: assign(({ context }, count: number) =>
      context.company && context.company.user_count !== count ? { company: { ...context.company, user_count: count } } : {},
    ),
  },
  guards: {
    startsOn: ({ context }, params: { tab: CompanyAdminTab }) => context.initialTab === params.tab,
    selects: ({ event }, params: { tab: CompanyAdminTab }) => event.type === 'tab.select' && event.tab === params.tab,
  },
}).createMachine({
  id: 'companyAdmin',
  context: ({ input }) => ({ company: null, error: null, initialTab: input.tab ?? 'users' }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadCompany',
        onDone: { target: 'ready', actions: { type: 'storeCompany', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'storeError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'company.retry': 'loading' },
    },
    ready: {
      initial: 'opening',
      on: {
        'tab.select': [
          { guard: { type: 'selects', params: { tab: 'users' } }, target: '.users' },
          { guard: { type: 'selects', params: { tab: 'shareGroups' } }, target: '.shareGroups' },
          { guard: { type: 'selects', params: { tab: 'subscriptions' } }, target: '.billing.subscriptions' },
          { guard: { type: 'selects', params: { tab: 'usage' } }, target: '.billing.usage' },
          { guard: { type: 'selects', params: { tab: 'criteria' } }, target: '.criteria' },
          { target: '.billing.prices' },
        ],
      },
      states: {
        opening: {
          always: [
            { guard: { type: 'startsOn', params: { tab: 'shareGroups' } }, target: 'shareGroups' },
            { guard: { type: 'startsOn', params: { tab: 'subscriptions' } }, target: 'billing.subscriptions' },
            { guard: { type: 'startsOn', params: { tab: 'usage' } }, target: 'billing.usage' },
            { guard: { type: 'startsOn', params: { tab: 'prices' } }, target: 'billing.prices' },
            { guard: { type: 'startsOn', params: { tab: 'criteria' } }, target: 'criteria' },
            { target: 'users' },
          ],
        },
        // Selecting the tab already shown does nothing: a transition from `ready` would re-enter
        // the tab and start its machine afresh.
        users: {
          invoke: {
            id: 'users',
            src: 'companyUsers',
            // The header's user count follows the list the users tab reads: a user
            // added or removed there counts at once, and stays counted on the other tabs.
            onSnapshot: {
              guard: ({ event }) => event.snapshot.matches({ list: 'ready' }),
              actions: { type: 'countUsers', params: ({ event }) => event.snapshot.context.count },
            },
          },
          on: { 'tab.select': { guard: { type: 'selects', params: { tab: 'users' } } } },
        },
        shareGroups: {
          invoke: { id: 'shareGroups', src: 'shareGroups' },
          on: { 'tab.select': { guard: { type: 'selects', params: { tab: 'shareGroups' } } } },
        },
        // Comfort criteria: the tab runs its own machine (machines/company-criteria).
        criteria: {
          on: { 'tab.select': { guard: { type: 'selects', params: { tab: 'criteria' } } } },
        },
        billing: {
          invoke: { id: 'billing', src: 'billing' },
          initial: 'subscriptions',
          // Moving between the billing tabs keeps the one billing machine (and the usage page).
          on: {
            'tab.select': [
              { guard: { type: 'selects', params: { tab: 'subscriptions' } }, target: '.subscriptions' },
              { guard: { type: 'selects', params: { tab: 'usage' } }, target: '.usage' },
              { guard: { type: 'selects', params: { tab: 'prices' } }, target: '.prices' },
            ],
          },
          states: {
            subscriptions: {},
            usage: {},
            prices: {},
          },
        },
      },
    },
  },
});
