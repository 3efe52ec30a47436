/**
 * The one HTTP client (ofetch), following API.md "Client rules for tokens":
 * - every request carries the bearer token read from the stored auth response at send time;
 * - requests time out after 100000 ms (SPEC §9);
 * - on 401: ONE refresh (POST /authjwt/refresh/), single flight across every tab, then the
 *   request is retried once with the new access token. SPEC §7 says 401 or 403, but this server
 *   answers a bad or expired token with 401 only (server/src/http/authenticate.ts): a 403 is a
 *   refusal of the action, which a new token would not change, so it is not sent a second time;
 * - a refused refresh ends the session ('Invalid refresh token'): the event sink hears
 *   `session.expired` and the auth machine logs out;
 * - a 403 (at once, or after the retry) is a PermissionError for the caller, not a logout;
 * - aborted and 408 requests are TimeoutErrors, apart from every other error (and reported to the
 *   event sink as `request.timeout`).
 *
 * Refresh algorithm (`refreshAfter(staleAccess)`):
 *   1. In this tab, parallel failures share one pending refresh (an in-tab promise).
 *   2. That refresh runs under a named lock — navigator.locks across the whole browser when it
 *      exists, else an in-tab mutex.
 *   3. Holding the lock, re-read the stored tokens: signed out → session expired; the access token
 *      differs from the one that failed → another tab (or an earlier holder) already rotated it,
 *      use it without calling the server.
 *   4. Otherwise POST the stored refresh token, store the rotated pair, tell the sink
 *      `tokens.refreshed`, release the lock.
 * Refresh tokens rotate and a reused one revokes its family, so step 3 is what keeps two tabs from
 * logging each other out. Chromium may grant the lock before the previous holder's localStorage
 * write has reached this tab; then both send the same refresh token, and the server's short reuse
 * grace (server/src/contexts/accounts/auth/tokens.ts) answers the second instead of revoking.
 *
 * The client is a factory over its token store, lock and event sink, so tests run two "tabs"
 * against one storage with a fake fetch and no network.
 */
import { ofetch, type FetchOptions } from 'ofetch';
import type { AuthResponse } from '@machines/auth/auth.types.ts';
import { ApiError, HttpError, NetworkError, PermissionError, SessionExpiredError, TimeoutError } from './errors.ts';
import { localTokenStore } from '../app/auth-storage.ts';

export const REQUEST_TIMEOUT_MS = 100_000;
export const REFRESH_PATH = '/authjwt/refresh/';
export const REFRESH_LOCK_NAME = 'canopy.auth.refresh';

/** Where the tokens live (localStorage in the app: shared by every tab). */
export interface TokenStore {
  read(): AuthResponse | null;
  write(tokens: AuthResponse): void;
}

/** The subset of the Web Locks API the client needs. */
export interface RefreshLock {
  request<T>(name: string, task: () => Promise<T>): Promise<T>;
}

export type ClientEvent = { type: 'tokens.refreshed'; authResponse: AuthResponse } | { type: 'session.expired' } | { type: 'request.timeout'; path: string };

export type ApiRequestOptions = Omit<
  FetchOptions<'json'>,
  'baseURL' | 'timeout' | 'retry' | 'retryDelay' | 'retryStatusCodes' | 'onRequest' | 'onRequestError' | 'onResponse' | 'onResponseError' | 'responseType'
>;

export interface ApiClient {
  <T = unknown>(path: string, options?: ApiRequestOptions): Promise<T>;
}

export interface ApiClientOptions {
  tokens: TokenStore;
  /** Defaults to navigator.locks when the browser has it, else an in-tab mutex. */
  lock?: RefreshLock;
  onEvent?: (event: ClientEvent) => void;
  /** A custom fetch (tests pass a fake; ofetch.create accepts it). */
  fetch?: typeof globalThis.fetch;
  baseURL?: string;
  timeoutMs?: number;
}

/** A mutex per name inside one tab: the fallback when navigator.locks is missing. */
export function createLocalLock(): RefreshLock {
  const tails = new Map<string, Promise<unknown>>();
  return {
    request<T>(name: string, task: () => Promise<T>): Promise<T> {
      const previous = tails.get(name) ?? Promise.resolve();
      const run = previous.then(task, task);
      tails.set(
        name,
        run.then(
          () => undefined,
          () => undefined,
        ),
      );
      return run;
    },
  };
}

export function defaultLock(): RefreshLock {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  if (locks && typeof locks.request === 'function') {
    return { request: <T>(name: string, task: () => Promise<T>) => locks.request(name, task) as Promise<T> };
  }
  return createLocalLock();
}

/** The token endpoints take no bearer token and never trigger a refresh (a 401 there is final). */
function isTokenEndpoint(path: string): boolean {
  return /^(?:https?:\/\/[^/]+)?\/authjwt\//.test(path);
}

interface FetchFailure {
  status?: number;
  data?: unknown;
  cause?: unknown;
}

