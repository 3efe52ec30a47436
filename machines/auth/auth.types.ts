/** Types of the sign-in machine (SPEC §3 authentication state, §4 sign-in transitions). */

/** What the token endpoints return (simplejwt): both tokens, as stored in the auth response. */
export interface AuthResponse {
  access: string;
  refresh: string;
}

/** The persisted record (localStorage): small and versioned, never a raw machine snapshot. */
export interface StoredAuth {
  version: 1;
  status: 'AUTHENTICATED' | 'LOGGED_OUT';
  auth_response: AuthResponse | null;
}

export interface Credentials {
  username: string;
  password: string;
}

export interface AuthContext {
  authResponse: AuthResponse | null;
  /** The server's error body (or a message) from the last failed attempt. */
  error: unknown;
}

export interface AuthInput {
  stored: StoredAuth | null;
}

export type AuthEvent =
  | { type: 'credentials.submit'; credentials: Credentials }
  | { type: 'tokens.refreshed'; authResponse: AuthResponse }
  | { type: 'session.expired' }
  | { type: 'logout' };
