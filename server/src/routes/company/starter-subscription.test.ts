/**
 * Starter subscriptions: with STARTER_SUBSCRIPTION on, a company created by sign-up gets one
 * subscription per job level Canopy offers its computations at — one, CFD — held by the founder, so
 * the team can run every analysis Canopy computes at once; with it off, none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createUser } from '../../../test/world.ts';
import { login } from '../../../test/auth-helpers.ts';
import { subscriptions } from '../../db/schema/index.ts';
import type { Subscription } from '@canopy/contract/subscriptions.ts';
import type { CapabilityList } from '@canopy/contract/capabilities.ts';

const GOOD = 'wind tunnel at dawn';

async function signUpAndRead(t: TestContext, username: string, company?: string) {
  const res = await t.request('/authusers/', {
    method: 'POST',
    json: { username, email: `${username}@example.test`, password: GOOD, ...(company ? { company } : {}) },
  });
  expect(res.status).toBe(201);
  const { access } = await login(t, username, GOOD);
  const me = (await (await t.request('/authusers/me/', { token: access })).json()) as { subscription: number | null; company_id: number | null };
  const list = await t.request('/api/company/subscriptions/', { token: access });
  const subs = list.status === 200 ? ((await list.json()) as { results: Subscription[] }).results : [];
  return { me, subs, access };
}

describe('with STARTER_SUBSCRIPTION on', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ STARTER_SUBSCRIPTION: 'true', STARTER_CREDITS: '150' });
    // An operator exists already, so the sign-ups below are ordinary founders.
    await createUser(t.database.db, { username: 'root', companyId: null, isSuperuser: true });
  });
  afterAll(() => t.close());

  it('gives a new company one starter subscription, held by the founder, that covers every analysis Canopy computes', async () => {
    const { me, subs, access } = await signUpAndRead(t, 'founder', 'Fresh Start Ltd');
    expect(subs.map((s) => [s.plan, s.credit_type, s.credits_per_period, s.credits_left, s.user, s.company_id])).toEqual([
      ['Starter (CFD)', 'CFD', 150, 150, expect.any(Number), me.company_id],
    ]);
    expect(me.subscription).toBe(subs[0]!.id);
    // Every analysis Canopy computes is offered at the level of the founder's credits, so none is a dead end at approval.
    const offer = (await (await t.request('/api/scenario-capabilities/', { token: access })).json()) as CapabilityList;
    const own = offer.results.filter((c) => c.computed_by === 'canopy');
    expect(own.map((c) => c.analysis_type).sort()).toEqual(['directional_wind', 'pedestrian_wind_comfort', 'solar', 'thermal_comfort']);
    expect(new Set(own.map((c) => c.engine))).toEqual(new Set([subs[0]!.credit_type]));
  });

  it('grants nothing to a sign-up without a company', async () => {
    const { me } = await signUpAndRead(t, 'loner');
    expect(me).toMatchObject({ subscription: null, company_id: null });
    expect(await t.database.db.select().from(subscriptions)).toHaveLength(1);
  });
});

describe('with STARTER_SUBSCRIPTION off', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ STARTER_SUBSCRIPTION: 'false' });
    await createUser(t.database.db, { username: 'root', companyId: null, isSuperuser: true });
  });
  afterAll(() => t.close());

  it('gives a new company no subscription', async () => {
    const { me, subs } = await signUpAndRead(t, 'founder', 'Waiting Ltd');
    expect(me.subscription).toBeNull();
    expect(subs).toEqual([]);
    expect(await t.database.db.select().from(subscriptions).where(eq(subscriptions.companyId, me.company_id!))).toEqual([]);
  });
});
