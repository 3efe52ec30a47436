/** Named readings of the single sign-on availability probe. */
import type { SnapshotFrom } from 'xstate';
import type { ssoAvailabilityMachine } from './sso-availability.machine.ts';

export const selectSsoAvailable = (s: SnapshotFrom<typeof ssoAvailabilityMachine>): boolean => s.matches('available');
