/** POST /authjwt/create|refresh|verify/ and bearer authentication, against the database. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createUserWithPassword, decodeSegment, login, PASSWORD } from '../../../test/auth-helpers.ts';
import { refreshTokenFamilies, users } from '../../db/schema/index.ts';
import { REFRESH_REUSE_GRACE_MS } from '../../contexts/accounts/auth/tokens.ts';

let t: TestContext;
let aliceId: number;
beforeAll(async () => {
  t = await createTestContext();
  aliceId = await createUserWithPassword(t.database.db, { username: 'alice' });
  await createUserWithPassword(t.database.db, { username: 'dormant', isActive: false });
});
afterAll(() => t.close());

const NO_ACCOUNT = { detail: 'No active account found with the given credentials' };

function post(path: string, json: unknown) {
  return t.request(path, { method: 'POST', json });
}

describe('POST /authjwt/create/', () => {
  it('returns a refresh and an access token for the right password, with and without the slash', async () => {
    for (const path of ['/authjwt/create/', '/authjwt/create']) {
      const res = await post(path, { username: 'alice', password: PASSWORD });
      expect(res.status).toBe(200);
      const body = (await res.json()) as Record<string, string>;
      expect(Object.keys(body).sort()).toEqual(['access', 'refresh']);
    }
  });

  it('matches the username case-insensitively and records the login', async () => {
    await login(t, 'ALICE');
    const [row] = await t.database.db.select({ lastLogin: users.lastLogin }).from(users).where(eq(users.id, aliceId));
    expect(row?.lastLogin).toBeInstanceOf(Date);
  });

  it('issues simplejwt-shaped HS256 tokens with the configured lifetimes', async () => {
    const { access, refresh } = await login(t, 'alice');
    expect(decodeSegment(access, 0)).toEqual({ alg: 'HS256', typ: 'JWT' });
    const a = decodeSegment(access, 1);
    expect(a).toMatchObject({ token_type: 'access', user_id: String(aliceId) });
    expect(a.jti).toEqual(expect.any(String));
    expect((a.exp as number) - (a.iat as number)).toBe(300);
    const r = decodeSegment(refresh, 1);
    expect(r).toMatchObject({ token_type: 'refresh', user_id: String(aliceId) });
    expect((r.exp as number) - (r.iat as number)).toBe(86400);
  });

  it('answers a wrong password, an unknown user and an inactive user identically', async () => {
    const answers = [];
    for (const body of [
      { username: 'alice', password: 'not the password' },
      { username: 'nobody-at-all', password: PASSWORD },
      { username: 'dormant', password: PASSWORD },
    ]) {
      const res = await post('/authjwt/create/', body);
      answers.push({ status: res.status, auth: res.headers.get('www-authenticate'), body: await res.text() });
    }
    expect(answers[0]).toEqual({ status: 401, auth: 'Bearer realm="api"', body: JSON.stringify(NO_ACCOUNT) });
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  it('answers missing fields with DRF field errors', async () => {
    const res = await post('/authjwt/create/', {});
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ username: ['This field is required.'], password: ['This field is required.'] });
    const blank = await post('/authjwt/create/', { username: '', password: 'x' });
    expect(await blank.json()).toEqual({ username: ['This field may not be blank.'] });
    const otp = await post('/authjwt/create/', { email: 'alice@example.test' });
    expect(await otp.json()).toEqual({ otp: ['This field is required.'] });
  });

  it('answers a malformed JSON body with 400 and a clear message', async () => {
    const res = await t.request('/authjwt/create/', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"username": "alice", ',
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/^JSON parse error/);
  });
});

describe('bearer authentication', () => {
  it('accepts the access token, refuses a missing header with "not provided" and a bad token with token_not_valid', async () => {
    const { access } = await login(t, 'alice');
    expect((await t.request('/authusers/me/', { token: access })).status).toBe(200);
    const none = await t.request('/authusers/me/');
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer realm="api"');
    expect(await none.json()).toEqual({ detail: 'Authentication credentials were not provided.' });
    const bad = await t.request('/authusers/me/', { token: 'not.a.token' });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toMatchObject({ code: 'token_not_valid' });
  });

  it('refuses a refresh token used as an access token', async () => {
    const { refresh } = await login(t, 'alice');
    const res = await t.request('/authusers/me/', { token: refresh });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ code: 'token_not_valid' });
  });

  it('accepts HS256 only: another algorithm or "none" is refused even with the right secret', async () => {
    const claims = { token_type: 'access', user_id: String(aliceId), jti: 'abc123' };
    const now = Math.floor(Date.now() / 1000);
    const hs512 = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS512' })
      .setIssuedAt(now)
      .setExpirationTime(now + 300)
      .sign(t.deps.secretKey);
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const unsigned = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, iat: now, exp: now + 300 })}.`;
    for (const token of [hs512, unsigned]) {
      const me = await t.request('/authusers/me/', { token });
      expect(me.status).toBe(401);
      expect(await me.json()).toMatchObject({ code: 'token_not_valid' });
      const verify = await post('/authjwt/verify/', { token });
      expect(verify.status).toBe(401);
    }
  });

  it('refuses an access token once it has expired (TestClock)', async () => {
    const { access } = await login(t, 'alice');
    t.clock.advance(301_000);
    try {
      const res = await t.request('/authusers/me/', { token: access });
      expect(res.status).toBe(401);
      const body = (await res.json()) as { code: string; messages: Array<{ message: string }> };
      expect(body.code).toBe('token_not_valid');
      expect(body.messages[0]?.message).toBe('Token is expired');
    } finally {
      t.clock.advance(-301_000);
    }
  });
});

describe('POST /authjwt/refresh/', () => {
  it('rotates: a new access and a new refresh token, both working', async () => {
    const first = await login(t, 'alice');
    const res = await post('/authjwt/refresh/', { refresh: first.refresh });
    expect(res.status).toBe(200);
    const next = (await res.json()) as { access: string; refresh: string };
    expect(next.refresh).not.toBe(first.refresh);
    expect(decodeSegment(next.refresh, 1).fam).toBe(decodeSegment(first.refresh, 1).fam);
    expect((await t.request('/authusers/me', { token: next.access })).status).toBe(200);
    expect((await post('/authjwt/refresh', { refresh: next.refresh })).status).toBe(200);
  });

  it('answers a token presented again within the grace period (two tabs refreshing at once) with a pair of its own, and keeps the family', async () => {
    const first = await login(t, 'alice');
    const tabA = await post('/authjwt/refresh/', { refresh: first.refresh });
    t.clock.advance(REFRESH_REUSE_GRACE_MS - 1_000);
    try {
      const tabB = await post('/authjwt/refresh/', { refresh: first.refresh });
      expect(tabB.status).toBe(200);
      const pairB = (await tabB.json()) as { access: string; refresh: string };
      const pairA = (await tabA.json()) as { access: string; refresh: string };
      expect(pairB.refresh).not.toBe(pairA.refresh);
      expect(decodeSegment(pairB.refresh, 1).fam).toBe(decodeSegment(first.refresh, 1).fam);
      expect((await t.request('/authusers/me', { token: pairB.access })).status).toBe(200);
      // Both successors are live: whichever the tabs end up sharing refreshes.
      expect((await post('/authjwt/refresh/', { refresh: pairA.refresh })).status).toBe(200);
      expect((await post('/authjwt/refresh/', { refresh: pairB.refresh })).status).toBe(200);
    } finally {
      t.clock.advance(-(REFRESH_REUSE_GRACE_MS - 1_000));
    }
  });

  it('detects reuse: a refresh token used again after the grace period revokes its whole family', async () => {
    const first = await login(t, 'alice');
    const second = (await (await post('/authjwt/refresh/', { refresh: first.refresh })).json()) as { refresh: string };
    t.clock.advance(REFRESH_REUSE_GRACE_MS);
    let reuse: Response;
    try {
      reuse = await post('/authjwt/refresh/', { refresh: first.refresh });
    } finally {
      t.clock.advance(-REFRESH_REUSE_GRACE_MS);
    }
    expect(reuse.status).toBe(401);
    expect(reuse.headers.get('www-authenticate')).toBe('Bearer realm="api"');
    expect(await reuse.json()).toEqual({ detail: 'Token is blacklisted', code: 'token_not_valid' });
    // The legitimate holder's newer token dies with the family.
    const afterwards = await post('/authjwt/refresh/', { refresh: second.refresh });
    expect(afterwards.status).toBe(401);
    const fam = decodeSegment(first.refresh, 1).fam as string;
    const [family] = await t.database.db.select().from(refreshTokenFamilies).where(eq(refreshTokenFamilies.id, fam));
    expect(family?.revokedReason).toBe('reuse');
    // Another sign-in's family is untouched.
    const other = await login(t, 'alice');
    expect((await post('/authjwt/refresh/', { refresh: other.refresh })).status).toBe(200);
  });

  it('refuses garbage, an access token, and an expired refresh token with token_not_valid', async () => {
    const pair = await login(t, 'alice');
    for (const refresh of ['garbage', pair.access]) {
      const res = await post('/authjwt/refresh/', { refresh });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ code: 'token_not_valid' });
    }
    t.clock.advance(86_401_000);
    try {
      const res = await post('/authjwt/refresh/', { refresh: pair.refresh });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ detail: 'Token is expired', code: 'token_not_valid' });
    } finally {
      t.clock.advance(-86_401_000);
    }
  });

  it('refuses the token of a user who was deactivated', async () => {
    const id = await createUserWithPassword(t.database.db, { username: 'leaver' });
    const pair = await login(t, 'leaver');
    await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, id));
    expect((await post('/authjwt/refresh/', { refresh: pair.refresh })).status).toBe(401);
  });

  it('requires the refresh field', async () => {
    const res = await post('/authjwt/refresh/', {});
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ refresh: ['This field is required.'] });
  });
});

describe('POST /authjwt/verify/', () => {
  it('answers {} for a valid access or live refresh token, 401 for a used refresh token or garbage', async () => {
    const pair = await login(t, 'alice');
    for (const token of [pair.access, pair.refresh]) {
      const res = await post('/authjwt/verify/', { token });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({});
    }
    await post('/authjwt/refresh/', { refresh: pair.refresh });
    expect((await post('/authjwt/verify', { token: pair.refresh })).status).toBe(401);
    const garbage = await post('/authjwt/verify/', { token: 'garbage' });
    expect(garbage.status).toBe(401);
    expect(await garbage.json()).toEqual({ detail: 'Token is invalid', code: 'token_not_valid' });
    expect(await (await post('/authjwt/verify/', {})).json()).toEqual({ token: ['This field is required.'] });
  });
});
