/**
 * Whether single sign-on is configured on this server (the provider endpoint answers 404 when it is
 * not), so the login screen shows its button only when it can work.
 *
 *   ssoAvailability
 *   ├── checking
 *   ├── available
 *   └── unavailable
 *
 * Owned by src/screens/auth/login-screen.tsx.
 */
import { fromPromise, setup } from 'xstate';

export const ssoAvailabilityMachine = setup({
  actors: {
    probe: fromPromise<boolean, void>(async () => false),
  },
  guards: {
    configured: (_, available: boolean) => available,
  },
}).createMachine({
  id: 'ssoAvailability',
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'probe',
        src: 'probe',
        onDone: [{ guard: { type: 'configured', params: ({ event }) => event.output }, target: 'available' }, { target: 'unavailable' }],
        onError: 'unavailable',
      },
    },
    available: {},
    unavailable: {},
  },
});
