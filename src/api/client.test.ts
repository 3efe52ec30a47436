/**
 * The API client against a fake token server (a fake fetch handed to ofetch.create): no network.
 * "Tabs" are clients sharing one storage and one browser-wide lock.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createApiClient, createLocalLock, type ClientEvent, type RefreshLock } from './client.ts';
import { HttpError, NetworkError, PermissionError, SessionExpiredError, TimeoutError, toServerError } from './errors.ts';
import { AUTH_STORAGE_KEY, localTokenStore } from '../app/auth-storage.ts';

class MemoryStorage implements Storage {
  private items = new Map<string, string>();
  get length() {
    return this.items.size;
  }
  clear() {
    this.items.clear();
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

function json(status: number, body: unknown): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

/** A token server with rotation and reuse detection, like the real one. */
function fakeServer() {
  let generation = 1;
  let revoked = false;
  const used = new Set<string>();
  const state = {
    refreshCalls: 0,
    gate: null as null | Promise<void>,
    lateGate: null as null | Promise<void>,
    refreshStatus: null as number | null,
    requests: [] as string[],
  };

  const fetch = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(String(input), 'http://canopy.test');
    const auth = new Headers(init?.headers).get('authorization');
    state.requests.push(`${init?.method ?? 'GET'} ${url.pathname} ${auth ?? '-'}`);
    if (url.pathname === '/authjwt/refresh/') {
      state.refreshCalls += 1;
      if (state.gate) await state.gate;
      if (state.refreshStatus) return json(state.refreshStatus, { detail: 'Server error' });
      const { refresh } = JSON.parse(String(init?.body)) as { refresh: string };
      if (revoked || used.has(refresh)) {
        revoked = true;
        return json(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
      }
      if (refresh !== `R${generation}`) return json(401, { detail: 'Token is invalid or expired', code: 'token_not_valid' });
      used.add(refresh);
      generation += 1;
      return json(200, { access: `A${generation}`, refresh: `R${generation}` });
    }
    if (url.pathname === '/api/forbidden/') return json(403, { detail: 'You do not have permission to perform this action.' });
    if (url.pathname === '/api/slow-408/') return json(408, { detail: 'Request Timeout' });
    if (url.pathname === '/api/broken/') return json(500, { detail: 'Boom' });
    if (url.pathname === '/api/offline/') throw new TypeError('Failed to fetch');
    if (url.pathname === '/api/hang/') {
      return new Promise<Response>((_, reject) => {
        init?.signal?.addEventListener('abort', () => reject(init.signal?.reason));
      });
    }
    if (url.pathname === '/api/late/' && state.lateGate) {
      const gate = state.lateGate;
      state.lateGate = null;
      const seen = generation;
      await gate;
      if (auth !== `Bearer A${seen}`) return json(401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' });
    }
    if (auth !== `Bearer A${generation}`) return json(401, { detail: 'Given token not valid for any token type', code: 'token_not_valid' });
    return json(200, { ok: true, path: url.pathname });
  };
  return { fetch: fetch as typeof globalThis.fetch, state, revoke: () => (revoked = true) };
}

function signedIn(storage: Storage, access = 'A0', refresh = 'R1') {
  storage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ version: 1, status: 'AUTHENTICATED', auth_response: { access, refresh } }));
}

