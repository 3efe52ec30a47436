/**
 * The installation's operator: the first account that signs up while there is no
 * superuser becomes one; every later sign-up is an ordinary account.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { login } from '../../../test/auth-helpers.ts';
import { createUser } from '../../../test/world.ts';
import { users } from '../../db/schema/index.ts';

const GOOD = 'wind tunnel at dawn';

function signUp(t: TestContext, username: string, company?: string) {
  return t.request('/authusers/', { method: 'POST', json: { username, email: `${username}@example.test`, password: GOOD, ...(company ? { company } : {}) } });
}

async function me(t: TestContext, username: string): Promise<Record<string, unknown>> {
  const { access } = await login(t, username, GOOD);
  return (await (await t.request('/authusers/me/', { token: access })).json()) as Record<string, unknown>;
}

describe('on an installation without an operator', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ STARTER_SUBSCRIPTION: 'false' });
    // The seeded demo account is an ordinary user: it does not take the seat.
    await createUser(t.database.db, { username: 'demo', companyId: null, role: 'Project Manager' });
  });
  afterAll(() => t.close());

  it('the first sign-up becomes the operator (superuser), and keeps the Org Admin role of its company', async () => {
    const res = await signUp(t, 'first.person', 'Founders Ltd');
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ username: 'first.person', is_superuser: true, role: 'Org Admin' });
    expect(await me(t, 'first.person')).toMatchObject({ is_superuser: true });
  });

  it('the second sign-up does not', async () => {
    const res = await signUp(t, 'second.person', 'Other Co');
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ is_superuser: false, role: 'Org Admin' });
    expect(await me(t, 'second.person')).toMatchObject({ is_superuser: false });
    const supers = await t.database.db.select({ username: users.username }).from(users).where(eq(users.isSuperuser, true));
    expect(supers).toEqual([{ username: 'first.person' }]);
  });
});

describe('two first sign-ups at the same instant', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ STARTER_SUBSCRIPTION: 'false' });
  });
  afterAll(() => t.close());

  it('make exactly one operator', async () => {
    const answers = await Promise.all([signUp(t, 'racer.one'), signUp(t, 'racer.two'), signUp(t, 'racer.three')]);
    const bodies = (await Promise.all(answers.map((r) => r.json()))) as Array<{ is_superuser: boolean }>;
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201]);
    expect(bodies.filter((b) => b.is_superuser)).toHaveLength(1);
  });
});

describe('on an installation that already has an operator', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({ STARTER_SUBSCRIPTION: 'false' });
    await createUser(t.database.db, { username: 'root', companyId: null, isSuperuser: true });
  });
  afterAll(() => t.close());

  it('the first sign-up is an ordinary account', async () => {
    const res = await signUp(t, 'newcomer', 'Newco');
    expect(await res.json()).toMatchObject({ is_superuser: false });
  });
});
