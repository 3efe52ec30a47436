/**
 * The operator's routes over HTTP on the real database: companies, a company's
 * subscriptions and credits, prices, the end-user agreement — and refused to everyone else (the
 * authorization matrix checks every role on every route; here an Org Admin and a signed-out caller).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { caller } from '../../../test/api.ts';
import { and, eq } from 'drizzle-orm';
import { subscriptions, users } from '../../db/schema/index.ts';
import type { OperatorCompany, OperatorCompanyPage, EulaVersion, EulaVersionPage } from '@canopy/contract/operator.ts';
import type { SimulationPrice, Subscription, SubscriptionTypePrice } from '@canopy/contract/subscriptions.ts';

let t: TestContext;
let w: World;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestContext({ STARTER_SUBSCRIPTION: 'true', STARTER_CREDITS: '80' });
  w = await buildWorld(t.deps);
  call = caller(t);
});
afterAll(() => t.close());

const op = () => w.tokens.superuser;

describe('operator routes refuse everyone but superusers', () => {
  it.each([
    ['GET', '/api/operator/companies/', undefined],
    ['POST', '/api/operator/companies/', { name: 'Sneaky Co' }],
    ['PATCH', '/api/operator/simulation-prices/1/', { credits: 1 }],
    ['POST', '/api/operator/eula/', { version: 'x', title: 'x', body: 'x' }],
  ])('%s %s: 403 for an Org Admin, 401 signed out, and nothing changes', async (method, path, body) => {
    expect((await call(method, path, w.tokens.colleagueWithPermission, body)).status).toBe(403);
    expect((await call(method, path, undefined, body)).status).toBe(401);
  });

  it('left the data alone', async () => {
    const companies = await call<OperatorCompanyPage>('GET', '/api/operator/companies/?page_size=999', op());
    expect(companies.body.results.map((c) => c.name)).not.toContain('Sneaky Co');
  });
});

describe('companies', () => {
  it('lists every company with its active users and subscriptions', async () => {
    const { status, body } = await call<OperatorCompanyPage>('GET', '/api/operator/companies/?page_size=999', op());
    expect(status).toBe(200);
    const acme = body.results.find((c) => c.id === w.companyId)!;
    const members = await t.database.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.companyId, w.companyId), eq(users.isActive, true)));
    const held = await t.database.db.select({ id: subscriptions.id }).from(subscriptions).where(eq(subscriptions.companyId, w.companyId));
    expect(members.length).toBeGreaterThan(3);
    expect(acme).toMatchObject({ name: 'Acme Engineering', is_rwdi: false, user_count: members.length, subscription_count: held.length });
    expect(body.results.map((c) => c.name)).toEqual(expect.arrayContaining(['Partner Consulting', 'Elsewhere Ltd']));
  });

  it('creates a company with its starter subscriptions (no holder yet), and refuses a blank or taken name', async () => {
    const created = await call<OperatorCompany>('POST', '/api/operator/companies/', op(), { name: 'Northwind Studio' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ name: 'Northwind Studio', user_count: 0, subscription_count: 1 });
    const subs = await call<{ results: Subscription[] }>('GET', `/api/operator/companies/${created.body.id}/subscriptions/`, op());
    expect(subs.body.results.map((s) => [s.plan, s.credit_type, s.credits_per_period, s.user])).toEqual([['Starter (CFD)', 'CFD', 80, null]]);
    expect(await call('POST', '/api/operator/companies/', op(), { name: 'northwind studio' })).toEqual({
      status: 400,
      body: { name: ['A company with this name already exists.'] },
    });
    expect(await call('POST', '/api/operator/companies/', op(), { name: ' ' })).toEqual({ status: 400, body: { name: ['This field may not be blank.'] } });
    expect((await call('GET', '/api/operator/companies/999999/subscriptions/', op())).status).toBe(404);
  });
});

describe('subscriptions and credits', () => {
  it("issues a subscription (the existing operator route), then changes its credits; the company's balance follows", async () => {
    const issued = await call<Subscription>('POST', '/api/company/subscriptions/', op(), {
      company_id: w.otherCompanyId,
      plan: 'Pilot',
      credit_type: 'CFD',
      credits_per_period: 10,
    });
    expect(issued.status).toBe(201);
    const changed = await call<Subscription>('PATCH', `/api/operator/subscriptions/${issued.body.id}/`, op(), {
      credits_per_period: 40,
      expires_at: '2099-12-31T23:59:59Z',
    });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ credits_per_period: 40, credits_left: 40, expires_at: '2099-12-31T23:59:59.000Z' });
    const seen = await call<{ results: Subscription[] }>('GET', '/api/company/subscriptions/', w.tokens.otherCompany);
    expect(seen.body.results).toContainEqual(expect.objectContaining({ id: issued.body.id, credits_left: 40 }));
  });

  it('answers 400 naming the field for bad credits, and 404 for no such subscription', async () => {
    expect(await call('PATCH', `/api/operator/subscriptions/${w.projects.subscriptionId}/`, op(), { credits_per_period: 0 })).toEqual({
      status: 400,
      body: { credits_per_period: ['Ensure this value is greater than or equal to 1.'] },
    });
    expect((await call('PATCH', `/api/operator/subscriptions/${w.projects.subscriptionId}/`, op(), {})).status).toBe(400);
    expect((await call('PATCH', '/api/operator/subscriptions/999999/', op(), { plan: 'Ghost' })).status).toBe(404);
  });
});

describe('prices', () => {
  it('changes what an analysis debits, and adds a price for a pair without one', async () => {
    const list = await call<{ results: SimulationPrice[] }>('GET', '/api/company/simulation-prices/?page_size=999', op());
    const solar = list.body.results.find((p) => p.simulation_type === 'solar' && p.credit_type === 'AI')!;
    const changed = await call<SimulationPrice>('PATCH', `/api/operator/simulation-prices/${solar.id}/`, op(), { credits: 7 });
    expect(changed).toEqual({ status: 200, body: { ...solar, credits: 7 } });
    const added = await call<SimulationPrice>('POST', '/api/operator/simulation-prices/', op(), { simulation_type: 'pressure', credit_type: 'AI', credits: 4 });
    expect(added.status).toBe(201);
    expect(await call('POST', '/api/operator/simulation-prices/', op(), { simulation_type: 'pressure', credit_type: 'AI', credits: 4 })).toEqual({
      status: 400,
      body: { simulation_type: ['pressure already has a AI price: change that one.'] },
    });
    expect(
      (await call<Record<string, unknown>>('POST', '/api/operator/simulation-prices/', op(), { simulation_type: 'wind_tunnel', credit_type: 'AI', credits: 4 }))
        .body,
    ).toHaveProperty('simulation_type');
  });

  it("changes a plan's price", async () => {
    const plans = await call<{ results: SubscriptionTypePrice[] }>('GET', '/api/company/subscription-type-prices/', op());
    const first = plans.body.results[0]!;
    const changed = await call<SubscriptionTypePrice>('PATCH', `/api/operator/subscription-type-prices/${first.id}/`, op(), {
      price_cents: 12_345,
      currency: 'EUR',
    });
    expect(changed.body).toMatchObject({ price_cents: 12_345, price: 123.45, currency: 'EUR' });
    expect((await call<Record<string, unknown>>('PATCH', `/api/operator/subscription-type-prices/${first.id}/`, op(), { currency: 'euro' })).body).toEqual({
      currency: ['Enter a three-letter ISO 4217 currency code (e.g. USD).'],
    });
  });
});

describe('the end-user agreement', () => {
  it('publishes a new version, which every user is then asked to agree to', async () => {
    expect((await call<Record<string, unknown>>('POST', `/api/eula/${w.eulaId}/agreement`, w.tokens.colleague)).status).toBe(201);
    expect((await call('GET', '/api/eula/', w.tokens.colleague)).body).toEqual({});
    const published = await call<EulaVersion>('POST', '/api/operator/eula/', op(), { version: '2026-02', title: 'Terms of use', body: 'New terms.' });
    expect(published.status).toBe(201);
    expect(published.body).toMatchObject({ version: '2026-02', agreed_count: 0 });
    expect((await call('GET', '/api/eula/', w.tokens.colleague)).body).toMatchObject({ id: published.body.id, version: '2026-02' });
    const versions = await call<EulaVersionPage>('GET', '/api/operator/eula/', op());
    expect(versions.body.results[0]).toMatchObject({ version: '2026-02' });
    expect(versions.body.results[1]).toMatchObject({ id: w.eulaId, agreed_count: 1 });
    expect(await call('POST', '/api/operator/eula/', op(), { version: '2026-02', title: 'Again', body: 'x' })).toEqual({
      status: 400,
      body: { version: ['Version "2026-02" is already published; give the new text a new version.'] },
    });
  });
});