function tab(storage: Storage, server: ReturnType<typeof fakeServer>, lock: RefreshLock) {
  const events: ClientEvent[] = [];
  const tokens = localTokenStore(() => storage);
  const api = createApiClient({ tokens, lock, onEvent: (e) => events.push(e), fetch: server.fetch, baseURL: 'http://canopy.test' });
  return { api, events, tokens };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('bearer token', () => {
  it('reads the stored access token on every request', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    signedIn(storage, 'A1');
    const { api } = tab(storage, server, createLocalLock());
    await expect(api('/api/thing/')).resolves.toEqual({ ok: true, path: '/api/thing/' });
    expect(server.state.requests).toEqual(['GET /api/thing/ Bearer A1']);
  });

  it('sends no token to the token endpoints and never refreshes on their 401', async () => {
    const storage = new MemoryStorage();
    signedIn(storage, 'A0');
    const fetch = vi.fn(async () => json(401, { detail: 'No active account found with the given credentials' }));
    const events: ClientEvent[] = [];
    const api = createApiClient({ tokens: localTokenStore(() => storage), fetch, onEvent: (e) => events.push(e), baseURL: 'http://canopy.test' });
    const error = await api('/authjwt/create/', { method: 'POST', body: { username: 'u', password: 'p' } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(new Headers((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers).has('authorization')).toBe(false);
    expect(events).toEqual([]);
  });
});

describe('refresh on 401', () => {
  it('refreshes once, stores the rotated pair and retries the request', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    signedIn(storage, 'A0', 'R1');
    const { api, events, tokens } = tab(storage, server, createLocalLock());
    await expect(api('/api/thing/')).resolves.toMatchObject({ ok: true });
    expect(server.state.refreshCalls).toBe(1);
    expect(tokens.read()).toEqual({ access: 'A2', refresh: 'R2' });
    expect(events).toEqual([{ type: 'tokens.refreshed', authResponse: { access: 'A2', refresh: 'R2' } }]);
    expect(server.state.requests).toEqual(['GET /api/thing/ Bearer A0', 'POST /authjwt/refresh/ -', 'GET /api/thing/ Bearer A2']);
  });

  it('parallel 401s in one tab wait for exactly one refresh', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    signedIn(storage, 'A0', 'R1');
    const gate = deferred();
    server.state.gate = gate.promise;
    const { api, events } = tab(storage, server, createLocalLock());
    const all = Promise.all([api('/api/a/'), api('/api/b/'), api('/api/c/'), api('/api/d/')]);
    await vi.waitFor(() => expect(server.state.refreshCalls).toBe(1), { timeout: 30_000 });
    gate.release();
    await expect(all).resolves.toHaveLength(4);
    expect(server.state.refreshCalls).toBe(1);
    expect(events.filter((e) => e.type === 'tokens.refreshed')).toHaveLength(1);
    expect(events.some((e) => e.type === 'session.expired')).toBe(false);
  });

  it('a 401 that arrives after the refresh finished uses the new token without refreshing again', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    signedIn(storage, 'A0', 'R1');
    const late = deferred();
    server.state.lateGate = late.promise;
    const { api } = tab(storage, server, createLocalLock());
    const slow = api('/api/late/'); // sent with A0, answered after the refresh below
    await expect(api('/api/a/')).resolves.toMatchObject({ ok: true });
    late.release();
    await expect(slow).resolves.toMatchObject({ ok: true });
    expect(server.state.refreshCalls).toBe(1);
    expect(server.state.requests.at(-1)).toBe('GET /api/late/ Bearer A2');
  });

  it('two tabs refreshing at once make one refresh call, and neither is logged out', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    signedIn(storage, 'A0', 'R1');
    const browserLock = createLocalLock(); // stands for navigator.locks, shared by the tabs
    const gate = deferred();
    server.state.gate = gate.promise;
    const one = tab(storage, server, browserLock);
    const two = tab(storage, server, browserLock);
    const both = Promise.all([one.api('/api/a/'), two.api('/api/b/'), one.api('/api/c/'), two.api('/api/d/')]);
    await vi.waitFor(() => expect(server.state.refreshCalls).toBe(1), { timeout: 30_000 });
    gate.release();
    await expect(both).resolves.toHaveLength(4);
    expect(server.state.refreshCalls).toBe(1);
    expect([...one.events, ...two.events].some((e) => e.type === 'session.expired')).toBe(false);
    expect(one.tokens.read()).toEqual({ access: 'A2', refresh: 'R2' });
    expect(two.tokens.read()).toEqual({ access: 'A2', refresh: 'R2' });
  });

  it('without the lock two tabs would reuse the refresh token — the server revokes the family (why the lock exists)', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    signedIn(storage, 'A0', 'R1');
    const gate = deferred();
    server.state.gate = gate.promise;
    const one = tab(storage, server, createLocalLock());
    const two = tab(storage, server, createLocalLock());
    const both = Promise.allSettled([one.api('/api/a/'), two.api('/api/b/')]);
    await vi.waitFor(() => expect(server.state.refreshCalls).toBe(2), { timeout: 30_000 });
    gate.release();
    const results = await both;
    expect(results.some((r) => r.status === 'rejected')).toBe(true);
  });

  it('a 403 is a permission error at once: sent once, no refresh, and the session stays', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    signedIn(storage, 'A1', 'R1');
    const { api, events, tokens } = tab(storage, server, createLocalLock());
    const error = await api('/api/forbidden/', { method: 'DELETE' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PermissionError);
    expect((error as PermissionError).status).toBe(403);
    expect(toServerError(error)).toMatchObject({ kind: 'permission', detail: 'You do not have permission to perform this action.' });
    // A refused action is not sent a second time (issue: failed requests were sent twice).
    expect(server.state.requests.filter((r) => r.includes('/api/forbidden/'))).toEqual(['DELETE /api/forbidden/ Bearer A1']);
    expect(server.state.refreshCalls).toBe(0);
    expect(events).toEqual([]);
    expect(tokens.read()).toEqual({ access: 'A1', refresh: 'R1' });
  });

  it('a refused refresh ends the session: session.expired, error Invalid refresh token', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    signedIn(storage, 'A0', 'R1');
    server.revoke();
    const { api, events } = tab(storage, server, createLocalLock());
    const results = await Promise.allSettled([api('/api/a/'), api('/api/b/')]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason as SessionExpiredError;
      expect(reason).toBeInstanceOf(SessionExpiredError);
      expect(reason.message).toBe('Invalid refresh token');
    }
    expect(events).toEqual([{ type: 'session.expired' }]);
    expect(server.state.refreshCalls).toBe(1);
  });

  it('a refresh that meets a server outage is not a logout', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    signedIn(storage, 'A0', 'R1');
    server.state.refreshStatus = 503;
    const { api, events, tokens } = tab(storage, server, createLocalLock());
    const error = await api('/api/a/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(503);
    expect(events).toEqual([]);
    expect(tokens.read()).toEqual({ access: 'A0', refresh: 'R1' });
  });

  it('a 401 while signed out is passed on without a refresh', async () => {
    const storage = new MemoryStorage();
    const server = fakeServer();
    const { api, events } = tab(storage, server, createLocalLock());
    const error = await api('/api/a/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect(server.state.refreshCalls).toBe(0);
    expect(events).toEqual([]);
  });
});

