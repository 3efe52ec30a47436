/** Named readings of the live status machine (live-status.machine.ts). */
import type { SnapshotFrom } from 'xstate';
import type { liveStatusMachine } from './live-status.machine.ts';
import type { ScenarioLive } from './live-status.types.ts';

type Snapshot = SnapshotFrom<typeof liveStatusMachine>;

/** How live the statuses on screen are: pushed, polled while the socket is down, or not live at all. */
export type Liveness = 'connecting' | 'live' | 'polling' | 'unavailable';

export const selectLiveness = (s: Snapshot): Liveness => {
  if (s.matches({ online: 'connected' })) return 'live';
  if (s.matches('offline')) return 'polling';
  if (s.matches('unavailable')) return 'unavailable';
  return 'connecting';
};

export const selectScenarioLive =
  (configurationId: number) =>
  (s: Snapshot): ScenarioLive | null =>
    s.context.scenarios[configurationId] ?? null;

export const selectAttempt = (s: Snapshot): number => s.context.attempt;
