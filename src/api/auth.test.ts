/** The auth calls' paths, payloads and how they read the server's answers (fake fetch, no network). */
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, createLocalLock } from './client.ts';
import * as auth from './auth.ts';

type Handler = (url: URL, init: RequestInit) => Response | Promise<Response>;

function json(status: number, body?: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function client(handler: Handler) {
  const calls: Array<{ method: string; url: URL; body: string | null; type: string | null }> = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input));
    calls.push({
      method: init.method ?? 'GET',
      url,
      body: typeof init.body === 'string' ? init.body : null,
      type: new Headers(init.headers).get('content-type'),
    });
    return handler(url, init);
  });
  const api = createApiClient({
    tokens: { read: () => null, write: () => {} },
    lock: createLocalLock(),
    fetch: fetch as typeof globalThis.fetch,
    baseURL: 'http://canopy.test',
  });
  return { api, calls };
}

describe('auth calls', () => {
  it('single sign-on start reads the state out of the authorization URL', async () => {
    const { api, calls } = client(() => json(200, { authorization_url: 'https://idp.example/auth?client_id=c&state=abc123&code_challenge=x' }));
    await expect(auth.startSso(api, 'oidc', 'http://canopy.test/login/')).resolves.toEqual({
      authorizationUrl: 'https://idp.example/auth?client_id=c&state=abc123&code_challenge=x',
      state: 'abc123',
    });
    expect(calls[0]!.url.pathname).toBe('/autho/oidc/');
    expect(calls[0]!.url.searchParams.get('redirect_uri')).toBe('http://canopy.test/login/');
  });

  it('single sign-on exchange posts form-encoded, with code and state in the query', async () => {
    const { api, calls } = client(() => json(201, { access: 'a', refresh: 'r', user: 'ada' }));
    await expect(auth.exchangeSsoCode(api, { code: 'c-1', state: 's-1' }, 'oidc', 'http://canopy.test/login/')).resolves.toEqual({ access: 'a', refresh: 'r' });
    const call = calls[0]!;
    expect(call.method).toBe('POST');
    expect(call.url.searchParams.get('code')).toBe('c-1');
    expect(call.url.searchParams.get('state')).toBe('s-1');
    expect(call.type).toBe('application/x-www-form-urlencoded');
    expect(new URLSearchParams(call.body ?? '').get('redirect_uri')).toBe('http://canopy.test/login/');
  });

  it('single sign-on is available when GET /autho lists the provider', async () => {
    expect(await auth.ssoAvailable(client(() => json(200, { providers: ['oidc'] })).api, 'oidc')).toBe(true);
    expect(await auth.ssoAvailable(client(() => json(200, { providers: [] })).api, 'oidc')).toBe(false);
    expect(await auth.ssoAvailable(client(() => json(404, { detail: 'Not found.' })).api, 'oidc')).toBe(false);
  });

  it('the agreement: {} means accepted, an object with an id is pending', async () => {
    expect(await auth.fetchAgreement(client(() => json(200, {})).api)).toBeNull();
    expect(await auth.fetchAgreement(client(() => json(204)).api)).toBeNull();
    expect(await auth.fetchAgreement(client(() => json(200, { id: 2, version: 'v2', title: 'Terms', body: 'Text', published_at: '2025-01-01' })).api)).toEqual({
      id: 2,
      title: 'Terms',
      body: 'Text',
      version: 'v2',
    });
  });

  it('the questionnaire flag comes from /authusers/me/ questionnaire_answered', async () => {
    expect(await auth.needsQuestionnaire(client(() => json(200, { id: 1, questionnaire_answered: false })).api)).toBe(true);
    expect(await auth.needsQuestionnaire(client(() => json(200, { id: 1, questionnaire_answered: true })).api)).toBe(false);
  });

  it('without either field, the questionnaire is not needed and nothing else is asked (the route is POST only)', async () => {
    const bare = client(() => json(200, { id: 1 }));
    expect(await auth.needsQuestionnaire(bare.api)).toBe(false);
    expect(bare.calls.map((c) => c.url.pathname)).toEqual(['/authusers/me/']);
  });

  it('countries and provinces become {code, name} lists', async () => {
    const { api, calls } = client((url) =>
      url.pathname === '/api/countries'
        ? json(200, [{ code: 'CA', name: 'Canada' }])
        : json(200, [{ code: 'CA-ON', name: 'Ontario', type: 'province', country: 'CA' }]),
    );
    expect(await auth.fetchCountries(api)).toEqual([{ code: 'CA', name: 'Canada' }]);
    expect(await auth.fetchProvinces(api, 'CA')).toEqual([{ code: 'CA-ON', name: 'Ontario' }]);
    expect(calls[1]!.url.searchParams.get('country')).toBe('CA');
  });

  it('password reset, one-time password and sign-up hit the spec paths', async () => {
    const { api, calls } = client(() => json(204));
    await auth.requestPasswordReset(api, 'ada@example.com');
    await auth.confirmPasswordReset(api, { uid: 'MQ', token: 't', new_password: 'p' });
    await auth.requestOneTimePassword(api, 'ada@example.com');
    await auth.createToken(api, { email: 'ada@example.com', otp: '123456' });
    expect(calls.map((c) => `${c.method} ${c.url.pathname} ${c.body}`)).toEqual([
      'POST /authusers/reset_password/ {"email":"ada@example.com"}',
      'POST /authusers/reset_password_confirm/ {"uid":"MQ","token":"t","new_password":"p"}',
      'POST /api/one-time-password/generate {"email":"ada@example.com"}',
      'POST /authjwt/create/ {"email":"ada@example.com","otp":"123456"}',
    ]);
  });
});
