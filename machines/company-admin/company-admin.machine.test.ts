/** Company administration: the company, the tabs, and billing's usage paging and ordering. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ServerError } from '@machines/shared/actors.ts';
import { companyAdminMachine } from './company-admin.machine.ts';
import { billingMachine, type Holdings, type Prices } from './billing.machine.ts';
import type { OwnCompany, SubscriptionUsagePage, UsageOrdering } from './company-admin.types.ts';
import { COMPANY, subscription, usage } from './company-admin.fixtures.ts';
import { selectAdminTab, selectCompany, selectCompanyMissing, selectUsage, selectUsageOrdering, selectUsagePage } from './company-admin.selectors.ts';

const noCompany: ServerError = { kind: 'http', status: 404, detail: 'Not found.', fields: {}, body: null };
const invalidPage: ServerError = { kind: 'http', status: 404, detail: 'Invalid page.', fields: {}, body: null };

function billing() {
  const requests: Array<{ page: number; ordering: UsageOrdering }> = [];
  const logic = billingMachine.provide({
    actors: {
      loadHoldings: fromPromise<Holdings, void>(async () => ({ subscriptions: [subscription(1)], available: [subscription(1)] })),
      loadUsage: fromPromise<SubscriptionUsagePage, { page: number; ordering: UsageOrdering }>(async ({ input }) => {
        requests.push(input);
        if (input.page > 3) throw invalidPage;
        return { count: 60, next: input.page < 3 ? 'n' : null, previous: null, results: [usage(input.page)] };
      }),
      loadPrices: fromPromise<Prices, void>(async () => ({ plans: [], simulations: [] })),
    },
  });
  return { logic, requests };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('company administration', () => {
  it('loads the company and opens the users tab; tabs switch', async () => {
    const actor = createActor(
      companyAdminMachine.provide({
        actors: {
          loadCompany: fromPromise<OwnCompany, void>(async () => COMPANY),
          billing: billing().logic,
        },
      }),
      { input: {} },
    ).start();
    await settle();
    expect(selectCompany(actor.getSnapshot())?.name).toBe('Northwind Engineering');
    expect(selectAdminTab(actor.getSnapshot())).toBe('users');
    actor.send({ type: 'tab.select', tab: 'usage' });
    expect(selectAdminTab(actor.getSnapshot())).toBe('usage');
    expect(actor.getSnapshot().children.billing).toBeDefined();
    const billingRef = actor.getSnapshot().children.billing;
    actor.send({ type: 'tab.select', tab: 'prices' });
    expect(selectAdminTab(actor.getSnapshot())).toBe('prices');
    // The billing tabs share one machine: moving between them keeps it (and its usage page).
    expect(actor.getSnapshot().children.billing).toBe(billingRef);
    const usersBefore = actor.getSnapshot().children.users;
    expect(usersBefore).toBeUndefined();
    actor.send({ type: 'tab.select', tab: 'shareGroups' });
    expect(selectAdminTab(actor.getSnapshot())).toBe('shareGroups');
    expect(actor.getSnapshot().children.billing).toBeUndefined();
    // Selecting the tab already shown keeps its machine.
    const groups = actor.getSnapshot().children.shareGroups;
    actor.send({ type: 'tab.select', tab: 'shareGroups' });
    expect(actor.getSnapshot().children.shareGroups).toBe(groups);
  });

  it('opens on the tab asked for', async () => {
    const actor = createActor(
      companyAdminMachine.provide({ actors: { loadCompany: fromPromise<OwnCompany, void>(async () => COMPANY), billing: billing().logic } }),
      { input: { tab: 'subscriptions' } },
    ).start();
    await settle();
    expect(selectAdminTab(actor.getSnapshot())).toBe('subscriptions');
  });

  it('says when the user has no company', async () => {
    const actor = createActor(companyAdminMachine.provide({ actors: { loadCompany: fromPromise<OwnCompany, void>(async () => Promise.reject(noCompany)) } }), {
      input: {},
    }).start();
    await settle();
    expect(selectCompanyMissing(actor.getSnapshot())).toBe(true);
  });
});

describe('billing', () => {
  it('pages usage from 1; a new ordering starts at page 1 again', async () => {
    const { logic, requests } = billing();
    const actor = createActor(logic).start();
    await settle();
    actor.send({ type: 'usage.page', page: 2 });
    await settle();
    expect(selectUsagePage(actor.getSnapshot())).toBe(2);
    expect(selectUsage(actor.getSnapshot())[0]!.id).toBe(2);
    actor.send({ type: 'usage.order', ordering: 'credits_used' });
    await settle();
    expect(selectUsageOrdering(actor.getSnapshot())).toBe('credits_used');
    expect(requests).toEqual([
      { page: 1, ordering: '-date' },
      { page: 2, ordering: '-date' },
      { page: 1, ordering: 'credits_used' },
    ]);
  });

  it("'Invalid page.' goes back to the first page quietly", async () => {
    const { logic, requests } = billing();
    const actor = createActor(logic).start();
    await settle();
    actor.send({ type: 'usage.page', page: 9 });
    await settle();
    await settle();
    expect(requests.map((r) => r.page)).toEqual([1, 9, 1]);
    expect(actor.getSnapshot().matches({ usage: 'ready' })).toBe(true);
  });
});
