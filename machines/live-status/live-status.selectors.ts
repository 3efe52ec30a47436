/** Named readings of the live status machine (live-status.machine.ts). */
import type { SnapshotFrom } from 'xstate';
import type { liveStatusMachine } from './live-status.machine.ts';
import type { ScenarioLive, SimulationProgress } from './live-status.types.ts';

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

/** How far the scenario's running simulation is (the first that reports progress), or null. */
export const selectScenarioProgress =
  (configurationId: number) =>
  (s: Snapshot): SimulationProgress | null =>
    s.context.scenarios[configurationId]?.simulations.find((sim) => sim.status === 'running' && sim.progress)?.progress ?? null;
