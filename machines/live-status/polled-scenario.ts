/**
 * What a poll reads for one scenario, turned into its live status: the scenario's own record (GET
 * configuration/{id}/: its status and simulations, each with its stored CFD run state) and, for a
 * running simulation whose progress is not in that state (an analysis job), its latest status (GET
 * get-latest-status/: the job's percentage, step and time left). Reading the record first means a
 * watcher need not know the scenario's simulations, and a CFD run reads as the socket says it.
 */
import { cfdProgressOf } from './cfd-progress.ts';
import type { LatestStatus, ScenarioLive, ScenarioStatus, SimulationProgress } from './live-status.types.ts';

export interface PolledScenario {
  configurationId: number;
  status: ScenarioStatus;
  simulations: Array<{ id: number; status: ScenarioStatus; status_text: string; cfd_parameters: unknown }>;
  /** Latest statuses of running simulations the record has no progress for. */
  latest: LatestStatus[];
}

/** Simulations of the record that need their latest status read (running, with no CFD run state to read). */
export function needsLatest(p: Pick<PolledScenario, 'simulations'>): number[] {
  return p.simulations.filter((s) => s.status === 'running' && !cfdProgressOf(s.cfd_parameters, s.status)).map((s) => s.id);
}

/** A running job's progress from its latest status: percentage, step (as the phase) and time left. */
function jobProgress(a: LatestStatus): SimulationProgress | null {
  if (a.status !== 'running' || a.progress === null) return null;
  return { percent: a.progress, eta_s: a.eta_s ?? null, phase: a.job?.message ?? null, direction: null, updated_at: a.updated };
}

export function liveFromPoll(p: PolledScenario): ScenarioLive {
  return {
    configurationId: p.configurationId,
    status: p.status,
    simulations: p.simulations.map((s) => {
      const latest = p.latest.find((a) => a.simulation_id === s.id);
      return {
        id: s.id,
        status: s.status,
        status_text: s.status_text,
        progress: cfdProgressOf(s.cfd_parameters, s.status) ?? (latest ? jobProgress(latest) : null),
      };
    }),
    source: 'poll',
  };
}
