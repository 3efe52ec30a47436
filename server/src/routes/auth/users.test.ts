/** POST /authusers/ (sign-up) and GET/PATCH /authusers/me/. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { accessToken, createUser } from '../../../test/world.ts';
import { login } from '../../../test/auth-helpers.ts';
import { companies, roles, users } from '../../db/schema/index.ts';

let t: TestContext;
let token: string;
beforeAll(async () => {
  t = await createTestContext({ STARTER_SUBSCRIPTION: 'false' });
  // An installation with an operator: sign-ups here are ordinary accounts (operator-seat.test.ts).
  await createUser(t.database.db, { username: 'operator', companyId: null, isSuperuser: true });
  const id = await createUser(t.database.db, { username: 'maria', companyId: null, role: 'Engineer' });
  token = await accessToken(t.deps, id);
});
afterAll(() => t.close());

const GOOD = 'wind tunnel at dawn';

function signUp(body: Record<string, unknown>) {
  return t.request('/authusers/', { method: 'POST', json: body });
}

describe('POST /authusers/', () => {
  it('creates the user (201, no password in the answer) who can then sign in', async () => {
    const res = await signUp({
      username: 'jane.doe',
      email: 'jane@acme.test',
      password: GOOD,
      first_name: 'Jane',
      last_name: 'Doe',
      company: 'Acme Wind',
      country: 'ca',
      province: 'Ontario',
    });
    expect(res.status).toBe(201);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).not.toHaveProperty('password');
    expect(JSON.stringify(body)).not.toContain('scrypt');
    expect(body).toMatchObject({
      username: 'jane.doe',
      email: 'jane@acme.test',
      first_name: 'Jane',
      last_name: 'Doe',
      country: 'CA',
      province: 'CA-ON',
      subscription: null,
      is_superuser: false,
      role: 'Org Admin',
      questionnaire_answered: false,
    });
    const [company] = await t.database.db
      .select()
      .from(companies)
      .where(eq(companies.id, body.company_id as number));
    expect(company?.name).toBe('Acme Wind');
    await login(t, 'jane.doe', GOOD);
  });

  it('signs up without a company or place', async () => {
    const res = await signUp({ username: 'solo', email: 'solo@example.test', password: GOOD });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ company_id: null, role: null, country: '', province: '' });
  });

  // A taken e-mail address is no longer refused: the message told anyone which addresses have
  // accounts (server/src/routes/projects/directory-privacy.test.ts).
  it('refuses a duplicate username (any case), and says nothing of the e-mail address', async () => {
    const res = await signUp({ username: 'JANE.DOE', email: 'JANE@acme.test', password: GOOD });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      username: ['A user with that username already exists.'],
    });
  });

  it.each([
    ['short', 'k9#mQ2', ['This password is too short. It must contain at least 8 characters.']],
    ['numeric', '83749261045', ['This password is entirely numeric.']],
    ['common', 'sunshine', ['This password is too common.']],
    ['common, any case', 'PassWord1', ['This password is too common.']],
    ['similar to the username', 'gustavo.kr1', ['The password is too similar to the username.']],
    [
      'short, common and numeric',
      '1234567',
      ['This password is too short. It must contain at least 8 characters.', 'This password is too common.', 'This password is entirely numeric.'],
    ],
  ])('refuses a weak password (%s) under "password"', async (_label, password, messages) => {
    const res = await signUp({ username: 'gustavo.kr', email: 'gk@example.test', password });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ password: messages });
  });

  it('answers missing and malformed fields with DRF field errors', async () => {
    const missing = await signUp({});
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({
      username: ['This field is required.'],
      email: ['This field is required.'],
      password: ['This field is required.'],
    });
    const malformed = await signUp({ username: 'has space', email: 'nope', password: GOOD });
    expect(await malformed.json()).toEqual({
      username: ['Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.'],
      email: ['Enter a valid email address.'],
    });
    const place = await signUp({ username: 'placey', email: 'placey@example.test', password: GOOD, country: 'XQ', province: 'x' });
    expect(Object.keys((await place.json()) as object)).toEqual(['country']);
    const province = await signUp({ username: 'placey', email: 'placey@example.test', password: GOOD, country: 'US', province: 'Ontario' });
    expect(await province.json()).toEqual({ province: ['"Ontario" is not a province of US.'] });
  });
});

describe('/authusers/me/', () => {
  it('returns the signed-in user with subscription, company_id and is_superuser', async () => {
    const res = await t.request('/authusers/me/', { token });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({ username: 'maria', subscription: null, company_id: null, is_superuser: false, role: 'Engineer' });
    expect(Object.keys(body)).not.toContain('password_hash');
  });

  it('updates own profile fields and ignores read-only ones', async () => {
    const res = await t.request('/authusers/me/', {
      method: 'PATCH',
      token,
      json: { first_name: 'María', country: 'GB', province: 'SCT', username: 'hijack', is_superuser: true },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ username: 'maria', first_name: 'María', country: 'GB', province: 'GB-SCT', is_superuser: false });
    const [row] = await t.database.db
      .select({ isSuperuser: users.isSuperuser, role: roles.name })
      .from(users)
      .leftJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.username, 'maria'));
    expect(row).toEqual({ isSuperuser: false, role: 'Engineer' });
  });

  it('validates the place', async () => {
    const res = await t.request('/authusers/me', { method: 'PATCH', token, json: { province: 'Texas' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ province: ['"Texas" is not a province of GB.'] });
  });
});
