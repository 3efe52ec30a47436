/**
 * The sign-in policy (docs/login-throttling.md): an attacker is slowed
 * by growing delays per account and client, without locking the owner out — a browser that signed
 * in before carries a device cookie that no one else's failures can touch; every sign-in from an
 * address counts against a short per-address budget whatever its outcome; sign-ups too; and at most
 * a few password hashes run at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createUserWithPassword, PASSWORD } from '../../../test/auth-helpers.ts';
import { rateLimitCounters } from '../../db/schema/index.ts';
import { THROTTLE_RULES } from '../../contexts/accounts/auth/throttle.ts';
import { LOGIN_POLICY } from '../../contexts/accounts/auth/login-throttle.ts';
import { hashSlots, hashPassword } from '../../crypto/passwords.ts';
import { settleBackground } from '../../jobs/background.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: 'true' });
  await createUserWithPassword(t.database.db, { username: 'olga', email: 'olga@example.test' });
  await createUserWithPassword(t.database.db, { username: 'pavel', email: 'pavel@example.test' });
});
afterAll(async () => {
  await settleBackground(t.deps);
  await t.close();
});

function signIn(address: string, username: string, password: string, cookie?: string) {
  return t.request('/authjwt/create/', {
    method: 'POST',
    json: { username, password },
    headers: { 'x-forwarded-for': address, ...(cookie ? { cookie } : {}) },
  });
}

function deviceCookie(res: Response): string {
  const set = res.headers.get('set-cookie') ?? '';
  expect(set).toMatch(/HttpOnly/i);
  expect(set).toMatch(/SameSite=Strict/i);
  return set.split(';')[0]!;
}

/** Fills a counter as if that many attempts had been made. */
async function preload(key: string, hits: number, resetAt: Date) {
  await t.database.db.insert(rateLimitCounters).values({ key, hits, resetAt }).onConflictDoUpdate({ target: rateLimitCounters.key, set: { hits, resetAt } });
}

const retryAfter = (res: Response) => Number(res.headers.get('retry-after'));

describe('an attacker guessing one password', () => {
  it('is slowed by delays that grow with each failure, per account and address', async () => {
    const attacker = '203.0.113.50';
    for (let i = 0; i < LOGIN_POLICY.freeFailures; i++) expect((await signIn(attacker, 'pavel', `guess ${i}`)).status).toBe(401);
    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const refused = await signIn(attacker, 'pavel', 'again');
      expect(refused.status).toBe(429);
      waits.push(retryAfter(refused));
      t.clock.advance(retryAfter(refused) * 1000);
      expect((await signIn(attacker, 'pavel', `late guess ${i}`)).status).toBe(401);
    }
    expect(waits).toEqual([1, 2, 4, 8]);
    // The owner from another address is not slowed by it.
    expect((await signIn('198.51.100.20', 'pavel', PASSWORD)).status).toBe(200);
    t.clock.advance(3600_000);
  });
});

describe('the owner', () => {
  it('signs in from a browser that signed in before, even while the account and the address are under attack', async () => {
    const office = '192.0.2.77';
    const first = await signIn(office, 'olga', PASSWORD);
    expect(first.status).toBe(200);
    const cookie = deviceCookie(first);
    // The attack: failures enough to trip every per-account and per-address limit, from the owner's own address.
    const { account, address } = THROTTLE_RULES.login;
    const now = t.clock.now().getTime();
    await preload('login:account:olga', account.limit, new Date(now + account.windowSeconds * 1000));
    await preload(`login:address:${office}`, address.limit, new Date(now + address.windowSeconds * 1000));
    for (let i = 0; i < LOGIN_POLICY.freeFailures + 3; i++) await signIn(office, 'olga', `attacker ${i}`);
    expect((await signIn(office, 'olga', PASSWORD)).status).toBe(429);
    // The owner's browser is another client: none of it applies.
    expect((await signIn(office, 'olga', PASSWORD, cookie)).status).toBe(200);
    t.clock.advance(3600_000);
  });

  it("does not trust a forged or another account's device cookie", async () => {
    const first = await signIn('192.0.2.80', 'olga', PASSWORD);
    const [name, value] = deviceCookie(first).split('=');
    const forged = `${name}=${value!.slice(0, -2)}xx`;
    const now = t.clock.now().getTime();
    await preload('login:account:olga', THROTTLE_RULES.login.account.limit, new Date(now + 300_000));
    expect((await signIn('192.0.2.81', 'olga', PASSWORD, forged)).status).toBe(429);
    t.clock.advance(3600_000);
  });
});

describe('every sign-in counts against its address', () => {
  it('successful ones too: a short per-address budget, then 429 for a minute', async () => {
    const { limit, windowSeconds } = LOGIN_POLICY.attemptsPerAddress;
    const busy = '198.51.100.99';
    // As if limit - 1 sign-ins had just come from this address.
    await preload(`login:attempts:${busy}`, limit - 1, new Date(t.clock.now().getTime() + windowSeconds * 1000));
    expect((await signIn(busy, 'pavel', PASSWORD)).status).toBe(200);
    const refused = await signIn(busy, 'pavel', PASSWORD);
    expect(refused.status).toBe(429);
    expect(retryAfter(refused)).toBeLessThanOrEqual(windowSeconds);
    expect((await signIn('198.51.100.98', 'pavel', PASSWORD)).status).toBe(200);
    t.clock.advance(windowSeconds * 1000 + 1000);
    expect((await signIn(busy, 'pavel', PASSWORD)).status).toBe(200);
    t.clock.advance(3600_000);
  });

  it('sign-ups too', async () => {
    const { limit, windowSeconds } = LOGIN_POLICY.signUpsPerAddress;
    const from = '198.51.100.150';
    const signUp = (i: number) =>
      t.request('/authusers/', {
        method: 'POST',
        json: { username: `joiner${i}`, email: `joiner${i}@example.test`, password: 'a sturdy passphrase for tests' },
        headers: { 'x-forwarded-for': from },
      });
    await preload(`signup:address:${from}`, limit - 1, new Date(t.clock.now().getTime() + windowSeconds * 1000));
    expect((await signUp(1)).status).toBe(201);
    expect((await signUp(2)).status).toBe(429);
    expect(
      (
        await t.request('/authusers/', {
          method: 'POST',
          json: { username: 'joiner3', email: 'joiner3@example.test', password: 'a sturdy passphrase for tests' },
          headers: { 'x-forwarded-for': '198.51.100.151' },
        })
      ).status,
    ).toBe(201);
  });
});

describe('password hashing', () => {
  it('runs a bounded number of hashes at once, the rest queued', async () => {
    const before = hashSlots.peak;
    await Promise.all(Array.from({ length: 6 }, (_, i) => hashPassword(`concurrent password ${i}`)));
    expect(hashSlots.peak).toBeLessThanOrEqual(hashSlots.size);
    expect(hashSlots.size).toBeLessThanOrEqual(2);
    expect(before).toBeLessThanOrEqual(hashSlots.size);
  });
});
