/**
 * Scenario status (docs/scenarios.md): before approval the scenario moves as a whole (draft →
 * validating → awaiting_approval); from approval on each simulation has its own status, and the
 * scenario's is derived — failed if any failed, else the least advanced of its simulations — so
 * a worker only ever writes one simulation row and the scenario can never disagree with them.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import { configurations, simulations } from '../../db/schema/index.ts';
import type { ScenarioStatus, SimulationProgress } from '@canopy/contract/scenarios.ts';
import { SCENARIO_STATUSES } from '@canopy/contract/scenarios.ts';
import { cfdProgressView, directionLeases, runStateOf, stalledDirections } from '../compute/index.ts';
import { analysisJobKeys, jobProgressByKey, jobProgressView } from './job-progress.ts';

/** How far along a status is, for "least advanced"; failed and cancelled are handled apart. */
const PROGRESS: Record<ScenarioStatus, number> = {
  draft: 0,
  validating: 1,
  awaiting_approval: 2,
  queued: 3,
  awaiting_external_results: 4,
  running: 5,
  post_processing: 6,
  completed: 7,
  failed: 8,
  cancelled: 8,
};

export function isScenarioStatus(value: string): value is ScenarioStatus {
  return (SCENARIO_STATUSES as readonly string[]).includes(value);
}

/** A stored simulation status as one of ours (job-run.ts writes queued/running/completed/failed). */
export function asStatus(value: string): ScenarioStatus {
  return isScenarioStatus(value) ? value : 'draft';
}

export function deriveScenarioStatus(statuses: readonly ScenarioStatus[]): ScenarioStatus {
  if (statuses.length === 0) return 'draft';
  if (statuses.includes('failed')) return 'failed';
  const live = statuses.filter((s) => s !== 'cancelled');
  if (live.length === 0) return 'cancelled';
  return live.reduce((least, s) => (PROGRESS[s] < PROGRESS[least] ? s : least));
}

/** Statuses in which the inputs may still be replaced (PUT) or validated again. */
export const EDITABLE: readonly ScenarioStatus[] = ['draft', 'validating', 'awaiting_approval', 'failed', 'cancelled'];

export interface ScenarioState {
  configurationId: number;
  projectId: number;
  status: ScenarioStatus;
  simulations: Array<{ id: number; status: ScenarioStatus; status_text: string; progress: SimulationProgress | null }>;
}

/** Re-derives and stores the scenario's status from its simulations; returns the state. */
export async function refreshScenarioStatus(db: Db, configurationId: number): Promise<ScenarioState | null> {
  const [config] = await db
    .select({ projectId: configurations.projectId, status: configurations.status })
    .from(configurations)
    .where(eq(configurations.id, configurationId));
  if (!config) return null;
  const rows = await db
    .select({
      id: simulations.id,
      category: simulations.category,
      status: simulations.status,
      statusText: simulations.statusText,
      cfdParameters: simulations.cfdParameters,
    })
    .from(simulations)
    .where(eq(simulations.configurationId, configurationId))
    .orderBy(asc(simulations.id));
  // Live progress where a run reports it (Canopy's CFD: percentage, direction, phase, time left;
  // Canopy's solar and thermal comfort jobs: percentage, step and time left).
  const running = rows.filter((r) => r.status === 'running');
  const jobsByKey = await jobProgressByKey(
    db,
    running.flatMap((r) => analysisJobKeys(r)),
  );
  // A CFD run's directions whose worker stopped answering (stalled-directions.ts), said with its progress.
  const cfdRuns = running.flatMap((r) => {
    const state = runStateOf(r.cfdParameters);
    return state ? [{ simulationId: r.id, state }] : [];
  });
  const leases = await directionLeases(db, cfdRuns);
  const now = new Date();
  const progressOf = (r: (typeof rows)[number]) => {
    const job = analysisJobKeys(r)
      .map((key) => jobsByKey.get(key))
      .find((j) => j !== undefined);
    const cfd = cfdProgressView(r.cfdParameters, r.status);
    if (cfd) {
      const stalled = stalledDirections(leases.bySimulation.get(r.id) ?? [], runStateOf(r.cfdParameters)!.directions_deg, leases.now);
      return stalled.length ? { ...cfd, stalled } : cfd;
    }
    return job && r.status === 'running' ? jobProgressView(job, now) : null;
  };
  const sims = rows.map((r) => ({ id: r.id, status: asStatus(r.status), status_text: r.statusText, progress: progressOf(r) }));
  const status = deriveScenarioStatus(sims.map((s) => s.status));
  if (status !== config.status) await db.update(configurations).set({ status, updatedAt: new Date() }).where(eq(configurations.id, configurationId));
  return { configurationId, projectId: config.projectId, status, simulations: sims };
}