function statusOf(error: unknown): number | null {
  const status = (error as FetchFailure | null)?.status;
  return typeof status === 'number' ? status : null;
}

function isAbort(error: unknown): boolean {
  const cause = (error as FetchFailure | null)?.cause ?? error;
  const name = (cause as { name?: unknown } | null)?.name;
  return name === 'AbortError' || name === 'TimeoutError';
}

/** Sorts an ofetch failure into the client's error classes. */
export function classifyError(error: unknown, path: string): ApiError {
  if (error instanceof ApiError) return error;
  const status = statusOf(error);
  const data = (error as FetchFailure | null)?.data ?? null;
  if (status === 408 || (status === null && isAbort(error))) {
    return new TimeoutError('The request timed out', path, status, data, { cause: error });
  }
  if (status === null) {
    return new NetworkError('The server could not be reached', path, null, null, { cause: error });
  }
  return new HttpError(`Request failed with status ${status}`, path, status, data, { cause: error });
}

export function createApiClient({
  tokens,
  lock = defaultLock(),
  onEvent = () => {},
  fetch,
  baseURL,
  timeoutMs = REQUEST_TIMEOUT_MS,
}: ApiClientOptions): ApiClient {
  const http = ofetch.create({ baseURL, timeout: timeoutMs, retry: 0 }, fetch ? { fetch } : undefined);
  let pendingRefresh: Promise<string> | null = null;

  function send<T>(path: string, options: ApiRequestOptions, access: string | null): Promise<T> {
    const headers = new Headers(options.headers);
    if (access) headers.set('Authorization', `Bearer ${access}`);
    return http<T>(path, { ...options, headers });
  }

  function fail(error: unknown, path: string): ApiError {
    const classified = classifyError(error, path);
    if (classified instanceof TimeoutError) onEvent({ type: 'request.timeout', path });
    return classified;
  }

  async function rotate(staleAccess: string): Promise<string> {
    const current = tokens.read();
    if (!current) throw new SessionExpiredError(REFRESH_PATH);
    // Someone (another tab, or an earlier holder of the lock) already rotated the tokens.
    if (current.access !== staleAccess) return current.access;
    let answer: Partial<AuthResponse>;
    try {
      answer = await http<Partial<AuthResponse>>(REFRESH_PATH, { method: 'POST', body: { refresh: current.refresh } });
    } catch (error) {
      const classified = classifyError(error, REFRESH_PATH);
      // Only the server refusing the token ends the session; a timeout or an outage does not.
      if (classified instanceof HttpError && classified.status !== null && classified.status < 500) {
        throw new SessionExpiredError(REFRESH_PATH, classified.status, classified.data);
      }
      throw classified;
    }
    if (typeof answer?.access !== 'string') throw new SessionExpiredError(REFRESH_PATH, 200, answer);
    const rotated: AuthResponse = { access: answer.access, refresh: answer.refresh ?? current.refresh };
    tokens.write(rotated);
    onEvent({ type: 'tokens.refreshed', authResponse: rotated });
    return rotated.access;
  }

  function refreshAfter(staleAccess: string): Promise<string> {
    if (!pendingRefresh) {
      pendingRefresh = lock
        .request(REFRESH_LOCK_NAME, () => rotate(staleAccess))
        .catch((error: unknown) => {
          if (error instanceof SessionExpiredError) onEvent({ type: 'session.expired' });
          throw error;
        })
        .finally(() => {
          pendingRefresh = null;
        });
    }
    return pendingRefresh;
  }

  return async function api<T = unknown>(path: string, options: ApiRequestOptions = {}): Promise<T> {
    const access = isTokenEndpoint(path) ? null : (tokens.read()?.access ?? null);
    try {
      return await send<T>(path, options, access);
    } catch (error) {
      const status = statusOf(error);
      if (status === 403 && access !== null) throw permissionError(error, path);
      if (access === null || status !== 401) throw fail(error, path);
    }
    let fresh: string;
    try {
      fresh = await refreshAfter(access);
    } catch (error) {
      throw fail(error, path);
    }
    try {
      return await send<T>(path, options, fresh);
    } catch (error) {
      if (statusOf(error) === 403) throw permissionError(error, path);
      throw fail(error, path);
    }
  } as ApiClient;

  function permissionError(error: unknown, path: string): PermissionError {
    const classified = classifyError(error, path);
    return new PermissionError('You do not have permission to perform this action.', path, 403, classified.data, { cause: error });
  }
}

/** Client events for the app (the auth machine, toasts); the live client publishes here. */
const listeners = new Set<(event: ClientEvent) => void>();

export function onClientEvent(listener: (event: ClientEvent) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function publishClientEvent(event: ClientEvent): void {
  for (const listener of [...listeners]) listener(event);
}

/** The app's client: tokens from localStorage (shared by every tab), events to the app. */
export const api: ApiClient = createApiClient({ tokens: localTokenStore(), onEvent: publishClientEvent });
