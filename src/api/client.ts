/**
 * The one HTTP client (ofetch). Every request carries the bearer token from the stored auth
 * response and times out after 100000 ms (SPEC §7). Token refresh on 401/403 is layered on in
 * src/api/refresh.ts by the sign-in capability.
 */
import { ofetch, type $Fetch } from 'ofetch';
import { loadStoredAuth } from '../app/auth-storage.ts';

export const REQUEST_TIMEOUT_MS = 100_000;

export function createApiClient(getAccessToken: () => string | null = () => loadStoredAuth()?.auth_response?.access ?? null): $Fetch {
  return ofetch.create({
    timeout: REQUEST_TIMEOUT_MS,
    retry: 0,
    onRequest({ options }) {
      const token = getAccessToken();
      if (token) {
        const headers = new Headers(options.headers);
        headers.set('Authorization', `Bearer ${token}`);
        options.headers = headers;
      }
    },
  });
}

export const api = createApiClient();
