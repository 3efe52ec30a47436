/**
 * Persistence of the sign-in state (SPEC §4: status and auth response live in localStorage) as a
 * small versioned record. Logout also clears the stored project-share id.
 */
import type { StoredAuth } from '@machines/auth/auth.types.ts';

export const AUTH_STORAGE_KEY = 'canopy.auth';
export const PROJECT_SHARE_ID_KEY = 'canopy.projectShareId';

export function loadStoredAuth(storage: Storage = localStorage): StoredAuth | null {
  try {
    const raw = storage.getItem(AUTH_STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<StoredAuth>;
    if (parsed.version !== 1 || (parsed.status !== 'AUTHENTICATED' && parsed.status !== 'LOGGED_OUT')) return null;
    const response = parsed.auth_response;
    if (parsed.status === 'AUTHENTICATED' && (!response || typeof response.access !== 'string' || typeof response.refresh !== 'string')) {
      return null;
    }
    return parsed as StoredAuth;
  } catch {
    return null;
  }
}

export function saveStoredAuth(record: StoredAuth, storage: Storage = localStorage): void {
  const raw = JSON.stringify(record);
  if (storage.getItem(AUTH_STORAGE_KEY) !== raw) storage.setItem(AUTH_STORAGE_KEY, raw);
}

export function clearStoredData(storage: Storage = localStorage): void {
  storage.removeItem(AUTH_STORAGE_KEY);
  storage.removeItem(PROJECT_SHARE_ID_KEY);
}
