/**
 * Auth and user calls (SPEC §7 "Auth and user"). Paths per API.md: /authjwt/, /authusers/
 * and /autho/ at the root, everything else under /api/. Each function takes the client, so tests
 * can run them against a fake fetch.
 */
import type { Agreement, AuthResponse, Credentials, QuestionnaireAnswers, SignupDetails, SsoRedirect } from '@machines/auth/auth.types.ts';
import type { Place } from '@machines/auth/places.machine.ts';
import type { ApiClient } from './client.ts';

/** The single sign-on provider's name in /autho/{provider}/ (the server's OIDC_* configuration). */
export const SSO_PROVIDER: string = import.meta.env?.VITE_SSO_PROVIDER || 'oidc';

/** Where the provider sends the browser back: the login page handles ?code=&state= (SPEC §2). */
export function ssoRedirectUri(origin: string = globalThis.location?.origin ?? ''): string {
  return `${origin}/login/`;
}

export interface CurrentUser {
  id?: number | string;
  username?: string;
  email?: string;
  first_name?: string;
  last_name?: string;
  subscription: number | null;
  company_id: number | null;
  is_superuser: boolean;
  /** Optional onboarding flags; see needsQuestionnaire. */
  questionnaire_answered?: boolean;
  needs_questionnaire?: boolean;
}

export function createToken(api: ApiClient, credentials: Credentials): Promise<AuthResponse> {
  return api<AuthResponse>('/authjwt/create/', { method: 'POST', body: credentials });
}

export function fetchCurrentUser(api: ApiClient): Promise<CurrentUser> {
  return api<CurrentUser>('/authusers/me/');
}

/**
 * Whether the onboarding questionnaire still needs answers, after a sign-in. The server decides, in
 * /authusers/me/ (`needs_questionnaire` or `questionnaire_answered`). The questionnaire route is
 * POST only (SPEC), so a user record without either field means "not needed": an older server must
 * not trap the user in onboarding.
 */
export async function needsQuestionnaire(api: ApiClient): Promise<boolean> {
  const me = await fetchCurrentUser(api);
  if (typeof me.needs_questionnaire === 'boolean') return me.needs_questionnaire;
  if (typeof me.questionnaire_answered === 'boolean') return !me.questionnaire_answered;
  return false;
}

export function submitQuestionnaire(api: ApiClient, answers: QuestionnaireAnswers): Promise<void> {
  return api<void>('/api/user/questionnaire-answers', { method: 'POST', body: answers });
}

export function signUp(api: ApiClient, details: SignupDetails): Promise<unknown> {
  return api<unknown>('/authusers/', { method: 'POST', body: details });
}

export function requestPasswordReset(api: ApiClient, email: string): Promise<void> {
  return api<void>('/authusers/reset_password/', { method: 'POST', body: { email } });
}

export function confirmPasswordReset(api: ApiClient, body: { uid: string; token: string; new_password: string }): Promise<void> {
  return api<void>('/authusers/reset_password_confirm/', { method: 'POST', body });
}

export function requestOneTimePassword(api: ApiClient, email: string): Promise<void> {
  return api<void>('/api/one-time-password/generate', { method: 'POST', body: { email } });
}

/** Asks for the provider's address; the state the server put in it is what the callback must match. */
export async function startSso(api: ApiClient, provider = SSO_PROVIDER, redirectUri = ssoRedirectUri()): Promise<SsoRedirect> {
  const { authorization_url } = await api<{ authorization_url: string }>(`/autho/${encodeURIComponent(provider)}/`, {
    query: { redirect_uri: redirectUri },
  });
  let state = '';
  try {
    state = new URL(authorization_url).searchParams.get('state') ?? '';
  } catch {
    state = '';
  }
  return { authorizationUrl: authorization_url, state };
}

/** Whether single sign-on is configured: GET /autho lists the configured providers (empty when none). */
export async function ssoAvailable(api: ApiClient, provider = SSO_PROVIDER): Promise<boolean> {
  try {
    const { providers } = await api<{ providers?: unknown }>('/autho');
    return Array.isArray(providers) && providers.includes(provider);
  } catch {
    return false;
  }
}

export async function exchangeSsoCode(
  api: ApiClient,
  callback: { code: string; state: string },
  provider = SSO_PROVIDER,
  redirectUri = ssoRedirectUri(),
): Promise<AuthResponse> {
  const answer = await api<AuthResponse & { user?: unknown }>(`/autho/${encodeURIComponent(provider)}/`, {
    method: 'POST',
    query: { code: callback.code, state: callback.state, redirect_uri: redirectUri },
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: { code: callback.code, state: callback.state, redirect_uri: redirectUri },
  });
  return { access: answer.access, refresh: answer.refresh };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** GET /api/eula/: the current agreement, or empty (204, null, {} or []) when already accepted. */
export async function fetchAgreement(api: ApiClient): Promise<Agreement | null> {
  const answer = await api<unknown>('/api/eula/');
  const item = Array.isArray(answer) ? answer[0] : isRecord(answer) && Array.isArray(answer.results) ? answer.results[0] : answer;
  if (!isRecord(item) || typeof item.id !== 'number') return null;
  const text = (key: string) => (typeof item[key] === 'string' ? (item[key] as string) : null);
  return {
    id: item.id,
    title: text('title') ?? 'End-user agreement',
    body: text('body') ?? text('text') ?? text('content') ?? '',
    version: text('version'),
  };
}

export function acceptAgreement(api: ApiClient, id: number): Promise<void> {
  return api<void>(`/api/eula/${id}/agreement`, { method: 'POST' });
}

function toPlaces(answer: unknown): Place[] {
  const list = Array.isArray(answer) ? answer : isRecord(answer) && Array.isArray(answer.results) ? answer.results : [];
  const places: Place[] = [];
  for (const item of list) {
    if (!isRecord(item)) continue;
    const code = [item.code, item.iso_code, item.alpha_2, item.abbreviation, item.id].find((v) => typeof v === 'string' || typeof v === 'number');
    const name = typeof item.name === 'string' ? item.name : undefined;
    if (code !== undefined && name) places.push({ code: String(code), name });
  }
  return places;
}

export async function fetchCountries(api: ApiClient): Promise<Place[]> {
  return toPlaces(await api<unknown>('/api/countries'));
}

export async function fetchProvinces(api: ApiClient, country: string): Promise<Place[]> {
  return toPlaces(await api<unknown>('/api/provinces', { query: { country } }));
}
