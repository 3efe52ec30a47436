/** Shared by the sign-in machine's tests: fake actors (vi.fn), spy side effects, fixtures. */
import { vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import { authMachine } from './auth.machine.ts';
import type { Agreement, AuthInput, AuthResponse, Credentials, QuestionnaireAnswers, ServerError, SignupDetails, SsoRedirect } from './auth.types.ts';

export const TOKENS: AuthResponse = { access: 'access-1', refresh: 'refresh-1' };
export const STORED: AuthInput = { stored: { version: 1, status: 'AUTHENTICATED', auth_response: TOKENS } };
export const AGREEMENT: Agreement = { id: 4, title: 'Terms of use', body: 'Be nice.', version: '2025-01' };
export const ANSWERS: QuestionnaireAnswers = { role: 'Engineer', organisation_type: 'Engineering consultancy', intended_use: 'Thermal comfort' };
export const DETAILS: SignupDetails = {
  username: 'ada',
  email: 'ada@example.com',
  password: 'correct horse battery staple',
  first_name: 'Ada',
  last_name: 'Lovelace',
  company: 'Analytical Engines',
  country: 'GB',
  province: 'GB-LND',
};

export function serverError(status: number, body: unknown): ServerError {
  const fields: Record<string, string[]> = {};
  let detail: string | null = null;
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    if (key === 'detail') detail = String(value);
    else fields[key] = value as string[];
  }
  return { kind: 'http', status, detail, fields, body };
}

export type Deferred<T> = { promise: Promise<T>; resolve(value: T): void; reject(error: unknown): void };
export function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export function start(input: AuthInput = { stored: null }, overrides: Partial<Services> = {}) {
  const services: Services = { ...defaultServices(), ...overrides };
  const effects = { forgetStoredData: vi.fn(), saveSession: vi.fn(), storePendingSso: vi.fn(), clearPendingSso: vi.fn(), goToProvider: vi.fn() };
  const machine = authMachine.provide({
    actors: {
      login: fromPromise<AuthResponse, Credentials>(({ input }) => services.login(input)),
      checkQuestionnaire: fromPromise<boolean, void>(() => services.checkQuestionnaire()),
      startSso: fromPromise<SsoRedirect, void>(() => services.startSso()),
      exchangeSsoCode: fromPromise<AuthResponse, { code: string; state: string }>(({ input }) => services.exchangeSsoCode(input)),
      signup: fromPromise<unknown, SignupDetails>(({ input }) => services.signup(input)),
      requestReset: fromPromise<void, { email: string }>(({ input }) => services.requestReset(input)),
      submitQuestionnaire: fromPromise<void, QuestionnaireAnswers>(({ input }) => services.submitQuestionnaire(input)),
      loadAgreement: fromPromise<Agreement | null, void>(() => services.loadAgreement()),
      acceptAgreement: fromPromise<void, { id: number }>(({ input }) => services.acceptAgreement(input)),
    },
    actions: {
      forgetStoredData: () => effects.forgetStoredData(),
      saveSession: (_, tokens) => effects.saveSession(tokens),
      storePendingSso: (_, pending) => effects.storePendingSso(pending),
      clearPendingSso: () => effects.clearPendingSso(),
      goToProvider: (_, { url }) => effects.goToProvider(url),
    },
  });
  const actor = createActor(machine, { input }).start();
  return { actor, services, effects };
}

export interface Services {
  login: (c: Credentials) => Promise<AuthResponse>;
  checkQuestionnaire: () => Promise<boolean>;
  startSso: () => Promise<SsoRedirect>;
  exchangeSsoCode: (c: { code: string; state: string }) => Promise<AuthResponse>;
  signup: (d: SignupDetails) => Promise<unknown>;
  requestReset: (r: { email: string }) => Promise<void>;
  submitQuestionnaire: (a: QuestionnaireAnswers) => Promise<void>;
  loadAgreement: () => Promise<Agreement | null>;
  acceptAgreement: (r: { id: number }) => Promise<void>;
}

export function defaultServices(): Services {
  return {
    login: vi.fn(async () => TOKENS),
    checkQuestionnaire: vi.fn(async () => false),
    startSso: vi.fn(async () => ({ authorizationUrl: 'https://idp.example/authorize?state=s-1', state: 's-1' })),
    exchangeSsoCode: vi.fn(async () => TOKENS),
    signup: vi.fn(async () => ({ id: 1, username: 'ada' })),
    requestReset: vi.fn(async () => undefined),
    submitQuestionnaire: vi.fn(async () => undefined),
    loadAgreement: vi.fn(async () => null),
    acceptAgreement: vi.fn(async () => undefined),
  };
}