describe('timeouts are their own kind of error', () => {
  it('times out after 100000 ms as a TimeoutError and reports it', async () => {
    vi.useFakeTimers();
    const storage = new MemoryStorage();
    const server = fakeServer();
    signedIn(storage, 'A1');
    const { api, events } = tab(storage, server, createLocalLock());
    const pending = api('/api/hang/').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(99_999);
    expect(events).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(TimeoutError);
    expect(error).not.toBeInstanceOf(HttpError);
    expect(events).toEqual([{ type: 'request.timeout', path: '/api/hang/' }]);
  });

  it('a 408 answer is a TimeoutError', async () => {
    const storage = new MemoryStorage();
    const { api } = tab(storage, fakeServer(), createLocalLock());
    const error = await api('/api/slow-408/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect((error as TimeoutError).status).toBe(408);
  });

  it('a request the caller aborts is a TimeoutError', async () => {
    const storage = new MemoryStorage();
    const { api } = tab(storage, fakeServer(), createLocalLock());
    const controller = new AbortController();
    const pending = api('/api/hang/', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await pending).toBeInstanceOf(TimeoutError);
  });

  it('a 500 is an HttpError and no response at all is a NetworkError', async () => {
    const storage = new MemoryStorage();
    const { api, events } = tab(storage, fakeServer(), createLocalLock());
    const broken = await api('/api/broken/').catch((e: unknown) => e);
    expect(broken).toBeInstanceOf(HttpError);
    expect(toServerError(broken)).toMatchObject({ kind: 'http', status: 500, detail: 'Boom' });
    expect(await api('/api/offline/').catch((e: unknown) => e)).toBeInstanceOf(NetworkError);
    expect(events).toEqual([]);
  });
});

describe('toServerError', () => {
  it('keeps DRF field errors next to their fields', () => {
    const error = new HttpError('bad', '/authusers/', 400, { username: ['A user with that username already exists.'], password: 'Too short.' });
    expect(toServerError(error)).toEqual({
      kind: 'http',
      status: 400,
      detail: null,
      fields: { username: ['A user with that username already exists.'], password: ['Too short.'] },
      body: { username: ['A user with that username already exists.'], password: 'Too short.' },
    });
  });
});
