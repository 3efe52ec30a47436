import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { accessToken, buildWorld, createUser, type World } from '../../../test/world.ts';
import { caller } from '../../../test/api.ts';
import { subscriptions, subscriptionUsage, users } from '../../db/schema/index.ts';
import type { Subscription, SubscriptionPage, SubscriptionUsagePage } from '@canopy/contract/subscriptions.ts';
import { debitSubscription } from '../../contexts/accounts/company/usage.ts';
import { nextRefill, periodStart } from '../../contexts/accounts/company/subscriptions.ts';
import { seedDemo } from '../../seed.ts';

let t: TestContext;
let w: World;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
  call = caller(t);
});
afterAll(() => t.close());

async function issue(values: Partial<typeof subscriptions.$inferInsert> = {}): Promise<number> {
  const [row] = await t.database.db
    .insert(subscriptions)
    .values({ companyId: w.companyId, plan: 'Professional', creditType: 'AI', creditsPerPeriod: 100, refillDay: 1, ...values })
    .returning({ id: subscriptions.id });
  return row!.id;
}

const holderOf = async (id: number) =>
  (await t.database.db.select({ userId: subscriptions.userId }).from(subscriptions).where(eq(subscriptions.id, id)))[0]!.userId;
const assign = (userId: number, subscription: number | null) =>
  call('PATCH', `/api/company/users/${userId}/`, w.tokens.colleagueWithPermission, { subscription });

describe('assigning subscriptions', () => {
  it('gives a subscription to one user at a time, even when two requests assign it at once', async () => {
    const id = await issue();
    for (let round = 0; round < 3; round++) {
      const answers = await Promise.all([assign(w.userIds.colleague, id), assign(w.userIds.projectAdmin, id)]);
      expect(answers.map((a) => a.status)).toEqual([200, 200]);
      const holders = await t.database.db.select().from(subscriptions).where(eq(subscriptions.id, id));
      expect(holders).toHaveLength(1);
      expect([w.userIds.colleague, w.userIds.projectAdmin]).toContain(holders[0]!.userId);
    }
  });

  it('leaves a user with one subscription when two are given to them at once', async () => {
    const [first, second] = [await issue({ plan: 'A' }), await issue({ plan: 'B' })];
    const answers = await Promise.all([assign(w.projects.memberId, first), assign(w.projects.memberId, second)]);
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const held = await t.database.db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.userId, w.projects.memberId));
    expect(held).toHaveLength(1);
    const me = await call<{ subscription: number | null }>('GET', '/authusers/me/', await accessToken(t.deps, w.projects.memberId));
    expect(me.body.subscription).toBe(held[0]!.id);
  });

  it('moves a subscription from its holder, takes it away with null, and refuses foreign or expired ones', async () => {
    const id = await issue();
    await assign(w.userIds.colleague, id);
    expect((await assign(w.userIds.projectAdmin, id)).status).toBe(200);
    expect(await holderOf(id)).toBe(w.userIds.projectAdmin);
    expect(((await assign(w.userIds.projectAdmin, null)).body as { subscription: number | null }).subscription).toBeNull();
    const [foreign] = await t.database.db
      .insert(subscriptions)
      .values({ companyId: w.otherCompanyId, plan: 'Theirs', creditType: 'AI', creditsPerPeriod: 5 })
      .returning({ id: subscriptions.id });
    expect(await assign(w.userIds.colleague, foreign!.id)).toEqual({
      status: 400,
      body: { subscription: [`Invalid pk "${foreign!.id}" - object does not exist.`] },
    });
    const expired = await issue({ expiresAt: new Date(Date.now() - 1000) });
    expect(await assign(w.userIds.colleague, expired)).toEqual({ status: 400, body: { subscription: ['This subscription has expired.'] } });
    expect((await call('PATCH', `/api/company/users/${w.userIds.colleague}/`, w.tokens.colleague, { subscription: id })).status).toBe(403);
  });

  it('lists the company subscriptions and those still available', async () => {
    const all = await call<SubscriptionPage>('GET', '/api/company/subscriptions/?page_size=999', w.tokens.colleague);
    const available = await call<SubscriptionPage>('GET', '/api/company/available-subscriptions/?page_size=999', w.tokens.colleague);
    expect(all.body.results.every((s) => s.company_id === w.companyId)).toBe(true);
    expect(available.body.results.every((s) => s.user === null && !s.is_expired)).toBe(true);
    expect(available.body.count).toBeLessThan(all.body.count);
  });

  it('are issued by operators (superusers) only, with checked fields', async () => {
    const made = await call<Subscription>('POST', '/api/company/subscriptions/', w.tokens.superuser, {
      company_id: w.companyId,
      plan: 'CFD Plus',
      credit_type: 'CFD',
      credits_per_period: 40,
      refill_day: 15,
      expires_at: '2099-12-31T23:59:59Z',
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ plan: 'CFD Plus', credit_type: 'CFD', credits_left: 40, refill_day: 15, user: null });
    expect(
      await call('POST', '/api/company/subscriptions/', w.tokens.superuser, {
        company_id: w.companyId,
        plan: 'X',
        credit_type: 'GPU',
        credits_per_period: 0,
        refill_day: 31,
      }),
    ).toEqual({
      status: 400,
      body: {
        credit_type: ['"GPU" is not a valid choice.'],
        credits_per_period: ['Ensure this value is greater than or equal to 1.'],
        refill_day: ['Ensure this value is less than or equal to 28.'],
      },
    });
    expect(
      (
        await call('POST', '/api/company/subscriptions/', w.tokens.colleagueWithPermission, {
          company_id: w.companyId,
          plan: 'Free',
          credit_type: 'AI',
          credits_per_period: 9,
        })
      ).status,
    ).toBe(403);
  });
});

