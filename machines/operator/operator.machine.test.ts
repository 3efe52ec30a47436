/** The operator machine by events and snapshots: load, choose a company, changes saved and refused, the notice's timer. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ServerError } from '@machines/shared/actors.ts';
import { operatorMachine } from './operator.machine.ts';
import {
  selectCompanies,
  selectCompanyError,
  selectCompanyLimits,
  selectCompanySubscriptions,
  selectLoadError,
  selectLoading,
  selectNotice,
  selectRefusal,
  selectRefused,
  selectSaving,
  selectSelectedCompany,
} from './operator.selectors.ts';
import type { ChangeInput, ChangeOutput, CompanyDetail, CompanyLimits, OperatorOverview, Subscription } from './operator.types.ts';

const company = (id: number, name: string) => ({ id, name, is_rwdi: false, user_count: 1, subscription_count: 1, created: '2026-01-01T00:00:00Z' });
const subscription = (id: number, credits: number): Subscription => ({
  id,
  company_id: 1,
  plan: 'Starter (AI)',
  credit_type: 'AI',
  credits_per_period: credits,
  refill_day: 1,
  expires_at: null,
  is_expired: false,
  user: null,
  user_name: null,
  period_start: '2026-01-01T00:00:00Z',
  next_refill: '2026-02-01T00:00:00Z',
  credits_used: 0,
  credits_reserved: 0,
  credits_left: credits,
});
const limits = (maxRunningJobs: number | null): CompanyLimits => ({
  company_id: 1,
  max_running_jobs: maxRunningJobs ?? 8,
  max_running_jobs_is_default: maxRunningJobs === null,
  running_jobs: 2,
  monthly_compute_hours: 500,
  monthly_compute_hours_is_default: true,
  compute_hours_this_month: 12.5,
  storage_bytes: 100 * 1024 ** 3,
  storage_bytes_is_default: true,
  stored_bytes: 3 * 1024 ** 3,
});
const detail = (subscriptions: Subscription[], maxRunningJobs: number | null = null): CompanyDetail => ({ subscriptions, limits: limits(maxRunningJobs) });
const overview = (names: string[]): OperatorOverview => ({
  companies: names.map((n, i) => company(i + 1, n)),
  simulationPrices: [],
  planPrices: [],
  badStations: [],
  eulaVersions: [],
});
const refusal: ServerError = { kind: 'http', status: 400, detail: null, fields: { name: ['A company with this name already exists.'] }, body: null };
const forbidden: ServerError = { kind: 'http', status: 403, detail: 'You do not have permission to perform this action.', fields: {}, body: null };

function start(
  fakes: { load?: () => Promise<OperatorOverview>; subs?: (id: number) => Promise<CompanyDetail>; apply?: (input: ChangeInput) => Promise<ChangeOutput> } = {},
) {
  const applied: ChangeInput[] = [];
  const machine = operatorMachine.provide({
    actors: {
      loadOverview: fromPromise<OperatorOverview, void>(fakes.load ?? (async () => overview(['Acme']))),
      loadCompany: fromPromise<CompanyDetail, { companyId: number }>(({ input }) =>
        (fakes.subs ?? (async () => detail([subscription(7, 100)])))(input.companyId),
      ),
      applyChange: fromPromise<ChangeOutput, ChangeInput>(async ({ input }) => {
        applied.push(input);
        return (fakes.apply ?? (async () => ({ overview: overview(['Acme', 'Northwind']), company: detail([subscription(7, 250)], 3) })))(input);
      }),
    },
  });
  return { actor: createActor(machine).start(), applied };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('operator machine', () => {
  it('loads the lists, then shows a chosen company with its subscriptions', async () => {
    const { actor } = start();
    expect(selectLoading(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toEqual({ ready: { company: 'none', change: 'idle' } });
    expect(selectCompanies(actor.getSnapshot()).map((c) => c.name)).toEqual(['Acme']);
    actor.send({ type: 'company.select', companyId: 1 });
    expect(actor.getSnapshot().matches({ ready: { company: 'loading' } })).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(selectSelectedCompany(actor.getSnapshot())?.name).toBe('Acme');
    expect(selectCompanySubscriptions(actor.getSnapshot()).map((s) => s.credits_per_period)).toEqual([100]);
    expect(selectCompanyLimits(actor.getSnapshot())).toMatchObject({ max_running_jobs: 8, max_running_jobs_is_default: true, compute_hours_this_month: 12.5 });
  });

  it("saves a company's limits and shows the limits read again", async () => {
    const { actor, applied } = start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'company.select', companyId: 1 });
    await vi.advanceTimersByTimeAsync(0);
    const change = { kind: 'limits.update', companyId: 1, maxRunningJobs: 3, monthlyComputeHours: null, storageGb: null } as const;
    actor.send({ type: 'change.submit', change });
    await vi.advanceTimersByTimeAsync(0);
    expect(applied).toEqual([{ change, companyId: 1 }]);
    expect(selectNotice(actor.getSnapshot())).toBe('Limits changed.');
    expect(selectCompanyLimits(actor.getSnapshot())).toMatchObject({ max_running_jobs: 3, max_running_jobs_is_default: false });
  });

  it('tells a refused operator screen (403) from another failure, and retries', async () => {
    let fail: ServerError | null = forbidden;
    const { actor } = start({ load: async () => (fail ? Promise.reject(fail) : overview(['Acme'])) });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().value).toBe('failed');
    expect(selectRefused(actor.getSnapshot())).toBe(true);
    expect(selectLoadError(actor.getSnapshot())).toBe('You do not have permission to perform this action.');
    fail = null;
    actor.send({ type: 'retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectRefused(actor.getSnapshot())).toBe(false);
    expect(selectCompanies(actor.getSnapshot())).toHaveLength(1);
  });

  it('saves a change with the company shown, takes the lists read again, and clears the notice after 3 s', async () => {
    const { actor, applied } = start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'company.select', companyId: 1 });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'change.submit', change: { kind: 'subscription.update', id: 7, creditsPerPeriod: 250 } });
    expect(selectSaving(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(applied).toEqual([{ change: { kind: 'subscription.update', id: 7, creditsPerPeriod: 250 }, companyId: 1 }]);
    expect(selectNotice(actor.getSnapshot())).toBe('Credits changed.');
    expect(selectCompanySubscriptions(actor.getSnapshot())[0]?.credits_per_period).toBe(250);
    expect(selectCompanies(actor.getSnapshot()).map((c) => c.name)).toEqual(['Acme', 'Northwind']);
    await vi.advanceTimersByTimeAsync(2999);
    expect(selectNotice(actor.getSnapshot())).toBe('Credits changed.');
    await vi.advanceTimersByTimeAsync(1);
    expect(selectNotice(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().matches({ ready: { change: 'idle' } })).toBe(true);
  });

  it('keeps a refusal on the change that caused it until the next change', async () => {
    let refuse = true;
    const { actor } = start({ apply: async () => (refuse ? Promise.reject(refusal) : { overview: overview(['Acme', 'Gale']), company: null }) });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'change.submit', change: { kind: 'company.create', name: 'Acme' } });
    await vi.advanceTimersByTimeAsync(10_000);
    expect(selectRefusal('company.create')(actor.getSnapshot())?.fields).toEqual({ name: ['A company with this name already exists.'] });
    expect(selectRefusal('price.update')(actor.getSnapshot())).toBeNull();
    refuse = false;
    actor.send({ type: 'change.submit', change: { kind: 'company.create', name: 'Gale' } });
    expect(selectRefusal('company.create')(actor.getSnapshot())).toBeNull();
    await vi.advanceTimersByTimeAsync(0);
    expect(selectNotice(actor.getSnapshot())).toBe('Company created.');
  });

  it('shows a company whose subscriptions could not be read as failed, and retries', async () => {
    let fail = true;
    const { actor } = start({ subs: async () => (fail ? Promise.reject(forbidden) : detail([subscription(9, 5)])) });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'company.select', companyId: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectCompanyError(actor.getSnapshot())).toBe('You do not have permission to perform this action.');
    fail = false;
    actor.send({ type: 'company.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectCompanySubscriptions(actor.getSnapshot()).map((s) => s.id)).toEqual([9]);
  });
});
