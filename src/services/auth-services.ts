/**
 * Binds the machines' actor stubs to the real services (API calls, storage, navigation). Tests bind
 * fakes the same way: `bindAuthLogic(fakeServices, fakeBrowser)` (or `<App authServices={…}>`).
 * Every actor rejects with a plain ServerError, never an API client class, so machines stay free of
 * the client.
 */
import { fromPromise } from 'xstate';
import { authMachine } from '@machines/auth/auth.machine.ts';
import { placesMachine, type Place } from '@machines/auth/places.machine.ts';
import { submissionMachine, type SubmissionValues } from '@machines/auth/submission.machine.ts';
import { ssoAvailabilityMachine } from '@machines/auth/sso-availability.machine.ts';
import type { Agreement, AuthResponse, Credentials, PendingSso, QuestionnaireAnswers, SignupDetails, SsoRedirect } from '@machines/auth/auth.types.ts';
import * as authApi from '../api/auth.ts';
import { api } from '../api/client.ts';
import { clearPendingSso, clearStoredData, savePendingSso, saveStoredAuth } from '../app/auth-storage.ts';
import { asServerCall as call } from '../api/errors.ts';

/** What the auth screens and machines need from the server. */
export interface AuthServices {
  login(credentials: Credentials): Promise<AuthResponse>;
  checkQuestionnaire(): Promise<boolean>;
  startSso(): Promise<SsoRedirect>;
  exchangeSsoCode(callback: { code: string; state: string }): Promise<AuthResponse>;
  signup(details: SignupDetails): Promise<unknown>;
  requestReset(email: string): Promise<void>;
  confirmReset(body: { uid: string; token: string; new_password: string }): Promise<void>;
  requestOtp(email: string): Promise<void>;
  submitQuestionnaire(answers: QuestionnaireAnswers): Promise<void>;
  loadAgreement(): Promise<Agreement | null>;
  acceptAgreement(id: number): Promise<void>;
  ssoAvailable(): Promise<boolean>;
  countries(): Promise<Place[]>;
  provinces(country: string): Promise<Place[]>;
}

/** What the sign-in machine does to the browser. */
export interface BrowserEffects {
  goToProvider(url: string): void;
  saveSession(tokens: AuthResponse): void;
  storePendingSso(pending: PendingSso): void;
  clearPendingSso(): void;
  forgetStoredData(): void;
}

export const liveAuthServices: AuthServices = {
  login: (credentials) => authApi.createToken(api, credentials),
  checkQuestionnaire: () => authApi.needsQuestionnaire(api),
  startSso: () => authApi.startSso(api),
  exchangeSsoCode: (callback) => authApi.exchangeSsoCode(api, callback),
  signup: (details) => authApi.signUp(api, details),
  requestReset: (email) => authApi.requestPasswordReset(api, email),
  confirmReset: (body) => authApi.confirmPasswordReset(api, body),
  requestOtp: (email) => authApi.requestOneTimePassword(api, email),
  submitQuestionnaire: (answers) => authApi.submitQuestionnaire(api, answers),
  loadAgreement: () => authApi.fetchAgreement(api),
  acceptAgreement: (id) => authApi.acceptAgreement(api, id),
  ssoAvailable: () => authApi.ssoAvailable(api),
  countries: () => authApi.fetchCountries(api),
  provinces: (country) => authApi.fetchProvinces(api, country),
};

export const liveBrowser: BrowserEffects = {
  goToProvider: (url) => window.location.assign(url),
  saveSession: (tokens) => saveStoredAuth({ version: 1, status: 'AUTHENTICATED', auth_response: tokens }),
  storePendingSso: (pending) => savePendingSso(pending),
  clearPendingSso: () => clearPendingSso(),
  forgetStoredData: () => clearStoredData(),
};

/** Runs a service call and rejects with a plain ServerError. */

/** Every auth-related machine, bound to one set of services. */
export function bindAuthLogic(services: AuthServices, browser: BrowserEffects = liveBrowser) {
  const auth = authMachine.provide({
    actors: {
      login: fromPromise<AuthResponse, Credentials>(({ input }) => call(() => services.login(input))),
      checkQuestionnaire: fromPromise<boolean, void>(() => call(() => services.checkQuestionnaire())),
      startSso: fromPromise<SsoRedirect, void>(() => call(() => services.startSso())),
      exchangeSsoCode: fromPromise<AuthResponse, { code: string; state: string }>(({ input }) => call(() => services.exchangeSsoCode(input))),
      signup: fromPromise<unknown, SignupDetails>(({ input }) => call(() => services.signup(input))),
      requestReset: fromPromise<void, { email: string }>(({ input }) => call(() => services.requestReset(input.email))),
      submitQuestionnaire: fromPromise<void, QuestionnaireAnswers>(({ input }) => call(() => services.submitQuestionnaire(input))),
      loadAgreement: fromPromise<Agreement | null, void>(() => call(() => services.loadAgreement())),
      acceptAgreement: fromPromise<void, { id: number }>(({ input }) => call(() => services.acceptAgreement(input.id))),
    },
    actions: {
      forgetStoredData: () => browser.forgetStoredData(),
      saveSession: (_, tokens) => browser.saveSession(tokens),
      storePendingSso: (_, pending) => browser.storePendingSso(pending),
      clearPendingSso: () => browser.clearPendingSso(),
      goToProvider: (_, { url }) => browser.goToProvider(url),
    },
  });
  const otpRequest = submissionMachine.provide({
    actors: { submit: fromPromise<void, SubmissionValues>(({ input }) => call(() => services.requestOtp(input.email ?? ''))) },
  });
  const resetConfirm = submissionMachine.provide({
    actors: {
      submit: fromPromise<void, SubmissionValues>(({ input }) =>
        call(() => services.confirmReset({ uid: input.uid ?? '', token: input.token ?? '', new_password: input.new_password ?? '' })),
      ),
    },
  });
  const places = placesMachine.provide({
    actors: {
      loadCountries: fromPromise<Place[], void>(() => call(() => services.countries())),
      loadProvinces: fromPromise<Place[], { country: string }>(({ input }) => call(() => services.provinces(input.country))),
    },
  });
  const ssoAvailability = ssoAvailabilityMachine.provide({
    actors: { probe: fromPromise<boolean, void>(() => services.ssoAvailable().catch(() => false)) },
  });
  return { auth, otpRequest, resetConfirm, places, ssoAvailability };
}

export type AuthLogic = ReturnType<typeof bindAuthLogic>;

export const liveAuthLogic: AuthLogic = bindAuthLogic(liveAuthServices);
