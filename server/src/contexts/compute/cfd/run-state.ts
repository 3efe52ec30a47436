/**
 * A CFD wind run's state, kept in its simulation's `cfd_parameters` (shown to clients as is): the
 * plan and estimate, the directions done with the asset rows each will publish, the live progress,
 * and why it failed. docs/adr/0012-cfd-wind-jobs.md explains the shape of the run.
 *
 * Directions finish on any worker in any order. Each records itself under a row lock on the
 * simulation; the one that completes the set publishes — inserts every direction's rows at once,
 * enqueues the wind-comfort post-processing and releases the jobs that waited for the wind field —
 * in the same transaction, so results appear all together or not at all, and exactly once.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { assets, configurations, simulations } from '../../../db/schema/index.ts';
import { enqueueJob } from '../../../jobs/queue.ts';
import type { RunSchedule } from '@canopy/engine/cfd/run/direction.ts';
import type { TierId } from '@canopy/engine/cfd/run/scene-plan.ts';
import type { TerrainId } from '@canopy/engine/wind/profile.ts';
import type { CfdEstimate } from './cfd-plan.ts';
import { CFD_DIRECTION_JOB } from './cfd-plan.ts';
import { ANALYSIS_JOB_TYPES, thermalJobInputSchema } from '../analyses/settings.ts';
import { simulationJobKey } from '../../scenarios/index.ts';
import { runStateOf } from './run-state-shape.ts';

type AssetInsert = typeof assets.$inferInsert;

export interface CfdDirectionDone {
  direction_deg: number;
  job_id: number;
  /** The direction's asset rows (blobs already written), inserted when every direction is done. */
  rows: AssetInsert[];
  manifest_key: string;
  warnings: string[];
  mlups: number;
  wall_time_s: number;
  threads: number;
  resumed_from_step: number | null;
}

export interface CfdProgress {
  percent: number;
  directions_done: number;
  total: number;
  direction_deg: number;
  index: number;
  phase: string;
  step: number;
  steps: number;
  mlups: number;
  /** This direction's seconds left (−1: unknown yet). */
  eta_s: number;
  /** The whole run's seconds left: every direction left, at the estimate's pace moved towards the measured one (run-eta.ts). */
  run_eta_s: number;
  updated_at: string;
}

/** A job that runs once the wind field exists (thermal comfort of the same scenario), or when the run fails. */
export interface DeferredJob {
  type: string;
  input: unknown;
  dedupe_key: string;
}

export interface CfdRunState {
  engine: 'canopy-cfd';
  solver: string;
  run_id: string;
  analysis: string;
  tier: TierId;
  terrain: TerrainId;
  directions_deg: number[];
  reference: { height_m: number; terrain: TerrainId };
  estimate: CfdEstimate;
  schedule: RunSchedule;
  shortened_schedule: boolean;
  /** The post-processing job enqueued when the directions are done (at the run's queue priority). */
  post: { type: string; input: unknown; dedupe_key: string; priority?: number };
  done: Record<string, CfdDirectionDone>;
  progress: CfdProgress | null;
  failed: { reason: string; direction_deg: number | null; step: number | null } | null;
}

/** The run's state and status, or null when the simulation is gone. */
export async function readRun(db: Db, simulationId: number): Promise<{ status: string; state: CfdRunState | null; configurationId: number } | null> {
  const [row] = await db
    .select({ status: simulations.status, parameters: simulations.cfdParameters, configurationId: simulations.configurationId })
    .from(simulations)
    .where(eq(simulations.id, simulationId));
  return row ? { status: row.status, state: runStateOf(row.parameters), configurationId: row.configurationId } : null;
}

/** Whether `runId` is still the simulation's live run (not superseded, failed or cancelled). */
export async function runIsLive(db: Db, simulationId: number, runId: string): Promise<boolean> {
  const run = await readRun(db, simulationId);
  return Boolean(run && run.state?.run_id === runId && !run.state.failed && run.status !== 'failed' && run.status !== 'cancelled');
}

/** Sets one key of the state atomically (concurrent directions each write their own keys). */
export async function setRunKey(db: Db, simulationId: number, runId: string, path: string[], value: unknown): Promise<void> {
  await db
    .update(simulations)
    .set({ cfdParameters: sql`jsonb_set(${simulations.cfdParameters}, ${`{${path.join(',')}}`}::text[], ${JSON.stringify(value)}::jsonb, true)` })
    .where(and(eq(simulations.id, simulationId), sql`${simulations.cfdParameters} ->> 'run_id' = ${runId}`));
}

/**
 * Why a stored deferred job may not be queued, or null. A deferred job is a specification kept in
 * a row (approval writes it; anything that can write rows, an import among them, could too), so it
 * is checked when released: only thermal comfort waits for the wind field, and it must be the job
 * of the very simulation that carries it, in this configuration and project.
 */
function deferredProblem(job: Partial<DeferredJob> | undefined, sim: { id: number }, configuration: { id: number; projectId: number }): string | null {
  if (job?.type !== ANALYSIS_JOB_TYPES.thermal) return `it is not a thermal comfort job (${JSON.stringify(String(job?.type ?? null).slice(0, 60))})`;
  const parsed = thermalJobInputSchema.safeParse(job.input);
  if (!parsed.success) return 'its input is not a thermal comfort input';
  const { simulationId, configurationId, projectId } = parsed.data;
  if (simulationId !== sim.id || configurationId !== configuration.id || projectId !== configuration.projectId) {
    return `it belongs to another simulation (simulation ${simulationId} of configuration ${configurationId}, project ${projectId})`;
  }
  return null;
}

