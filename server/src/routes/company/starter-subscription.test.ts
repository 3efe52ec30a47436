/**
 * Starter subscriptions (issue 16): with STARTER_SUBSCRIPTION on, a company created by sign-up gets
 * one subscription per job level Canopy computes at, the founder holding the first, so the team can
 * run studies at once; with it off, none.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createUser } from '../../../test/world.ts';
import { login } from '../../../test/auth-helpers.ts';
import { subscriptions } from '../../db/schema/index.ts';
import type { Subscription } from '@canopy/contract/subscriptions.ts';

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
  return { me, subs };
}

describe('with STARTER_SUBSCRIPTION on', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ STARTER_SUBSCRIPTION: 'true', STARTER_CREDITS: '150' });
    // An operator exists already, so the sign-ups below are ordinary founders.
    await createUser(t.database.db, { username: 'root', companyId: null, isSuperuser: true });
  });
  afterAll(() => t.close());

  it('gives a new company a starter subscription per job level, the founder holding the first', async () => {
    const { me, subs } = await signUpAndRead(t, 'founder', 'Fresh Start Ltd');
    expect(subs.map((s) => [s.plan, s.credit_type, s.credits_per_period, s.credits_left, s.user, s.company_id])).toEqual([
      ['Starter (AI)', 'AI', 150, 150, expect.any(Number), me.company_id],
      ['Starter (CFD)', 'CFD', 150, 150, null, me.company_id],
    ]);
    expect(me.subscription).toBe(subs[0]!.id);
  });

  it('grants nothing to a sign-up without a company', async () => {
    const { me } = await signUpAndRead(t, 'loner');
    expect(me).toMatchObject({ subscription: null, company_id: null });
    expect(await t.database.db.select().from(subscriptions)).toHaveLength(2);
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
