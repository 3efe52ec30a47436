/** The sign-in machine after sign-in: the questionnaire flag, the end-user agreement, the session's end. */
import { describe, expect, it, vi } from 'vitest';
import { waitFor } from 'xstate';
import { INVALID_REFRESH_TOKEN } from './auth.machine.ts';
import { selectIsAuthenticated, selectNeedsQuestionnaire, selectPendingAgreement, selectStatus, selectStoredAuth } from './auth.selectors.ts';
import { AGREEMENT, ANSWERS, deferred, serverError, start, STORED } from './auth.test-harness.ts';

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
    const { actor } = start(
      { ...STORED, questionnaire: true },
      {
        submitQuestionnaire: vi.fn(async () => Promise.reject(serverError(400, { role: ['This field may not be blank.'] }))),
      },
    );
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
    const accept = vi
      .fn()
      .mockRejectedValueOnce(serverError(500, { detail: 'Server error' }))
      .mockResolvedValueOnce(undefined);
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
