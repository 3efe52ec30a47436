/** POST /authusers/reset_password/ and /authusers/reset_password_confirm/. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createUserWithPassword, login, PASSWORD } from '../../../test/auth-helpers.ts';
import { settleBackground } from '../../jobs/background.ts';

let t: TestContext;
let ritaId: number;
beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: 'https://canopy.example.test' });
  ritaId = await createUserWithPassword(t.database.db, { username: 'rita', email: 'rita@example.test' });
  await createUserWithPassword(t.database.db, { username: 'sam', email: 'sam@example.test' });
});
afterAll(() => t.close());
// Each test starts in fresh rate-limit windows (they are tested in throttle.test.ts).
afterEach(() => t.clock.advance(61 * 60_000));

const NEW_PASSWORD = 'a completely new passphrase';

async function requestLink(email: string): Promise<{ uid: string; token: string }> {
  const before = t.mailer.sent.length;
  const res = await t.request('/authusers/reset_password/', { method: 'POST', json: { email } });
  expect(res.status).toBe(204);
  await settleBackground(t.deps);
  const mail = t.mailer.sent.slice(before).find((m) => m.to === email)!;
  const match = mail.text.match(/https:\/\/canopy\.example\.test\/password\/reset\/confirm\/([\w-]+)\/([\w-]+)/)!;
  return { uid: match[1]!, token: match[2]! };
}

function confirm(body: Record<string, string>) {
  return t.request('/authusers/reset_password_confirm/', { method: 'POST', json: body });
}

describe('POST /authusers/reset_password/', () => {
  it('answers 204 with an empty body before the mail is sent, and mails a link', async () => {
    const res = await t.request('/authusers/reset_password/', { method: 'POST', json: { email: 'rita@example.test' } });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    // Queued, not sent inside the request.
    expect(t.mailer.sent).toHaveLength(0);
    await settleBackground(t.deps);
    expect(t.mailer.sent).toHaveLength(1);
    expect(t.mailer.last()?.to).toBe('rita@example.test');
    expect(t.mailer.last()?.text).toMatch(/\/password\/reset\/confirm\//);
  });

  it('carries the user id as unpadded URL-safe base64', async () => {
    const { uid } = await requestLink('rita@example.test');
    expect(uid).toBe(Buffer.from(String(ritaId)).toString('base64url'));
    expect(uid).not.toContain('=');
  });

  it('answers an unknown address the same way and sends nothing', async () => {
    const before = t.mailer.sent.length;
    const res = await t.request('/authusers/reset_password/', { method: 'POST', json: { email: 'nobody@example.test' } });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    await settleBackground(t.deps);
    expect(t.mailer.sent.length).toBe(before);
  });
});

describe('POST /authusers/reset_password_confirm/', () => {
  it('sets the new password once; the link is dead afterwards and every refresh token is revoked', async () => {
    const session = await login(t, 'sam');
    const { uid, token } = await requestLink('sam@example.test');
    const res = await confirm({ uid, token, new_password: NEW_PASSWORD });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    await login(t, 'sam', NEW_PASSWORD);
    const again = await confirm({ uid, token, new_password: 'yet another passphrase' });
    expect(again.status).toBe(400);
    expect(await again.json()).toEqual({ token: ['Invalid token for given user.'] });
    const refresh = await t.request('/authjwt/refresh/', { method: 'POST', json: { refresh: session.refresh } });
    expect(refresh.status).toBe(401);
    expect(await refresh.json()).toMatchObject({ code: 'token_not_valid' });
  });

  it('is invalid after a sign-in', async () => {
    const { uid, token } = await requestLink('rita@example.test');
    await login(t, 'rita');
    const res = await confirm({ uid, token, new_password: NEW_PASSWORD });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ token: ['Invalid token for given user.'] });
  });

  it('expires after three days', async () => {
    const { uid, token } = await requestLink('rita@example.test');
    t.clock.advance(3 * 86_400_000 + 1000);
    try {
      expect(await (await confirm({ uid, token, new_password: NEW_PASSWORD })).json()).toEqual({ token: ['Invalid token for given user.'] });
    } finally {
      t.clock.advance(-(3 * 86_400_000 + 1000));
    }
  });

  it('refuses a bad uid and a forged token', async () => {
    const { uid, token } = await requestLink('rita@example.test');
    for (const bad of ['', '!!!', Buffer.from('999999').toString('base64url'), Buffer.from('abc').toString('base64url')]) {
      const res = await confirm({ uid: bad || 'x', token, new_password: NEW_PASSWORD });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ uid: ["Invalid user id or user doesn't exist."] });
    }
    const forged = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    expect(await (await confirm({ uid, token: forged, new_password: NEW_PASSWORD })).json()).toEqual({
      token: ['Invalid token for given user.'],
    });
  });

  it('applies the password rules to the new password, and keeps the link usable', async () => {
    const { uid, token } = await requestLink('rita@example.test');
    const weak = await confirm({ uid, token, new_password: '1234' });
    expect(weak.status).toBe(400);
    const body = (await weak.json()) as { new_password: string[] };
    expect(body.new_password).toContain('This password is too short. It must contain at least 8 characters.');
    expect(body.new_password).toContain('This password is entirely numeric.');
    expect((await confirm({ uid, token, new_password: PASSWORD + ' again' })).status).toBe(204);
  });

  it('requires every field', async () => {
    const res = await confirm({});
    expect(await res.json()).toEqual({
      uid: ['This field is required.'],
      token: ['This field is required.'],
      new_password: ['This field is required.'],
    });
  });
});
