/**
 * Sign-in: who the user is, as far as the web app knows.
 *
 *   auth
 *   ├── loggedOut        (initial unless a stored session exists)
 *   ├── authenticating   invokes `login` with the submitted credentials
 *   ├── authenticated    (initial when a stored session exists)
 *   └── failed           keeps the error; a new submit tries again
 *
 * Owned by src/app (AuthProvider); read by the route guard, the login screen and the header.
 * The API client reports refreshed tokens (`tokens.refreshed`) and a failed refresh
 * (`session.expired`, SPEC §7 'Invalid refresh token').
 */
import { assign, fromPromise, setup } from 'xstate';
import type { AuthContext, AuthEvent, AuthInput, AuthResponse, Credentials } from './auth.types.ts';

export const authMachine = setup({
  types: {
    context: {} as AuthContext,
    events: {} as AuthEvent,
    input: {} as AuthInput,
  },
  actors: {
    login: fromPromise<AuthResponse, Credentials>(async () => {
      throw new Error('login actor not provided');
    }),
  },
  actions: {
    clearSession: assign({ authResponse: null, error: null }),
    /** Side effects of logout outside the machine (stored data, project-share id): provided by the app. */
    forgetStoredData: () => {},
  },
  guards: {
    hasStoredSession: ({ context }) => context.authResponse !== null,
  },
}).createMachine({
  id: 'auth',
  context: ({ input }) => ({
    authResponse: input.stored?.status === 'AUTHENTICATED' ? input.stored.auth_response : null,
    error: null,
  }),
  initial: 'restoring',
  states: {
    restoring: {
      always: [{ guard: 'hasStoredSession', target: 'authenticated' }, { target: 'loggedOut' }],
    },
    loggedOut: {
      on: { 'credentials.submit': 'authenticating' },
    },
    authenticating: {
      invoke: {
        src: 'login',
        input: ({ event }) => (event as Extract<AuthEvent, { type: 'credentials.submit' }>).credentials,
        onDone: { target: 'authenticated', actions: assign({ authResponse: ({ event }) => event.output, error: null }) },
        onError: { target: 'failed', actions: assign({ authResponse: null, error: ({ event }) => event.error }) },
      },
    },
    authenticated: {
      on: {
        'tokens.refreshed': { actions: assign({ authResponse: ({ event }) => event.authResponse }) },
        'session.expired': { target: 'loggedOut', actions: ['clearSession', 'forgetStoredData'] },
        logout: { target: 'loggedOut', actions: ['clearSession', 'forgetStoredData'] },
      },
    },
    failed: {
      on: { 'credentials.submit': 'authenticating' },
    },
  },
});
