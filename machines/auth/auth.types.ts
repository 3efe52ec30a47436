/** Types of the sign-in machine (SPEC §3 authentication state, §4 sign-in transitions). */

/** What the token endpoints return (simplejwt): both tokens, as stored in the auth response. */
export interface AuthResponse {
  access: string;
  refresh: string;
}

/** SPEC §3's authentication status of each state (a tag of the state in auth.machine.ts). */
export type AuthStatus =
  'AUTHENTICATED' | 'ERROR' | 'LOGGED_OUT' | 'WAIT_FOR_OAUTH_REDIRECT_URL' | 'WAIT_FOR_OAUTH_RESPONSE' | 'WAIT_FOR_TOKEN' | 'SIGNUP_SUCCESS';

/**
 * The auth machine's tags: every state carries its status; `signingIn` marks a sign-in under way
 * (any method, and the onboarding check right after it); `agreementShown` the end-user agreement
 * blocking the app.
 */
export type AuthTag = AuthStatus | 'signingIn' | 'agreementShown';

/** The persisted record (localStorage): small and versioned, never a raw machine snapshot. */
export interface StoredAuth {
  version: 1;
  status: 'AUTHENTICATED' | 'LOGGED_OUT';
  auth_response: AuthResponse | null;
}

export interface PasswordCredentials {
  username: string;
  password: string;
}

/** The one-time-password payload of POST /authjwt/create/. */
export interface OtpCredentials {
  email: string;
  otp: string;
}

export type Credentials = PasswordCredentials | OtpCredentials;

export type ServerErrorKind = 'http' | 'permission' | 'timeout' | 'network' | 'session';

/**
 * A failed call as the machines keep it: plain data (the API client's error classes stay in src/).
 * `fields` are DRF field errors (`{field: [messages]}`), shown next to their inputs; `body` is the
 * server's response as it came.
 */
export interface ServerError {
  kind: ServerErrorKind;
  status: number | null;
  detail: string | null;
  fields: Record<string, string[]>;
  body: unknown;
}

/** Saved when single sign-on starts, checked when the provider sends the browser back. */
export interface PendingSso {
  state: string;
  /** Where the user was going (SPEC §4: the original path). */
  returnPath: string;
}

/** What starting single sign-on yields: the provider's address and the state inside it. */
export interface SsoRedirect {
  authorizationUrl: string;
  state: string;
}

/** The query of the provider's redirect back to /login/. */
export interface SsoCallback {
  code: string | null;
  state: string | null;
  /** OAuth error parameter (e.g. access_denied), when the provider sends one. */
  error: string | null;
}

export interface SignupDetails {
  username: string;
  email: string;
  password: string;
  first_name: string;
  last_name: string;
  company: string;
  country: string;
  province: string;
}

export interface QuestionnaireAnswers {
  role: string;
  organisation_type: string;
  intended_use: string;
}

/** The current end-user agreement (GET /api/eula/); null (empty) means already accepted. */
export interface Agreement {
  id: number;
  title: string;
  body: string;
  version: string | null;
}

export interface AuthContext {
  authResponse: AuthResponse | null;
  /** The last failed sign-in (password, one-time password or single sign-on exchange). */
  loginError: ServerError | null;
  /** The server's response to a failed sign-up, kept as it came (SPEC §8). */
  signupError: ServerError | null;
  /** A generic message for a failed reset request (SPEC §8), with the server's field errors. */
  resetError: ServerError | null;
  /** A session that ended by itself: 'Invalid refresh token' (SPEC §8). */
  sessionError: string | null;
  /** The single sign-on in flight (its state and the original path). */
  pendingSso: PendingSso | null;
  /** Where to go after a single sign-on callback succeeds. */
  returnPath: string | null;
  /** The questionnaire flag (SPEC §2, §4): on until the questionnaire is answered. */
  questionnaire: boolean;
  questionnaireError: ServerError | null;
  /** The agreement the user must accept before using the app, or null. */
  agreement: Agreement | null;
  agreementError: ServerError | null;
  /**
   * The new account's username and password, held only from the sign-up to the sign-in that
   * follows it (in memory, never stored), so signing up signs the user in.
   */
  signupCredentials?: PasswordCredentials | null;
}

export interface AuthInput {
  stored: StoredAuth | null;
  pendingSso?: PendingSso | null;
  questionnaire?: boolean;
}

export type AuthEvent =
  | { type: 'credentials.submit'; credentials: PasswordCredentials }
  | { type: 'otp.submit'; credentials: OtpCredentials }
  | { type: 'sso.start'; returnPath: string }
  | { type: 'sso.callback'; callback: SsoCallback }
  | { type: 'signup.submit'; details: SignupDetails }
  | { type: 'reset.request'; email: string }
  /** A signed-out screen opens: forget the previous screen's outcome (errors, success notices). */
  | { type: 'flow.clear' }
  | { type: 'questionnaire.submit'; answers: QuestionnaireAnswers }
  | { type: 'agreement.accept' }
  /** Leave the single sign-on redirect (Escape, or the page came back from the back/forward cache). */
  | { type: 'cancel' }
  /** From the API client: the tokens were rotated (in this tab or another). */
  | { type: 'tokens.refreshed'; authResponse: AuthResponse }
  /** From the API client: the refresh token was refused ('Invalid refresh token'). */
  | { type: 'session.expired' }
  /** Another tab signed out (the stored record was cleared). */
  | { type: 'session.ended' }
  | { type: 'logout' };
