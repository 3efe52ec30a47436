/** Named readings of the sign-in machine. The spec's status strings are derived here, not stored. */
import type { SnapshotFrom } from 'xstate';
import type { authMachine } from './auth.machine.ts';
import type { StoredAuth } from './auth.types.ts';

type Snapshot = SnapshotFrom<typeof authMachine>;

export type AuthStatus =
  | 'AUTHENTICATED'
  | 'ERROR'
  | 'LOGGED_OUT'
  | 'WAIT_FOR_OAUTH_REDIRECT_URL'
  | 'WAIT_FOR_OAUTH_RESPONSE'
  | 'WAIT_FOR_TOKEN'
  | 'SIGNUP_SUCCESS';

export function selectStatus(snapshot: Snapshot): AuthStatus {
  if (snapshot.matches('authenticated')) return 'AUTHENTICATED';
  if (snapshot.matches('authenticating')) return 'WAIT_FOR_TOKEN';
  if (snapshot.matches('failed')) return 'ERROR';
  return 'LOGGED_OUT';
}

export const selectIsAuthenticated = (snapshot: Snapshot): boolean => snapshot.matches('authenticated');
export const selectAuthResponse = (snapshot: Snapshot) => snapshot.context.authResponse;
export const selectAuthError = (snapshot: Snapshot) => snapshot.context.error;

/** The record persisted to localStorage (status and auth response, SPEC §4). */
export function selectStoredAuth(snapshot: Snapshot): StoredAuth {
  const authenticated = selectIsAuthenticated(snapshot);
  return {
    version: 1,
    status: authenticated ? 'AUTHENTICATED' : 'LOGGED_OUT',
    auth_response: authenticated ? snapshot.context.authResponse : null,
  };
}
