/**
 * Binds the machines' actor stubs to the real services (API calls, storage). Tests bind fakes
 * with `.provide()` instead.
 */
import { fromPromise } from 'xstate';
import { authMachine } from '@machines/auth/auth.machine.ts';
import type { AuthResponse, Credentials } from '@machines/auth/auth.types.ts';
import { createToken } from '../api/auth.ts';
import { clearStoredData } from './auth-storage.ts';

export const liveAuthMachine = authMachine.provide({
  actors: {
    login: fromPromise<AuthResponse, Credentials>(({ input }) => createToken(input)),
  },
  actions: {
    forgetStoredData: () => clearStoredData(),
  },
});
