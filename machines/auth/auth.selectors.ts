/** Named readings of the sign-in machine. The spec's status strings are derived here, not stored. */
import type { SnapshotFrom } from 'xstate';
import type { authMachine } from './auth.machine.ts';
import type { Agreement, AuthStatus, ServerError, StoredAuth } from './auth.types.ts';

type Snapshot = SnapshotFrom<typeof authMachine>;

export type { AuthStatus };

/** Every status, each the tag of the states that have it (auth.machine.ts). */
const STATUSES: readonly AuthStatus[] = [
  'AUTHENTICATED',
  'ERROR',
  'LOGGED_OUT',
  'WAIT_FOR_OAUTH_REDIRECT_URL',
  'WAIT_FOR_OAUTH_RESPONSE',
  'WAIT_FOR_TOKEN',
  'SIGNUP_SUCCESS',
];

/** SPEC §3's other readings of the same states. */
export type AuthStatusReading = AuthStatus | 'AUTH_OK' | 'AUTH_ERROR' | 'AUTH_LOGOUT';

const READINGS: Record<AuthStatusReading, AuthStatus> = {
  AUTHENTICATED: 'AUTHENTICATED',
  ERROR: 'ERROR',
  LOGGED_OUT: 'LOGGED_OUT',
  WAIT_FOR_OAUTH_REDIRECT_URL: 'WAIT_FOR_OAUTH_REDIRECT_URL',
  WAIT_FOR_OAUTH_RESPONSE: 'WAIT_FOR_OAUTH_RESPONSE',
  WAIT_FOR_TOKEN: 'WAIT_FOR_TOKEN',
  SIGNUP_SUCCESS: 'SIGNUP_SUCCESS',
  AUTH_OK: 'AUTHENTICATED',
  AUTH_ERROR: 'ERROR',
  AUTH_LOGOUT: 'LOGGED_OUT',
};

/** Maps any reading (AUTH_OK, AUTH_ERROR, AUTH_LOGOUT included) onto the status of the same state; null when unknown. */
export function normalizeStatus(reading: unknown): AuthStatus | null {
  return typeof reading === 'string' && Object.hasOwn(READINGS, reading) ? READINGS[reading as AuthStatusReading] : null;
}

export function selectStatus(snapshot: Snapshot): AuthStatus {
  return STATUSES.find((status) => snapshot.hasTag(status)) ?? 'LOGGED_OUT';
}

/** Holds tokens (the questionnaire may still stand between the user and the app). */
export const selectIsSignedIn = (snapshot: Snapshot): boolean => snapshot.matches('authenticated');

/**
 * May use the app: signed in and through onboarding. The router guards with this and the root
 * element reads 'authenticated' by it — so while the questionnaire flag is on, the app root stays
 * 'unauthenticated' and every route leads to login, where the questionnaire is shown (SPEC §2).
 */
export const selectIsAuthenticated = (snapshot: Snapshot): boolean => snapshot.matches({ authenticated: 'ready' });

/** A sign-in is under way (any method, including the onboarding check right after it). */
export const selectIsSigningIn = (snapshot: Snapshot): boolean => snapshot.hasTag('signingIn');

export const selectIsRedirectingToSso = (snapshot: Snapshot): boolean => snapshot.matches('redirectingToSso');
export const selectLoginError = (snapshot: Snapshot): ServerError | null => snapshot.context.loginError;
export const selectSessionError = (snapshot: Snapshot): string | null => snapshot.context.sessionError;

export const selectIsSigningUp = (snapshot: Snapshot): boolean => snapshot.matches('signingUp');
export const selectSignupError = (snapshot: Snapshot): ServerError | null => snapshot.context.signupError;
/** The account exists: while it signs in by itself, and after (SIGNUP_SUCCESS) if that sign-in was refused. */
export const selectSignedUp = (snapshot: Snapshot): boolean => snapshot.matches({ signedOut: 'signedUp' }) || snapshot.matches('signingInAfterSignup');
/** The new account is being signed in. */
export const selectSigningInAfterSignup = (snapshot: Snapshot): boolean => snapshot.matches('signingInAfterSignup');
/** Signed in (whatever the onboarding still asks): the public sign-up page has nothing more to do. */
export const selectHasSession = (snapshot: Snapshot): boolean => snapshot.matches('authenticated');

export const selectIsRequestingReset = (snapshot: Snapshot): boolean => snapshot.matches('requestingReset');
export const selectResetError = (snapshot: Snapshot): ServerError | null => snapshot.context.resetError;
export const selectResetRequested = (snapshot: Snapshot): boolean => snapshot.matches({ signedOut: 'resetRequested' });

/** Where a signed-in user goes from login when the URL has no `from` (the SSO original path). */
export const selectReturnPath = (snapshot: Snapshot): string | null => snapshot.context.returnPath;

/** The questionnaire flag (persisted: stored when true, removed when false). */
export const selectNeedsQuestionnaire = (snapshot: Snapshot): boolean => snapshot.context.questionnaire;
export const selectIsSubmittingQuestionnaire = (snapshot: Snapshot): boolean => snapshot.matches({ authenticated: { questionnaire: 'submitting' } });
export const selectQuestionnaireError = (snapshot: Snapshot): ServerError | null => snapshot.context.questionnaireError;

/** The agreement the modal shows, while one blocks the app. */
export const selectPendingAgreement = (snapshot: Snapshot): Agreement | null => (snapshot.hasTag('agreementShown') ? snapshot.context.agreement : null);
export const selectIsAgreeing = (snapshot: Snapshot): boolean => snapshot.matches({ authenticated: { ready: 'agreeing' } });
export const selectAgreementError = (snapshot: Snapshot): ServerError | null => snapshot.context.agreementError;

/** The record persisted to localStorage (status and auth response, SPEC §4). */
export function selectStoredAuth(snapshot: Snapshot): StoredAuth {
  const signedIn = selectIsSignedIn(snapshot) && snapshot.context.authResponse !== null;
  return {
    version: 1,
    status: signedIn ? 'AUTHENTICATED' : 'LOGGED_OUT',
    auth_response: signedIn ? snapshot.context.authResponse : null,
  };
}