describe('credit periods', () => {
  it('start on the last refill day at midnight UTC and end a month later', () => {
    expect(periodStart(new Date('2025-03-20T10:00:00Z'), 15).toISOString()).toBe('2025-03-15T00:00:00.000Z');
    expect(periodStart(new Date('2025-03-10T10:00:00Z'), 15).toISOString()).toBe('2025-02-15T00:00:00.000Z');
    expect(periodStart(new Date('2025-01-05T00:00:00Z'), 28).toISOString()).toBe('2024-12-28T00:00:00.000Z');
    expect(nextRefill(new Date('2024-12-28T00:00:00Z'), 28).toISOString()).toBe('2025-01-28T00:00:00.000Z');
  });
});

describe('debitSubscription', () => {
  it('writes a usage row and lowers the credits left for the period', async () => {
    const userId = await createUser(t.database.db, { username: 'runner', companyId: w.companyId, role: 'Engineer' });
    const id = await issue({ creditsPerPeriod: 30 });
    await assign(userId, id);
    const now = new Date();
    const debit = await debitSubscription(t.database.db, { userId, credits: 10, label: 'Scheme A — wind comfort', at: now, creditType: 'AI' });
    expect(debit).toMatchObject({
      subscriptionId: id,
      creditsLeft: 20,
      usage: { label: 'Scheme A — wind comfort', used_by: 'runner', credit_type: 'AI', credits_used: 10 },
    });
    const listed = await call<SubscriptionPage>('GET', '/api/company/subscriptions/?page_size=999', w.tokens.colleague);
    expect(listed.body.results.find((s) => s.id === id)).toMatchObject({ credits_used: 10, credits_left: 20 });
    await expect(debitSubscription(t.database.db, { userId, credits: 21, label: 'Too much', at: now })).rejects.toMatchObject({
      body: { subscription: ['Not enough credits: 20 left, 21 needed.'] },
    });
    await expect(debitSubscription(t.database.db, { userId, credits: 1, label: 'CFD', at: now, creditType: 'CFD' })).rejects.toMatchObject({
      body: { subscription: ['This needs CFD credits; your subscription has AI credits.'] },
    });
    await expect(debitSubscription(t.database.db, { userId: w.userIds.pendingShare, credits: 1, label: 'x', at: now })).rejects.toMatchObject({
      kind: 'invalid',
    });
  });

  it('lets only one of two simultaneous debits spend the last credits', async () => {
    const userId = await createUser(t.database.db, { username: 'racer', companyId: w.companyId, role: 'Engineer' });
    const id = await issue({ creditsPerPeriod: 10 });
    await assign(userId, id);
    const at = new Date();
    const results = await Promise.allSettled([
      debitSubscription(t.database.db, { userId, credits: 7, label: 'one', at }),
      debitSubscription(t.database.db, { userId, credits: 7, label: 'two', at }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'rejected']);
    const rows = await t.database.db.select().from(subscriptionUsage).where(eq(subscriptionUsage.subscriptionId, id));
    expect(rows).toHaveLength(1);
  });

  it('shows usage paged and ordered; administrators see the company, others their own', async () => {
    const all = await call<SubscriptionUsagePage>('GET', '/api/company/subscription-usage/?order_by=credits_used', w.tokens.colleagueWithPermission);
    expect(all.body.results.map((u) => u.credits_used)).toEqual([7, 10]);
    const byLabel = await call<SubscriptionUsagePage>('GET', '/api/company/subscription-usage/?order_by=-label&page_size=1', w.tokens.colleagueWithPermission);
    const highest = all.body.results
      .map((u) => u.label.toLowerCase())
      .sort()
      .at(-1);
    expect(byLabel.body).toMatchObject({ count: 2, next: expect.stringContaining('page=2') });
    expect(byLabel.body.results.map((u) => u.label.toLowerCase())).toEqual([highest]);
    expect((await call<SubscriptionUsagePage>('GET', '/api/company/subscription-usage/', w.tokens.colleague)).body.count).toBe(0);
    expect(await call('GET', '/api/company/subscription-usage/?order_by=price', w.tokens.colleague)).toEqual({
      status: 400,
      body: { order_by: ['"price" is not a valid choice.'] },
    });
    expect((await call('GET', '/api/company/subscription-usage/?page=3', w.tokens.colleagueWithPermission)).body).toEqual({ detail: 'Invalid page.' });
  });
});

describe('the demo seed', () => {
  it('adds prices, service lines and a subscription held by the demo user, once', async () => {
    await seedDemo(t.database.db);
    await seedDemo(t.database.db);
    const prices = await call<{ count: number }>('GET', '/api/company/subscription-type-prices/', w.tokens.colleague);
    const simPrices = await call<{ count: number }>('GET', '/api/company/simulation-prices/', w.tokens.colleague);
    // Nine sample analysis prices, and solar at the CFD level.
    expect([prices.body.count, simPrices.body.count]).toEqual([5, 10]);
    const [demo] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.username, 'demo'));
    const demoToken = await accessToken(t.deps, demo!.id);
    const lines = await call<{ results: Array<{ name: string; offerings: string[] }> }>('GET', '/api/service-line/', demoToken);
    expect(lines.body.results.map((l) => l.name)).toEqual(['Pedestrian wind comfort', 'Thermal comfort', 'Solar access', 'Wind loads']);
    expect((await call<{ count: number }>('GET', '/api/service-line/', w.tokens.colleague)).body.count).toBe(0);
    const me = await call<{ subscription: number | null }>('GET', '/authusers/me/', demoToken);
    expect(me.body.subscription).not.toBeNull();
  });
});
