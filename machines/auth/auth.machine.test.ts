/** The sign-in machine, transition by transition, with fake actors and spy side effects. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { GENERIC_RESET_ERROR, SSO_DID_NOT_START, SSO_STATE_MISMATCH } from './auth.machine.ts';
import {
  normalizeStatus,
  selectIsAuthenticated,
  selectIsSignedIn,
  selectNeedsQuestionnaire,
  selectReturnPath,
  selectStatus,
  selectStoredAuth,
} from './auth.selectors.ts';
import type { AuthResponse } from './auth.types.ts';
import { deferred, DETAILS, serverError, start, STORED, TOKENS } from './auth.test-harness.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('starting', () => {
  it('is logged out when nothing is stored', () => {
    const { actor } = start();
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'loggedOut' });
    expect(selectStatus(actor.getSnapshot())).toBe('LOGGED_OUT');
  });

  it('restores a stored session into the app and checks the agreement', async () => {
    const { actor, services } = start(STORED);
    expect(selectStatus(actor.getSnapshot())).toBe('AUTHENTICATED');
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(true);
    await waitFor(actor, (s) => s.matches({ authenticated: { ready: 'active' } }));
    expect(services.loadAgreement).toHaveBeenCalledTimes(1);
    expect(services.checkQuestionnaire).not.toHaveBeenCalled();
  });

  it('restores the questionnaire when its flag is stored, and keeps the app closed', () => {
    const { actor } = start({ ...STORED, questionnaire: true });
    expect(actor.getSnapshot().matches({ authenticated: 'questionnaire' })).toBe(true);
    expect(selectIsSignedIn(actor.getSnapshot())).toBe(true);
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(false);
  });

  it('ignores a stored questionnaire flag without a session', () => {
    const { actor } = start({ stored: null, questionnaire: true });
    expect(actor.getSnapshot().matches({ signedOut: 'loggedOut' })).toBe(true);
    expect(selectNeedsQuestionnaire(actor.getSnapshot())).toBe(false);
  });
});

describe('password and one-time-password login', () => {
  it('waits for the token, then checks onboarding, then opens the app', async () => {
    const checked = deferred<boolean>();
    const { actor, services, effects } = start(undefined, { checkQuestionnaire: vi.fn(() => checked.promise) });
    actor.send({ type: 'credentials.submit', credentials: { username: 'ada', password: 'pw' } });
    expect(selectStatus(actor.getSnapshot())).toBe('WAIT_FOR_TOKEN');
    expect(services.login).toHaveBeenCalledWith({ username: 'ada', password: 'pw' });
    await waitFor(actor, (s) => s.matches({ authenticated: 'checkingOnboarding' }));
    // The tokens are saved (for the API client) before the onboarding check makes its call.
    expect(effects.saveSession).toHaveBeenCalledWith(TOKENS);
    expect(effects.saveSession.mock.invocationCallOrder[0]).toBeLessThan(vi.mocked(services.checkQuestionnaire).mock.invocationCallOrder[0]!);
    expect(selectStatus(actor.getSnapshot())).toBe('AUTHENTICATED');
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(false);
    expect(selectStoredAuth(actor.getSnapshot())).toEqual({ version: 1, status: 'AUTHENTICATED', auth_response: TOKENS });
    checked.resolve(false);
    await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(true);
  });

  it('a refused login fails and keeps the server error', async () => {
    const refusal = serverError(401, { detail: 'No active account found with the given credentials' });
    const { actor } = start(undefined, { login: vi.fn(async () => Promise.reject(refusal)) });
    actor.send({ type: 'credentials.submit', credentials: { username: 'ada', password: 'nope' } });
    await waitFor(actor, (s) => s.matches({ signedOut: 'failed' }));
    expect(selectStatus(actor.getSnapshot())).toBe('ERROR');
    expect(actor.getSnapshot().context.loginError).toEqual(refusal);
    expect(actor.getSnapshot().context.authResponse).toBeNull();
  });

  it('a second attempt from failed clears the error', async () => {
    const login = vi
      .fn()
      .mockRejectedValueOnce(serverError(401, { detail: 'No' }))
      .mockResolvedValueOnce(TOKENS);
    const { actor } = start(undefined, { login });
    actor.send({ type: 'credentials.submit', credentials: { username: 'ada', password: 'x' } });
    await waitFor(actor, (s) => s.matches({ signedOut: 'failed' }));
    actor.send({ type: 'credentials.submit', credentials: { username: 'ada', password: 'y' } });
    expect(actor.getSnapshot().context.loginError).toBeNull();
    await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
  });

  it('one-time password sends {email, otp} to the same login', async () => {
    const { actor, services } = start();
    actor.send({ type: 'otp.submit', credentials: { email: 'ada@example.com', otp: '123456' } });
    expect(selectStatus(actor.getSnapshot())).toBe('WAIT_FOR_TOKEN');
    await waitFor(actor, (s) => s.matches('authenticated'));
    expect(services.login).toHaveBeenCalledWith({ email: 'ada@example.com', otp: '123456' });
  });

  it('a wrong one-time code fails', async () => {
    const { actor } = start(undefined, { login: vi.fn(async () => Promise.reject(serverError(400, { otp: ['Invalid or expired code.'] }))) });
    actor.send({ type: 'otp.submit', credentials: { email: 'ada@example.com', otp: '000000' } });
    await waitFor(actor, (s) => s.matches({ signedOut: 'failed' }));
    expect(actor.getSnapshot().context.loginError?.fields.otp).toEqual(['Invalid or expired code.']);
  });
});

describe('single sign-on', () => {
  it('start: fetches the address, saves state and original path, then sends the browser away', async () => {
    const { actor, effects } = start();
    actor.send({ type: 'sso.start', returnPath: '/projects/7/share' });
    expect(selectStatus(actor.getSnapshot())).toBe('WAIT_FOR_OAUTH_REDIRECT_URL');
    await waitFor(actor, (s) => s.matches({ redirectingToSso: 'leaving' }));
    expect(selectStatus(actor.getSnapshot())).toBe('WAIT_FOR_OAUTH_REDIRECT_URL');
    expect(effects.storePendingSso).toHaveBeenCalledWith({ state: 's-1', returnPath: '/projects/7/share' });
    expect(effects.goToProvider).toHaveBeenCalledWith('https://idp.example/authorize?state=s-1');
    expect(effects.storePendingSso.mock.invocationCallOrder[0]).toBeLessThan(effects.goToProvider.mock.invocationCallOrder[0]!);
    expect(actor.getSnapshot().context.pendingSso).toEqual({ state: 's-1', returnPath: '/projects/7/share' });
  });

  it('an address without state is refused before leaving', async () => {
    const { actor, effects } = start(undefined, { startSso: vi.fn(async () => ({ authorizationUrl: 'https://idp.example/authorize', state: '' })) });
    actor.send({ type: 'sso.start', returnPath: '/projects/' });
    await waitFor(actor, (s) => s.matches({ signedOut: 'failed' }));
    expect(effects.goToProvider).not.toHaveBeenCalled();
    expect(effects.storePendingSso).not.toHaveBeenCalled();
  });

  it('a server that cannot start single sign-on fails', async () => {
    const { actor } = start(undefined, { startSso: vi.fn(async () => Promise.reject(serverError(404, { detail: 'Not found.' }))) });
    actor.send({ type: 'sso.start', returnPath: '/projects/' });
    await waitFor(actor, (s) => s.matches({ signedOut: 'failed' }));
    expect(actor.getSnapshot().context.loginError?.detail).toBe('Not found.');
  });

  it('the browser that never leaves fails after the named delay (fake timers)', async () => {
    vi.useFakeTimers();
    const { actor } = start();
    actor.send({ type: 'sso.start', returnPath: '/projects/' });
    await vi.advanceTimersByTimeAsync(0); // the fake startSso resolves (microtasks only)
    expect(actor.getSnapshot().matches({ redirectingToSso: 'leaving' })).toBe(true);
    vi.advanceTimersByTime(29_999);
    expect(actor.getSnapshot().matches({ redirectingToSso: 'leaving' })).toBe(true);
    vi.advanceTimersByTime(1);
    expect(actor.getSnapshot().matches({ signedOut: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.loginError?.detail).toBe(SSO_DID_NOT_START);
  });

  it('cancel (back from the provider) returns to logged out', async () => {
    const { actor } = start();
    actor.send({ type: 'sso.start', returnPath: '/projects/' });
    await waitFor(actor, (s) => s.matches({ redirectingToSso: 'leaving' }));
    actor.send({ type: 'cancel' });
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'loggedOut' });
  });

  it('callback with the saved state: exchanges the code and returns to the original path', async () => {
    const exchanged = deferred<AuthResponse>();
    const { actor, services, effects } = start(
      { stored: null, pendingSso: { state: 's-1', returnPath: '/projects/7/share' } },
      { exchangeSsoCode: vi.fn(() => exchanged.promise) },
    );
    actor.send({ type: 'sso.callback', callback: { code: 'code-1', state: 's-1', error: null } });
    expect(selectStatus(actor.getSnapshot())).toBe('WAIT_FOR_OAUTH_RESPONSE');
    expect(services.exchangeSsoCode).toHaveBeenCalledWith({ code: 'code-1', state: 's-1' });
    expect(effects.clearPendingSso).toHaveBeenCalled();
    exchanged.resolve(TOKENS);
    await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    expect(selectReturnPath(actor.getSnapshot())).toBe('/projects/7/share');
    expect(actor.getSnapshot().context.authResponse).toEqual(TOKENS);
  });

  it('callback with another state fails WITHOUT calling the server', () => {
    const { actor, services, effects } = start({ stored: null, pendingSso: { state: 's-1', returnPath: '/projects/' } });
    actor.send({ type: 'sso.callback', callback: { code: 'code-1', state: 's-evil', error: null } });
    expect(actor.getSnapshot().matches({ signedOut: 'failed' })).toBe(true);
    expect(actor.getSnapshot().context.loginError?.detail).toBe(SSO_STATE_MISMATCH);
    expect(services.exchangeSsoCode).not.toHaveBeenCalled();
    expect(effects.clearPendingSso).toHaveBeenCalled();
  });

  it('callback with nothing saved (another tab, a reload after use) fails without calling the server', () => {
    const { actor, services } = start();
    actor.send({ type: 'sso.callback', callback: { code: 'code-1', state: 's-1', error: null } });
    expect(actor.getSnapshot().matches({ signedOut: 'failed' })).toBe(true);
    expect(services.exchangeSsoCode).not.toHaveBeenCalled();
  });

  it('a provider error (access_denied) fails without calling the server', () => {
    const { actor, services } = start({ stored: null, pendingSso: { state: 's-1', returnPath: '/projects/' } });
    actor.send({ type: 'sso.callback', callback: { code: null, state: 's-1', error: 'access_denied' } });
    expect(actor.getSnapshot().context.loginError?.detail).toContain('access_denied');
    expect(services.exchangeSsoCode).not.toHaveBeenCalled();
  });

  it('a refused exchange fails', async () => {
    const { actor } = start(
      { stored: null, pendingSso: { state: 's-1', returnPath: '/projects/' } },
      { exchangeSsoCode: vi.fn(async () => Promise.reject(serverError(400, { code: ['Invalid or reused code.'] }))) },
    );
    actor.send({ type: 'sso.callback', callback: { code: 'code-1', state: 's-1', error: null } });
    await waitFor(actor, (s) => s.matches({ signedOut: 'failed' }));
    expect(selectStatus(actor.getSnapshot())).toBe('ERROR');
  });
});

describe('sign-up and password reset', () => {
  it('signing up signs the new account in with what was typed, and keeps no password', async () => {
    const { actor, services } = start();
    actor.send({ type: 'signup.submit', details: DETAILS });
    await waitFor(actor, (s) => s.matches('authenticated'));
    expect(services.signup).toHaveBeenCalledWith(DETAILS);
    expect(services.login).toHaveBeenCalledWith({ username: DETAILS.username, password: DETAILS.password });
    expect(actor.getSnapshot().context.authResponse).toEqual(TOKENS);
    expect(actor.getSnapshot().context.signupCredentials).toBeNull();
  });

  it('sign-up success is SIGNUP_SUCCESS when the sign-in that follows is refused: the user signs in by hand', async () => {
    const { actor, services } = start(undefined, { login: vi.fn(async () => Promise.reject(serverError(401, { detail: 'No active account' }))) });
    actor.send({ type: 'signup.submit', details: DETAILS });
    await waitFor(actor, (s) => s.matches({ signedOut: 'signedUp' }));
    expect(selectStatus(actor.getSnapshot())).toBe('SIGNUP_SUCCESS');
    expect(services.signup).toHaveBeenCalledWith(DETAILS);
    expect(actor.getSnapshot().context.signupCredentials).toBeNull();
  });

  it("a sign-up error fails and keeps the server's response as the sign-up error", async () => {
    const response = serverError(400, { username: ['A user with that username already exists.'], password: ['This password is too common.'] });
    const { actor } = start(undefined, { signup: vi.fn(async () => Promise.reject(response)) });
    actor.send({ type: 'signup.submit', details: DETAILS });
    await waitFor(actor, (s) => s.matches({ signedOut: 'failed' }));
    expect(selectStatus(actor.getSnapshot())).toBe('ERROR');
    expect(actor.getSnapshot().context.signupError).toEqual(response);
    expect(actor.getSnapshot().context.signupError?.body).toEqual({
      username: ['A user with that username already exists.'],
      password: ['This password is too common.'],
    });
  });

  it('a reset request that succeeds says so and stays logged out', async () => {
    const { actor, services } = start();
    actor.send({ type: 'reset.request', email: 'ada@example.com' });
    await waitFor(actor, (s) => s.matches({ signedOut: 'resetRequested' }));
    expect(selectStatus(actor.getSnapshot())).toBe('LOGGED_OUT');
    expect(services.requestReset).toHaveBeenCalledWith({ email: 'ada@example.com' });
  });

  it('a failed reset request sets the generic reset error (field errors kept)', async () => {
    const { actor } = start(undefined, { requestReset: vi.fn(async () => Promise.reject(serverError(400, { email: ['Enter a valid email address.'] }))) });
    actor.send({ type: 'reset.request', email: 'nope' });
    await waitFor(actor, (s) => s.matches({ signedOut: 'failed' }));
    expect(actor.getSnapshot().context.resetError?.detail).toBe(GENERIC_RESET_ERROR);
    expect(actor.getSnapshot().context.resetError?.fields.email).toEqual(['Enter a valid email address.']);
  });

  it('flow.clear forgets the last outcome', async () => {
    const { actor } = start(undefined, { signup: vi.fn(async () => Promise.reject(serverError(400, { email: ['Taken.'] }))) });
    actor.send({ type: 'signup.submit', details: DETAILS });
    await waitFor(actor, (s) => s.matches({ signedOut: 'failed' }));
    actor.send({ type: 'flow.clear' });
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'loggedOut' });
    expect(actor.getSnapshot().context.signupError).toBeNull();
  });
});

describe('status readings', () => {
  it('maps AUTH_OK, AUTH_ERROR and AUTH_LOGOUT onto the same states', () => {
    expect(normalizeStatus('AUTH_OK')).toBe('AUTHENTICATED');
    expect(normalizeStatus('AUTH_ERROR')).toBe('ERROR');
    expect(normalizeStatus('AUTH_LOGOUT')).toBe('LOGGED_OUT');
    expect(normalizeStatus('WAIT_FOR_TOKEN')).toBe('WAIT_FOR_TOKEN');
    expect(normalizeStatus('SIGNUP_SUCCESS')).toBe('SIGNUP_SUCCESS');
    expect(normalizeStatus('toString')).toBeNull();
    expect(normalizeStatus(3)).toBeNull();
  });
});