/**
 * Enqueues the jobs siblings of the scenario deferred until the wind field exists, each under its
 * own simulation's queue key (never a key from the stored specification). One that is not the
 * carrier's own job is not queued: its simulation fails, saying why.
 */
async function releaseDeferred(tx: Db, configurationId: number): Promise<number> {
  const [configuration] = await tx
    .select({ id: configurations.id, projectId: configurations.projectId })
    .from(configurations)
    .where(eq(configurations.id, configurationId));
  if (!configuration) return 0;
  const waiting = await tx
    .select({ id: simulations.id, parameters: simulations.cfdParameters })
    .from(simulations)
    .where(and(eq(simulations.configurationId, configurationId), sql`${simulations.cfdParameters} ? 'deferred_job'`));
  let released = 0;
  for (const sim of waiting) {
    const job = (sim.parameters as { deferred_job?: Partial<DeferredJob> }).deferred_job;
    const problem = deferredProblem(job, sim, configuration);
    const withoutSpec = sql`${simulations.cfdParameters} - 'deferred_job'`;
    if (problem) {
      await tx
        .update(simulations)
        .set({ status: 'failed', statusText: `The job this simulation waited for was refused: ${problem}.`.slice(0, 500), cfdParameters: withoutSpec })
        .where(eq(simulations.id, sim.id));
      continue;
    }
    await enqueueJob(tx, ANALYSIS_JOB_TYPES.thermal, job!.input, { dedupeKey: simulationJobKey(sim.id) });
    await tx.update(simulations).set({ status: 'queued', statusText: 'Queued', cfdParameters: withoutSpec }).where(eq(simulations.id, sim.id));
    released++;
  }
  return released;
}

export type DirectionOutcome = 'recorded' | 'published' | 'superseded';

/**
 * Records a finished direction; the last one publishes the run. Safe to repeat (a retried job
 * records the same entry again; publishing happens once, guarded by the lock and the dedupe key).
 */
export async function recordDirection(
  db: Db,
  input: { simulationId: number; runId: string; index: number; done: CfdDirectionDone },
): Promise<DirectionOutcome> {
  return db.transaction(async (tx) => {
    const [sim] = await tx
      .select({ status: simulations.status, parameters: simulations.cfdParameters, configurationId: simulations.configurationId })
      .from(simulations)
      .where(eq(simulations.id, input.simulationId))
      .for('update');
    const state = runStateOf(sim?.parameters);
    if (!sim || !state || state.run_id !== input.runId || state.failed || sim.status === 'failed' || sim.status === 'cancelled') return 'superseded';
    const alreadyPublished = Object.keys(state.done).length === state.directions_deg.length;
    const done = { ...state.done, [String(input.index)]: input.done };
    await setRunKey(tx, input.simulationId, input.runId, ['done', String(input.index)], input.done);
    if (alreadyPublished || Object.keys(done).length < state.directions_deg.length) return 'recorded';

    // Every direction is in: publish the run's rows at once (an earlier run's leftovers go).
    await tx.delete(assets).where(and(eq(assets.simulationId, input.simulationId), sql`${assets.metadata} -> 'job' ->> 'type' = ${CFD_DIRECTION_JOB}`));
    const rows = Object.values(done).flatMap((d) => d.rows);
    if (rows.length) await tx.insert(assets).values(rows);
    await enqueueJob(tx, state.post.type, state.post.input, { dedupeKey: state.post.dedupe_key, priority: state.post.priority ?? 0 });
    await tx
      .update(simulations)
      .set({ status: 'post_processing', statusText: `Wind (CFD): all ${state.directions_deg.length} directions done; computing the comfort maps` })
      .where(eq(simulations.id, input.simulationId));
    await releaseDeferred(tx, sim.configurationId);
    return 'published';
  });
}

/**
 * Gives the run up: the simulation fails with the reason, nothing of it is published, and jobs
 * that waited for the wind field run without it (they say so). False when it was not live.
 */
export async function failRun(
  db: Db,
  input: {
    simulationId: number;
    runId: string;
    statusText: string;
    reason: string;
    directionDeg: number | null;
    step: number | null;
    /** 'cancelled' when someone stopped it (default 'failed'). */
    status?: 'failed' | 'cancelled';
  },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [sim] = await tx
      .select({ status: simulations.status, parameters: simulations.cfdParameters, configurationId: simulations.configurationId })
      .from(simulations)
      .where(eq(simulations.id, input.simulationId))
      .for('update');
    const state = runStateOf(sim?.parameters);
    if (!sim || !state || state.run_id !== input.runId || state.failed || sim.status === 'failed' || sim.status === 'cancelled') return false;
    await setRunKey(tx, input.simulationId, input.runId, ['failed'], { reason: input.reason, direction_deg: input.directionDeg, step: input.step });
    await tx
      .update(simulations)
      .set({ status: input.status ?? 'failed', statusText: input.statusText.slice(0, 500) })
      .where(eq(simulations.id, input.simulationId));
    await releaseDeferred(tx, sim.configurationId);
    return true;
  });
}

/** A run that failed before it started (geometry, grid size): the simulation fails with the reason. */
export async function failPlanning(db: Db, input: { simulationId: number; runId: string; reason: string; statusText: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const [sim] = await tx
      .select({ configurationId: simulations.configurationId })
      .from(simulations)
      .where(eq(simulations.id, input.simulationId))
      .for('update');
    if (!sim) return;
    const failed = { engine: 'canopy-cfd', run_id: input.runId, failed: { reason: input.reason, direction_deg: null, step: null } };
    await tx
      .update(simulations)
      .set({ status: 'failed', statusText: input.statusText.slice(0, 500), cfdParameters: failed })
      .where(eq(simulations.id, input.simulationId));
    await releaseDeferred(tx, sim.configurationId);
  });
}
