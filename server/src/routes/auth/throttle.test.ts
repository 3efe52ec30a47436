/**
 * Rate limits on login, one-time password generate and verify, and reset_password: per account and
 * per client address, counters in the database, 429 with Retry-After.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createUserWithPassword, PASSWORD } from '../../../test/auth-helpers.ts';
import { rateLimitCounters } from '../../db/schema/index.ts';
import { THROTTLE_RULES } from '../../contexts/accounts/auth/throttle.ts';
import { settleBackground } from '../../jobs/background.ts';

let t: TestContext;
beforeAll(async () => {
  // TRUST_PROXY: the tests pick their client address through X-Forwarded-For.
  t = await createTestContext({ TRUST_PROXY: 'true' });
  await createUserWithPassword(t.database.db, { username: 'vera', email: 'vera@example.test' });
});
afterAll(async () => {
  await settleBackground(t.deps);
  await t.close();
});

const THROTTLED = /^Request was throttled\. Expected available in (\d+) seconds\.$/;

function from(address: string, path: string, json: unknown) {
  return t.request(path, { method: 'POST', json, headers: { 'x-forwarded-for': `203.0.113.9, ${address}` } });
}

/** Fills a counter as if `hits` attempts had been made, so a test need not pay for them. */
async function preload(key: string, hits: number, windowSeconds: number) {
  const resetAt = new Date(t.clock.now().getTime() + windowSeconds * 1000);
  await t.database.db.insert(rateLimitCounters).values({ key, hits, resetAt }).onConflictDoUpdate({ target: rateLimitCounters.key, set: { hits, resetAt } });
}

async function expectThrottled(res: Response, maxSeconds: number) {
  expect(res.status).toBe(429);
  const detail = ((await res.json()) as { detail: string }).detail;
  const seconds = Number(THROTTLED.exec(detail)?.[1]);
  expect(seconds).toBeGreaterThan(0);
  expect(seconds).toBeLessThanOrEqual(maxSeconds);
  expect(res.headers.get('retry-after')).toBe(String(seconds));
}

describe('login', () => {
  it('throttles an account after its failed attempts, from any address, until the window ends', async () => {
    const { limit, windowSeconds } = THROTTLE_RULES.login.account;
    await preload('login:account:vera', limit, windowSeconds);
    // The right password does not help, and neither does another address.
    await expectThrottled(await from('198.51.100.1', '/authjwt/create/', { username: 'Vera', password: PASSWORD }), windowSeconds);
    await expectThrottled(await from('198.51.100.2', '/authjwt/create/', { username: 'vera', password: PASSWORD }), windowSeconds);
    t.clock.advance(windowSeconds * 1000 + 1000);
    expect((await from('198.51.100.1', '/authjwt/create/', { username: 'vera', password: PASSWORD })).status).toBe(200);
  });

  it('counts real failures and gives a success its hit back', async () => {
    t.clock.advance(3600_000);
    expect((await from('198.51.100.3', '/authjwt/create/', { username: 'vera', password: 'wrong guess' })).status).toBe(401);
    expect((await from('198.51.100.3', '/authjwt/create/', { username: 'vera', password: PASSWORD })).status).toBe(200);
    const rows = await t.database.db.select().from(rateLimitCounters);
    expect(rows.find((r) => r.key === 'login:account:vera')?.hits).toBe(1);
    expect(rows.find((r) => r.key === 'login:address:198.51.100.3')?.hits).toBe(1);
  });

  it('throttles a client address across accounts, whether or not they exist', async () => {
    const { limit, windowSeconds } = THROTTLE_RULES.login.address;
    await preload('login:address:198.51.100.7', limit, windowSeconds);
    await expectThrottled(await from('198.51.100.7', '/authjwt/create/', { username: 'nobody', password: 'x' }), windowSeconds);
    // The same account from elsewhere is fine.
    expect((await from('198.51.100.8', '/authjwt/create/', { username: 'vera', password: PASSWORD })).status).toBe(200);
  });
});

describe('one-time passwords', () => {
  it('throttles generate per account: every request counts, from any client address', async () => {
    const { limit, windowSeconds } = THROTTLE_RULES.otpGenerate.account;
    for (let i = 0; i < limit; i++) {
      expect((await from('192.0.2.10', '/api/one-time-password/generate', { email: 'someone@example.test' })).status).toBe(204);
    }
    await expectThrottled(await from('192.0.2.11', '/api/one-time-password/generate', { email: 'SOMEONE@example.test' }), windowSeconds);
  });

  it('throttles verify per account', async () => {
    const { limit, windowSeconds } = THROTTLE_RULES.otpVerify.account;
    await preload('otpVerify:account:vera@example.test', limit, windowSeconds);
    await expectThrottled(await from('192.0.2.12', '/authjwt/create/', { email: 'vera@example.test', otp: '123456' }), windowSeconds);
  });
});

describe('reset_password', () => {
  it('throttles per address and per account, with the same 429 for known and unknown addresses', async () => {
    const { limit, windowSeconds } = THROTTLE_RULES.resetPassword.account;
    for (let i = 0; i < limit; i++) {
      expect((await from(`192.0.2.${20 + i}`, '/authusers/reset_password/', { email: 'ghost@example.test' })).status).toBe(204);
    }
    await expectThrottled(await from('192.0.2.40', '/authusers/reset_password/', { email: 'ghost@example.test' }), windowSeconds);
    const address = THROTTLE_RULES.resetPassword.address;
    await preload('resetPassword:address:192.0.2.41', address.limit, address.windowSeconds);
    await expectThrottled(await from('192.0.2.41', '/authusers/reset_password/', { email: 'vera@example.test' }), address.windowSeconds);
  });
});
