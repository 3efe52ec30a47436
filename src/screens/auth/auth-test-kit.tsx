/**
 * Test support for the auth screens: the whole App at a path (wouter memory location), with every
 * auth service faked and the browser effects spied on. No network.
 */
import { render } from '@testing-library/react';
import { vi, type Mock } from 'vitest';
import { memoryLocation } from 'wouter/memory-location';
import type { AuthResponse, ServerError } from '@machines/auth/auth.types.ts';
import { App } from '../../app/app.tsx';
import type { AuthServices, BrowserEffects } from '../../services/auth-services.ts';
import { AUTH_STORAGE_KEY, clearStoredData, savePendingSso, saveStoredAuth } from '../../app/auth-storage.ts';

export const TOKENS: AuthResponse = { access: 'access-1', refresh: 'refresh-1' };

type Mocked<T> = { [K in keyof T]: T[K] extends (...args: infer A) => infer R ? Mock<(...args: A) => R> : T[K] };

export function fakeServices(overrides: Partial<AuthServices> = {}): Mocked<AuthServices> {
  const services: AuthServices = {
    login: async () => TOKENS,
    checkQuestionnaire: async () => false,
    startSso: async () => ({ authorizationUrl: 'https://idp.example/authorize?state=s-1', state: 's-1' }),
    exchangeSsoCode: async () => TOKENS,
    signup: async () => ({ id: 1 }),
    requestReset: async () => undefined,
    confirmReset: async () => undefined,
    requestOtp: async () => undefined,
    submitQuestionnaire: async () => undefined,
    loadAgreement: async () => null,
    acceptAgreement: async () => undefined,
    ssoAvailable: async () => false,
    countries: async () => [],
    provinces: async () => [],
    ...overrides,
  };
  const mocked = {} as Record<string, Mock>;
  for (const [name, fn] of Object.entries(services)) mocked[name] = vi.fn(fn as (...args: unknown[]) => unknown);
  return mocked as unknown as Mocked<AuthServices>;
}

export function fakeBrowser(): Mocked<BrowserEffects> {
  return {
    goToProvider: vi.fn(),
    saveSession: vi.fn((tokens) => saveStoredAuth({ version: 1, status: 'AUTHENTICATED', auth_response: tokens })),
    storePendingSso: vi.fn((pending) => savePendingSso(pending)),
    clearPendingSso: vi.fn(() => sessionStorage.clear()),
    forgetStoredData: vi.fn(() => clearStoredData()),
  };
}

export function reject(status: number, body: Record<string, unknown>): Promise<never> {
  const fields: Record<string, string[]> = {};
  for (const [key, value] of Object.entries(body)) if (key !== 'detail') fields[key] = value as string[];
  const error: ServerError = { kind: 'http', status, detail: typeof body.detail === 'string' ? body.detail : null, fields, body };
  return Promise.reject(error);
}

export function storeSession(tokens: AuthResponse = TOKENS): void {
  localStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ version: 1, status: 'AUTHENTICATED', auth_response: tokens }));
}

export function renderApp(path: string, services = fakeServices(), browser = fakeBrowser()) {
  const location = memoryLocation({ path, record: true });
  const view = render(<App hook={location.hook} searchHook={location.searchHook} authServices={services} browser={browser} />);
  return { ...view, services, browser, location, current: () => location.history.at(-1) };
}
