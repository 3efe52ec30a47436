/** POST /api/one-time-password/generate and signing in with POST /authjwt/create/ {email, otp}. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createUser } from '../../../test/world.ts';
import { settleBackground } from '../../jobs/background.ts';
import { eq } from 'drizzle-orm';
import { users } from '../../db/schema/index.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  await createUser(db, { username: 'olga', email: 'olga@example.test', companyId: null });
  await createUser(db, { username: 'otto', email: 'otto@example.test', companyId: null });
  await createUser(db, { username: 'pia', email: 'pia@example.test', companyId: null });
  const dormant = await createUser(db, { username: 'dormant', email: 'dormant@example.test', companyId: null });
  await db.update(users).set({ isActive: false }).where(eq(users.id, dormant));
});
afterAll(() => t.close());
// Each test starts in fresh rate-limit windows (they are tested in throttle.test.ts).
afterEach(() => t.clock.advance(11 * 60_000));

async function requestCode(email: string): Promise<string | undefined> {
  const before = t.mailer.sent.length;
  const res = await t.request('/api/one-time-password/generate', { method: 'POST', json: { email } });
  expect(res.status).toBe(204);
  expect(await res.text()).toBe('');
  await settleBackground(t.deps);
  const mail = t.mailer.sent.slice(before).find((m) => m.to === email);
  return mail?.text.match(/\b(\d{6})\b/)?.[1];
}

function signIn(email: string, otp: string) {
  return t.request('/authjwt/create/', { method: 'POST', json: { email, otp } });
}

describe('one-time passwords', () => {
  it('mails a 6-digit code that signs in once', async () => {
    const code = await requestCode('olga@example.test');
    expect(code).toMatch(/^\d{6}$/);
    expect(t.mailer.last()?.subject).toBe('Your Canopy sign-in code');
    const res = await signIn('OLGA@example.test', code!);
    expect(res.status).toBe(200);
    expect(Object.keys((await res.json()) as object).sort()).toEqual(['access', 'refresh']);
    const again = await signIn('olga@example.test', code!);
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ detail: 'No active account found with the given credentials' });
  });

  it('answers 204 for an unknown or inactive address and sends nothing', async () => {
    const before = t.mailer.sent.length;
    expect(await requestCode('nobody@example.test')).toBeUndefined();
    expect(await requestCode('dormant@example.test')).toBeUndefined();
    expect(t.mailer.sent.length).toBe(before);
  });

  it('expires after ten minutes', async () => {
    const code = await requestCode('otto@example.test');
    t.clock.advance(10 * 60_000 + 1000);
    try {
      expect((await signIn('otto@example.test', code!)).status).toBe(401);
    } finally {
      t.clock.advance(-(10 * 60_000 + 1000));
    }
  });

  it('dies after five wrong attempts, even for the right code', async () => {
    const code = await requestCode('pia@example.test');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) expect((await signIn('pia@example.test', wrong)).status).toBe(401);
    expect((await signIn('pia@example.test', code!)).status).toBe(401);
  });

  it('still accepts the right code after four wrong attempts', async () => {
    const code = await requestCode('pia@example.test');
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 4; i++) expect((await signIn('pia@example.test', wrong)).status).toBe(401);
    expect((await signIn('pia@example.test', code!)).status).toBe(200);
  });

  it('replaces the previous code when a new one is asked for', async () => {
    const first = await requestCode('otto@example.test');
    let second = await requestCode('otto@example.test');
    while (second === first) second = await requestCode('otto@example.test');
    expect((await signIn('otto@example.test', first!)).status).toBe(401);
    expect((await signIn('otto@example.test', second!)).status).toBe(200);
  });

  it('validates the address', async () => {
    const res = await t.request('/api/one-time-password/generate', { method: 'POST', json: { email: 'not-an-address' } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ email: ['Enter a valid email address.'] });
    const missing = await t.request('/api/one-time-password/generate', { method: 'POST', json: {} });
    expect(await missing.json()).toEqual({ email: ['This field is required.'] });
  });
});
