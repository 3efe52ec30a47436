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

/**
 * What a running simulation says of itself, for the time before it reports progress: a CFD run's
 * directions waiting behind another job, say ("Wind (CFD): 8 directions queued (…)").
 */
export const selectRunningWords =
  (configurationId: number) =>
  (s: Snapshot): string | null =>
    s.context.scenarios[configurationId]?.simulations.find((sim) => sim.status === 'running')?.status_text || null;

/**
 * The status a view shows for a scenario, the same everywhere: running while any of its simulations
 * runs (the scenario's own status is its least advanced simulation's, so a CFD run whose thermal
 * comfort waits for the wind field reads 'queued' while the solver works), else the scenario's live
 * status, else `listed` (what the list said when it was read).
 */
export function shownStatus(live: ScenarioLive | null, listed: string): string {
  if (!live) return listed;
  return live.simulations.some((sim) => sim.status === 'running') && live.status !== 'failed' ? 'running' : live.status;
}

export const selectShownStatus =
  (configurationId: number, listed: string) =>
  (s: Snapshot): string =>
    shownStatus(s.context.scenarios[configurationId] ?? null, listed);
