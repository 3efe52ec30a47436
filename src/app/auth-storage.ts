/**
 * Persistence of the sign-in state (SPEC §4):
 * - the status and auth response live in localStorage as a small versioned record (shared by
 *   every tab; the API client reads the bearer token from it on every request);
 * - the questionnaire flag is stored when true and removed when false;
 * - the single sign-on in flight (state + original path) lives in sessionStorage: the provider
 *   sends the browser back to this tab, and another tab must not answer for it;
 * - logout clears the stored auth record and the project-share id.
 * Where the browser denies the page its storage (a frame on another site), both are kept in memory
 * (browser-storage.ts).
 */
import { normalizeStatus } from '@machines/auth/auth.selectors.ts';
import type { AuthResponse, PendingSso, StoredAuth } from '@machines/auth/auth.types.ts';
import type { TokenStore } from '../api/client.ts';
import { localStore, sessionStore } from './browser-storage.ts';

export const AUTH_STORAGE_KEY = 'canopy.auth';
export const PROJECT_SHARE_ID_KEY = 'canopy.projectShareId';
export const QUESTIONNAIRE_KEY = 'canopy.questionnaire';
export const PENDING_SSO_KEY = 'canopy.sso';

function isTokens(value: unknown): value is AuthResponse {
  const v = value as Partial<AuthResponse> | null;
  return typeof v === 'object' && v !== null && typeof v.access === 'string' && typeof v.refresh === 'string';
}

/** Reads a stored record; older readings of the status (AUTH_OK, AUTH_LOGOUT …) map onto the same states. */
export function parseStoredAuth(raw: string | null): StoredAuth | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as { version?: unknown; status?: unknown; auth_response?: unknown };
    if (parsed.version !== 1) return null;
    const status = normalizeStatus(parsed.status);
    if (status === 'AUTHENTICATED') {
      return isTokens(parsed.auth_response) ? { version: 1, status, auth_response: parsed.auth_response } : null;
    }
    return status ? { version: 1, status: 'LOGGED_OUT', auth_response: null } : null;
  } catch {
    return null;
  }
}

export function loadStoredAuth(storage: Storage = localStore()): StoredAuth | null {
  return parseStoredAuth(storage.getItem(AUTH_STORAGE_KEY));
}

export function saveStoredAuth(record: StoredAuth, storage: Storage = localStore()): void {
  const raw = JSON.stringify(record);
  if (storage.getItem(AUTH_STORAGE_KEY) !== raw) storage.setItem(AUTH_STORAGE_KEY, raw);
}

export function clearStoredData(storage: Storage = localStore()): void {
  storage.removeItem(AUTH_STORAGE_KEY);
  storage.removeItem(PROJECT_SHARE_ID_KEY);
}

/** The API client's view of the stored tokens. A rotated pair is only written while still signed in. */
export function localTokenStore(storage: () => Storage = localStore): TokenStore {
  const read = () => {
    const record = loadStoredAuth(storage());
    return record?.status === 'AUTHENTICATED' ? record.auth_response : null;
  };
  return {
    read,
    write(tokens) {
      if (read()) saveStoredAuth({ version: 1, status: 'AUTHENTICATED', auth_response: tokens }, storage());
    },
  };
}

export function loadQuestionnaireFlag(storage: Storage = localStore()): boolean {
  return storage.getItem(QUESTIONNAIRE_KEY) === 'true';
}

export function saveQuestionnaireFlag(on: boolean, storage: Storage = localStore()): void {
  if (on) storage.setItem(QUESTIONNAIRE_KEY, 'true');
  else storage.removeItem(QUESTIONNAIRE_KEY);
}

export function loadPendingSso(storage: Storage = sessionStore()): PendingSso | null {
  try {
    const parsed = JSON.parse(storage.getItem(PENDING_SSO_KEY) ?? 'null') as Partial<PendingSso> | null;
    if (parsed && typeof parsed.state === 'string' && typeof parsed.returnPath === 'string') {
      return { state: parsed.state, returnPath: parsed.returnPath };
    }
  } catch {
    // unreadable: as if nothing were pending
  }
  return null;
}

export function savePendingSso(pending: PendingSso, storage: Storage = sessionStore()): void {
  storage.setItem(PENDING_SSO_KEY, JSON.stringify(pending));
}

export function clearPendingSso(storage: Storage = sessionStore()): void {
  storage.removeItem(PENDING_SSO_KEY);
}
