/** The sign-in machine, transition by transition, with fake actors and spy side effects. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { authMachine, GENERIC_RESET_ERROR, INVALID_REFRESH_TOKEN, SSO_DID_NOT_START, SSO_STATE_MISMATCH } from './auth.machine.ts';
import {
  normalizeStatus,
  selectIsAuthenticated,
  selectIsSignedIn,
  selectNeedsQuestionnaire,
  selectPendingAgreement,
  selectReturnPath,
  selectStatus,
  selectStoredAuth,
} from './auth.selectors.ts';
import type { Agreement, AuthInput, AuthResponse, Credentials, QuestionnaireAnswers, ServerError, SignupDetails, SsoRedirect } from './auth.types.ts';

const TOKENS: AuthResponse = { access: 'access-1', refresh: 'refresh-1' };
const STORED: AuthInput = { stored: { version: 1, status: 'AUTHENTICATED', auth_response: TOKENS } };
const AGREEMENT: Agreement = { id: 4, title: 'Terms of use', body: 'Be nice.', version: '2025-01' };
const ANSWERS: QuestionnaireAnswers = { role: 'Engineer', organisation_type: 'Engineering consultancy', intended_use: 'Thermal comfort' };
const DETAILS: SignupDetails = {
  username: 'ada',
  email: 'ada@example.com',
  password: 'correct horse battery staple',
  first_name: 'Ada',
  last_name: 'Lovelace',
  company: 'Analytical Engines',
  country: 'GB',
  province: 'GB-LND',
};

function serverError(status: number, body: unknown): ServerError {
  const fields: Record<string, string[]> = {};
  let detail: string | null = null;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (key === 'detail') detail = String(value);
    else fields[key] = value as string[];
  }
  return { kind: 'http', status, detail, fields, body };
}

type Deferred<T> = { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void };
function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function start(input: AuthInput = { stored: null }, overrides: Partial<Services> = {}) {
  const services: Services = { ...defaultServices(), ...overrides };
  const effects = { forgetStoredData: vi.fn(), storePendingSso: vi.fn(), clearPendingSso: vi.fn(), goToProvider: vi.fn() };
  const machine = authMachine.provide({
    actors: {
      login: fromPromise<AuthResponse, Credentials>(({ input }) => services.login(input)),
      checkQuestionnaire: fromPromise<boolean, void>(() => services.checkQuestionnaire()),
      startSso: fromPromise<SsoRedirect, void>(() => services.startSso()),
      exchangeSsoCode: fromPromise<AuthResponse, { code: string; state: string }>(({ input }) => services.exchangeSsoCode(input)),
      signup: fromPromise<unknown, SignupDetails>(({ input }) => services.signup(input)),
      requestReset: fromPromise<void, { email: string }>(({ input }) => services.requestReset(input)),
      submitQuestionnaire: fromPromise<void, QuestionnaireAnswers>(({ input }) => services.submitQuestionnaire(input)),
      loadAgreement: fromPromise<Agreement | null, void>(() => services.loadAgreement()),
      acceptAgreement: fromPromise<void, { id: number }>(({ input }) => services.acceptAgreement(input)),
    },
    actions: {
      forgetStoredData: () => effects.forgetStoredData(),
      storePendingSso: (_, pending) => effects.storePendingSso(pending),
      clearPendingSso: () => effects.clearPendingSso(),
      goToProvider: (_, { url }) => effects.goToProvider(url),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, services, effects };
}

interface Services {
  login: (c: Credentials) => Promise<AuthResponse>;
  checkQuestionnaire: () => Promise<boolean>;
  startSso: () => Promise<SsoRedirect>;
  exchangeSsoCode: (c: { code: string; state: string }) => Promise<AuthResponse>;
  signup: (d: SignupDetails) => Promise<unknown>;
  requestReset: (r: { email: string }) => Promise<void>;
  submitQuestionnaire: (a: QuestionnaireAnswers) => Promise<void>;
  loadAgreement: () => Promise<Agreement | null>;
  acceptAgreement: (r: { id: number }) => Promise<void>;
}

function defaultServices(): Services {
  return {
    login: vi.fn(async () => TOKENS),
    checkQuestionnaire: vi.fn(async () => false),
    startSso: vi.fn(async () => ({ authorizationUrl: 'https://idp.example/authorize?state=s-1', state: 's-1' })),
    exchangeSsoCode: vi.fn(async () => TOKENS),
    signup: vi.fn(async () => ({ id: 1, username: 'ada' })),
    requestReset: vi.fn(async () => undefined),
    submitQuestionnaire: vi.fn(async () => undefined),
    loadAgreement: vi.fn(async () => null),
    acceptAgreement: vi.fn(async () => undefined),
  };
}

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
    const { actor, services } = start(undefined, { checkQuestionnaire: vi.fn(() => checked.promise) });
    actor.send({ type: 'credentials.submit', credentials: { username: 'ada', password: 'pw' } });
    expect(selectStatus(actor.getSnapshot())).toBe('WAIT_FOR_TOKEN');
    expect(services.login).toHaveBeenCalledWith({ username: 'ada', password: 'pw' });
    await waitFor(actor, (s) => s.matches({ authenticated: 'checkingOnboarding' }));
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
    const login = vi.fn().mockRejectedValueOnce(serverError(401, { detail: 'No' })).mockResolvedValueOnce(TOKENS);
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
  it('sign-up success is SIGNUP_SUCCESS', async () => {
    const { actor, services } = start();
    actor.send({ type: 'signup.submit', details: DETAILS });
    await waitFor(actor, (s) => s.matches({ signedOut: 'signedUp' }));
    expect(selectStatus(actor.getSnapshot())).toBe('SIGNUP_SUCCESS');
    expect(services.signup).toHaveBeenCalledWith(DETAILS);
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

describe('questionnaire flag', () => {
  it('turns on after a first sign-in and keeps the app closed until answered', async () => {
    const submitted = deferred<void>();
    const { actor, services } = start(undefined, { checkQuestionnaire: vi.fn(async () => true), submitQuestionnaire: vi.fn(() => submitted.promise) });
    actor.send({ type: 'credentials.submit', credentials: { username: 'ada', password: 'pw' } });
    await waitFor(actor, (s) => s.matches({ authenticated: { questionnaire: 'answering' } }));
    expect(selectNeedsQuestionnaire(actor.getSnapshot())).toBe(true);
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(false);
    actor.send({ type: 'questionnaire.submit', answers: ANSWERS });
    expect(services.submitQuestionnaire).toHaveBeenCalledWith(ANSWERS);
    submitted.resolve();
    await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    expect(selectNeedsQuestionnaire(actor.getSnapshot())).toBe(false);
    expect(selectIsAuthenticated(actor.getSnapshot())).toBe(true);
  });

  it('a failed submission keeps the flag on and the error', async () => {
    const { actor } = start({ ...STORED, questionnaire: true }, {
      submitQuestionnaire: vi.fn(async () => Promise.reject(serverError(400, { role: ['This field may not be blank.'] }))),
    });
    actor.send({ type: 'questionnaire.submit', answers: { ...ANSWERS, role: '' } });
    await waitFor(actor, (s) => s.context.questionnaireError !== null);
    expect(actor.getSnapshot().matches({ authenticated: { questionnaire: 'answering' } })).toBe(true);
    expect(selectNeedsQuestionnaire(actor.getSnapshot())).toBe(true);
    expect(actor.getSnapshot().context.questionnaireError?.fields.role).toEqual(['This field may not be blank.']);
  });

  it('when the server cannot say, the app opens with the flag off', async () => {
    const { actor } = start(undefined, { checkQuestionnaire: vi.fn(async () => Promise.reject(new Error('offline'))) });
    actor.send({ type: 'credentials.submit', credentials: { username: 'ada', password: 'pw' } });
    await waitFor(actor, (s) => s.matches({ authenticated: 'ready' }));
    expect(selectNeedsQuestionnaire(actor.getSnapshot())).toBe(false);
  });
});

describe('end-user agreement', () => {
  it('empty means accepted', async () => {
    const { actor } = start(STORED);
    await waitFor(actor, (s) => s.matches({ authenticated: { ready: 'active' } }));
    expect(selectPendingAgreement(actor.getSnapshot())).toBeNull();
  });

  it('a pending agreement blocks until agreed; a failed agreement keeps it', async () => {
    const accept = vi.fn().mockRejectedValueOnce(serverError(500, { detail: 'Server error' })).mockResolvedValueOnce(undefined);
    const { actor } = start(STORED, { loadAgreement: vi.fn(async () => AGREEMENT), acceptAgreement: accept });
    await waitFor(actor, (s) => s.matches({ authenticated: { ready: 'agreementRequired' } }));
    expect(selectPendingAgreement(actor.getSnapshot())).toEqual(AGREEMENT);
    actor.send({ type: 'agreement.accept' });
    await waitFor(actor, (s) => s.context.agreementError !== null);
    expect(selectPendingAgreement(actor.getSnapshot())).toEqual(AGREEMENT);
    actor.send({ type: 'agreement.accept' });
    await waitFor(actor, (s) => s.matches({ authenticated: { ready: 'active' } }));
    expect(accept).toHaveBeenLastCalledWith({ id: 4 });
    expect(selectPendingAgreement(actor.getSnapshot())).toBeNull();
  });

  it('an agreement that cannot be fetched does not block the app', async () => {
    const { actor } = start(STORED, { loadAgreement: vi.fn(async () => Promise.reject(new Error('offline'))) });
    await waitFor(actor, (s) => s.matches({ authenticated: { ready: 'active' } }));
  });
});

describe('session end', () => {
  it('logout clears the session and the stored data (auth record and project-share id)', async () => {
    const { actor, effects } = start({ ...STORED, questionnaire: true });
    actor.send({ type: 'logout' });
    expect(actor.getSnapshot().value).toEqual({ signedOut: 'loggedOut' });
    expect(effects.forgetStoredData).toHaveBeenCalledTimes(1);
    expect(actor.getSnapshot().context.authResponse).toBeNull();
    expect(selectNeedsQuestionnaire(actor.getSnapshot())).toBe(false);
    expect(selectStoredAuth(actor.getSnapshot())).toEqual({ version: 1, status: 'LOGGED_OUT', auth_response: null });
  });

  it("session.expired (refused refresh) logs out with 'Invalid refresh token'", () => {
    const { actor, effects } = start(STORED);
    actor.send({ type: 'session.expired' });
    expect(actor.getSnapshot().matches({ signedOut: 'loggedOut' })).toBe(true);
    expect(actor.getSnapshot().context.sessionError).toBe(INVALID_REFRESH_TOKEN);
    expect(effects.forgetStoredData).toHaveBeenCalledTimes(1);
    actor.send({ type: 'flow.clear' });
    expect(actor.getSnapshot().context.sessionError).toBe(INVALID_REFRESH_TOKEN);
  });

  it('session.ended (another tab signed out) logs out without touching storage', () => {
    const { actor, effects } = start(STORED);
    actor.send({ type: 'session.ended' });
    expect(actor.getSnapshot().matches('signedOut')).toBe(true);
    expect(effects.forgetStoredData).not.toHaveBeenCalled();
  });

  it('tokens.refreshed keeps the rotated pair in the stored record', () => {
    const { actor } = start(STORED);
    const rotated = { access: 'access-2', refresh: 'refresh-2' };
    actor.send({ type: 'tokens.refreshed', authResponse: rotated });
    expect(selectStoredAuth(actor.getSnapshot()).auth_response).toEqual(rotated);
  });

  it('signed-out events do nothing while signed in', () => {
    const { actor, services } = start(STORED);
    actor.send({ type: 'credentials.submit', credentials: { username: 'x', password: 'y' } });
    actor.send({ type: 'sso.callback', callback: { code: 'c', state: 's', error: null } });
    expect(services.login).not.toHaveBeenCalled();
    expect(services.exchangeSsoCode).not.toHaveBeenCalled();
    expect(selectStatus(actor.getSnapshot())).toBe('AUTHENTICATED');
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
