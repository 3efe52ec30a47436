/** Single sign-on against the real local identity provider (oidc-provider), started in-process. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { randomBytes } from 'node:crypto';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createUser } from '../../../test/world.ts';
import { signInAtIdp } from '../../../test/idp-user-agent.ts';
import { startDevIdp, type DevIdp } from '../../dev/idp.ts';
import { companies, roles, ssoPendingLogins, users } from '../../db/schema/index.ts';

const APP_LOGIN = 'http://localhost:8080/login/';
const OTHER_ALLOWED = 'http://app.test/sso-callback';

let idp: DevIdp;
let t: TestContext;
let ssoCompanyId: number;

beforeAll(async () => {
  idp = await startDevIdp({
    accounts: [
      { sub: 'existing', email: 'Existing@Acme.test', email_verified: true },
      { sub: 'newbie', email: 'newbie@sso.test', email_verified: true, given_name: 'Nia', family_name: 'Newbie' },
      { sub: 'stranger', email: 'stranger@nowhere.test', email_verified: true },
      { sub: 'unverified', email: 'unverified@sso.test', email_verified: false },
    ],
    clients: [{ client_id: 'canopy-test', client_secret: 'canopy-test-secret', redirect_uris: [APP_LOGIN, OTHER_ALLOWED] }],
  });
  t = await createTestContext({
    OIDC_ISSUER: idp.issuer,
    OIDC_CLIENT_ID: 'canopy-test',
    OIDC_CLIENT_SECRET: 'canopy-test-secret',
    OIDC_REDIRECT_URIS: OTHER_ALLOWED,
    PUBLIC_URL: 'http://localhost:8080',
  });
  const db = t.database.db;
  const [acme] = await db.insert(companies).values({ name: 'Acme', domain: 'acme.test' }).returning({ id: companies.id });
  await createUser(db, { username: 'existing', email: 'existing@acme.test', companyId: acme!.id, role: 'Engineer' });
  const [sso] = await db.insert(companies).values({ name: 'SSO Co', domain: 'sso.test', allowSso: true }).returning({ id: companies.id });
  ssoCompanyId = sso!.id;
});
afterAll(async () => {
  await t?.close();
  await idp?.close();
});

async function start(redirectUri = APP_LOGIN): Promise<URL> {
  const res = await t.request(`/autho/oidc/?redirect_uri=${encodeURIComponent(redirectUri)}`);
  expect(res.status).toBe(200);
  return new URL(((await res.json()) as { authorization_url: string }).authorization_url);
}

function finish(code: string, state: string, extra: Record<string, string> = {}) {
  return t.request(`/autho/oidc/?${new URLSearchParams({ code, state })}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(extra).toString(),
  });
}

async function callbackFor(sub: string, redirectUri = APP_LOGIN) {
  const authorization = await start(redirectUri);
  const callback = await signInAtIdp(authorization.href, sub);
  return { authorization, code: callback.searchParams.get('code')!, state: callback.searchParams.get('state')!, callback };
}

describe('GET /autho/{provider}/', () => {
  it('lists the configured provider', async () => {
    expect(await (await t.request('/autho/')).json()).toEqual({ providers: ['oidc'] });
  });

  it('returns an authorization URL with PKCE S256, state and nonce, and keeps them server-side', async () => {
    const url = await start();
    expect(url.origin).toBe(idp.issuer);
    const params = url.searchParams;
    expect(params.get('client_id')).toBe('canopy-test');
    expect(params.get('redirect_uri')).toBe(APP_LOGIN);
    expect(params.get('response_type')).toBe('code');
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('nonce')).toBeTruthy();
    const [pending] = await t.database.db
      .select()
      .from(ssoPendingLogins)
      .where(eq(ssoPendingLogins.state, params.get('state')!));
    expect(pending?.redirectUri).toBe(APP_LOGIN);
  });

  it('accepts a redirect_uri from OIDC_REDIRECT_URIS', async () => {
    expect((await start(OTHER_ALLOWED)).searchParams.get('redirect_uri')).toBe(OTHER_ALLOWED);
  });

  it('refuses a redirect_uri that is not allowed, and a missing one', async () => {
    const res = await t.request(`/autho/oidc/?redirect_uri=${encodeURIComponent('https://evil.test/login/')}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ redirect_uri: ['This redirect_uri is not on the list of allowed redirect URIs.'] });
    const missing = await t.request('/autho/oidc/');
    expect(missing.status).toBe(400);
    expect(await missing.json()).toEqual({ redirect_uri: ['This field is required.'] });
  });

  it('answers 404 for an unknown provider', async () => {
    const res = await t.request(`/autho/google-oauth2/?redirect_uri=${encodeURIComponent(APP_LOGIN)}`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ detail: 'Not found.' });
    expect((await t.request('/autho/google-oauth2/?code=a&state=b', { method: 'POST' })).status).toBe(404);
  });
});

describe('POST /autho/{provider}/', () => {
  it('signs in the account with the verified e-mail address (happy path)', async () => {
    const { code, state, callback } = await callbackFor('existing');
    expect(callback.href.startsWith(APP_LOGIN)).toBe(true);
    const res = await finish(code, state);
    expect(res.status).toBe(201);
    const body = (await res.json()) as { access: string; refresh: string; user: string };
    expect(body.user).toBe('existing');
    const me = await t.request('/authusers/me/', { token: body.access });
    expect(((await me.json()) as { username: string }).username).toBe('existing');
    const refreshed = await t.request('/authjwt/refresh/', { method: 'POST', json: { refresh: body.refresh } });
    expect(refreshed.status).toBe(200);
  });

  it('creates an account in the company whose domain allows single sign-on', async () => {
    const { code, state } = await callbackFor('newbie');
    const res = await finish(code, state);
    expect(res.status).toBe(201);
    expect(((await res.json()) as { user: string }).user).toBe('newbie@sso.test');
    const [row] = await t.database.db
      .select({ companyId: users.companyId, firstName: users.firstName, role: roles.name, passwordHash: users.passwordHash })
      .from(users)
      .leftJoin(roles, eq(roles.id, users.roleId))
      .where(eq(users.email, 'newbie@sso.test'));
    expect(row).toEqual({ companyId: ssoCompanyId, firstName: 'Nia', role: 'Viewer', passwordHash: '' });
  });

  it('refuses an address with no account whose domain does not allow SSO, and an unverified address', async () => {
    for (const sub of ['stranger', 'unverified']) {
      const { code, state } = await callbackFor(sub);
      const res = await finish(code, state);
      expect(res.status).toBe(400);
      expect(Object.keys((await res.json()) as object)).toEqual(['non_field_errors']);
    }
    expect(await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, 'stranger@nowhere.test'))).toEqual([]);
  });

  it('refuses a state it did not issue (state mismatch) without spending the real one', async () => {
    const { code, state } = await callbackFor('existing');
    const forged = await finish(code, 'a-state-we-never-issued');
    expect(forged.status).toBe(400);
    expect(await forged.json()).toEqual({ non_field_errors: ['State could not be found in server-side session data.'] });
    expect((await finish(code, state)).status).toBe(201);
  });

  it('refuses a reused code, with its own state and with a fresh one', async () => {
    const { code, state } = await callbackFor('existing');
    expect((await finish(code, state)).status).toBe(201);
    expect((await finish(code, state)).status).toBe(400);
    // A new flow's state with the old code: the provider refuses the spent code.
    const fresh = (await start()).searchParams.get('state')!;
    const replay = await finish(code, fresh);
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({ non_field_errors: ['The sign-in provider did not accept this sign-in. Start again.'] });
  });

  it('fails when the PKCE verifier does not match the challenge', async () => {
    const { code, state } = await callbackFor('existing');
    await t.database.db
      .update(ssoPendingLogins)
      .set({ codeVerifier: randomBytes(32).toString('base64url') })
      .where(eq(ssoPendingLogins.state, state));
    const res = await finish(code, state);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ non_field_errors: ['The sign-in provider did not accept this sign-in. Start again.'] });
  });

  it('refuses a redirect_uri other than the one the flow started with', async () => {
    const { code, state } = await callbackFor('existing');
    const res = await finish(code, state, { redirect_uri: OTHER_ALLOWED });
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()) as object)).toEqual(['redirect_uri']);
  });

  it('requires code and state', async () => {
    const res = await t.request('/autho/oidc/', { method: 'POST' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ code: ['This field is required.'], state: ['This field is required.'] });
  });

  it('accepts code and state in a JSON body too', async () => {
    const { code, state } = await callbackFor('existing');
    const res = await t.request('/autho/oidc', { method: 'POST', json: { code, state } });
    expect(res.status).toBe(201);
  });
});
