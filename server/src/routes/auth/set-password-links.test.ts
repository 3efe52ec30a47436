/**
 * Accounts added by a company administrator: the welcome mail carries a one-time
 * set-password link to /password/reset/confirm/{uid}/{token} that really sets the password, and a
 * password-reset request works for such an account even before it has a password.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { accessToken, createUser } from '../../../test/world.ts';
import { login } from '../../../test/auth-helpers.ts';
import { caller } from '../../../test/api.ts';
import { companies } from '../../db/schema/index.ts';
import { settleBackground } from '../../jobs/background.ts';

let t: TestContext;
let call: ReturnType<typeof caller>;
let adminId: number;
beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: 'https://canopy.example.test' });
  call = caller(t);
  const [company] = await t.database.db.insert(companies).values({ name: 'Gale Partners' }).returning({ id: companies.id });
  adminId = await createUser(t.database.db, { username: 'olga', companyId: company!.id, role: 'Org Admin' });
});
afterAll(() => t.close());
// Fresh rate-limit windows for each reset request.
afterEach(() => t.clock.advance(61 * 60_000));

const LINK = /https:\/\/canopy\.example\.test\/password\/reset\/confirm\/([\w-]+)\/([\w-]+)/;

function linkIn(text: string): { uid: string; token: string } {
  const match = LINK.exec(text);
  if (!match) throw new Error(`no set-password link in:\n${text}`);
  return { uid: match[1]!, token: match[2]! };
}

async function addUser(username: string): Promise<{ id: number; mail: string }> {
  // A fresh token each time: the tests move the clock past access-token lifetimes.
  const added = await call<{ id: number }>('POST', '/api/company/users/', await accessToken(t.deps, adminId), { username, email: `${username}@example.test` });
  expect(added.status).toBe(201);
  const mail = t.mailer.sent.filter((m) => m.to === `${username}@example.test`).at(-1);
  return { id: added.body.id, mail: mail?.text ?? '' };
}

function confirm(uid: string, token: string, new_password: string) {
  return call('POST', '/authusers/reset_password_confirm/', undefined, { uid, token, new_password });
}

describe('the welcome mail of an admin-added user', () => {
  it('links to the reset-confirm page with a real token that sets the password once', async () => {
    const { id, mail } = await addUser('pieter');
    const { uid, token } = linkIn(mail);
    expect(uid).toBe(Buffer.from(String(id)).toString('base64url'));
    expect(mail).not.toMatch(/Choose your password here: \S+\/reset_password\/\s/);

    expect((await confirm(uid, token, 'a brand new passphrase')).status).toBe(204);
    await login(t, 'pieter', 'a brand new passphrase');
    // One time only: the password changed, so the token no longer matches.
    expect(await confirm(uid, token, 'another passphrase entirely')).toEqual({ status: 400, body: { token: ['Invalid token for given user.'] } });
  });

  it('dies after three days', async () => {
    const { mail } = await addUser('late.lena');
    const { uid, token } = linkIn(mail);
    t.clock.advance(3 * 24 * 3600_000 + 60_000);
    expect((await confirm(uid, token, 'a brand new passphrase')).status).toBe(400);
  });
});

describe('a password-reset request for an admin-added user', () => {
  it('mails a working link to an account that has no password yet', async () => {
    await addUser('quinn');
    const before = t.mailer.sent.length;
    const res = await t.request('/authusers/reset_password/', { method: 'POST', json: { email: 'quinn@example.test' } });
    expect(res.status).toBe(204);
    await settleBackground(t.deps);
    const reset = t.mailer.sent.slice(before).find((m) => m.to === 'quinn@example.test');
    expect(reset?.subject).toBe('Reset your Canopy password');
    const { uid, token } = linkIn(reset!.text);
    expect((await confirm(uid, token, 'quinn chooses this one')).status).toBe(204);
    await login(t, 'quinn', 'quinn chooses this one');
  });
});
