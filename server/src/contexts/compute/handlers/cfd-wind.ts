/**
 * Job 'cfd.wind': a CFD wind simulation submitted. Reads the scenario's geometry by role, checks
 * every file can be voxelised (else the validation error names it), plans the grid and the run
 * length (an oversized grid fails here, before any step, with the numbers), records the run in
 * the simulation's cfd_parameters and enqueues one 'cfd.direction' job per wind direction. It
 * runs for seconds; the directions take the time, on whichever workers claim them.
 */
import { eq } from 'drizzle-orm';
import type { JobHandler } from '../../../jobs/worker.ts';
import { PermanentJobError } from '../../../jobs/worker.ts';
import { enqueueJob } from '../../../jobs/queue.ts';
import { configurations, projects, simulations } from '../../../db/schema/index.ts';
import { SOLVER_VERSION } from '@canopy/engine/cfd/run/direction.ts';
import { CFD_REFERENCE_HEIGHT_M, windDirections } from '@canopy/engine/analyses/cfd-wind.ts';
import { ANALYSIS_JOB_TYPES, type WindComfortJobInput } from '../analyses/settings.ts';
import { readCfdSceneFiles } from '../cfd/cfd-scene.ts';
import type { RunPlanInput, RunPlanOutcome } from '../cfd/run-plan.ts';
import { transferables } from '../../../jobs/transfer.ts';
import { CFD_DIRECTION_JOB, cfdDirectionsAtOnce, cfdThreads, cfdThroughput, estimateOf } from '../cfd/cfd-plan.ts';
import { cfdDirectionJobInputSchema, cfdWindJobInputSchema, type CfdDirectionJobInput } from '../cfd/cfd-jobs.ts';
import { failPlanning, readRun, type CfdRunState } from '../cfd/run-state.ts';
import { directionJobKey } from '../cfd/direction-job-key.ts';
import type { CfdServices } from './cfd-direction.ts';

export const DIRECTION_ATTEMPTS = 6;

/** The run cannot start (its message says why, for the user). */
class PlanningRefused extends Error {}

export function cfdWindHandler(services: CfdServices): JobHandler {
  return async (context) => {
    const { db, job } = context;
    const input = cfdWindJobInputSchema.parse(job.input);
    const [row] = await db
      .select({ id: simulations.id, configurationId: configurations.id, projectId: projects.id })
      .from(simulations)
      .innerJoin(configurations, eq(configurations.id, simulations.configurationId))
      .innerJoin(projects, eq(projects.id, configurations.projectId))
      .where(eq(simulations.id, input.simulationId));
    if (!row || row.configurationId !== input.configurationId || row.projectId !== input.projectId)
      return { skipped: `simulation ${input.simulationId} no longer exists` };

    // The run is this job's: a retry of it finds its own plan and only re-enqueues (dedupe keys).
    const runId = String(job.id);
    const existing = await readRun(db, input.simulationId);
    let state = existing?.state?.run_id === runId ? existing.state : null;
    if (!state) {
      await context.progress(5, 'reading the geometry');
      let planned;
      try {
        const files = await readCfdSceneFiles(db, services.blobStore, input.simulationId);
        const { CFD_THREADS, CFD_MAX_CELLS, CFD_MAX_MEMORY_GB, CFD_TEST_STEPS } = services.config;
        const task: RunPlanInput = {
          files,
          tier: input.tier,
          terrain: input.terrain,
          config: { CFD_THREADS, CFD_MAX_CELLS, CFD_MAX_MEMORY_GB, CFD_TEST_STEPS },
        };
        const outcome = await services.cpu.run<RunPlanOutcome>('cfd.planRun', task, transferables(files.map((f) => f.bytes)));
        if (!outcome.ok) throw new PlanningRefused(outcome.reason);
        planned = outcome.plan;
      } catch (error) {
        if (!(error instanceof PlanningRefused)) throw error;
        await failPlanning(db, {
          simulationId: input.simulationId,
          runId,
          reason: error.message,
          statusText: `Wind (CFD) failed before it started: ${error.message}`,
        });
        throw new PermanentJobError(error.message);
      }
      const threads = cfdThreads(services.config);
      // A background run (the demo's) is never given a worker's last direction slot (jobs/worker.ts).
      const slots = cfdDirectionsAtOnce(services.config);
      const atOnce = job.priority < 0 ? Math.max(1, slots - 1) : slots;
      const estimate = estimateOf(planned, input.windDirections, await cfdThroughput(db, threads), threads, atOnce);
      const post: WindComfortJobInput = {
        projectId: input.projectId,
        configurationId: input.configurationId,
        simulationId: input.simulationId,
        ...(input.stationId !== undefined ? { stationId: input.stationId } : {}),
        ...(input.weatherId !== undefined ? { weatherId: input.weatherId } : {}),
        settings: { ...input.settings, directionalOnly: input.analysis === 'directional_wind' || input.settings.directionalOnly },
      };
      state = {
        engine: 'canopy-cfd',
        solver: SOLVER_VERSION,
        run_id: runId,
        analysis: input.analysis,
        tier: input.tier,
        terrain: input.terrain,
        directions_deg: windDirections(input.windDirections),
        reference: { height_m: CFD_REFERENCE_HEIGHT_M, terrain: input.terrain },
        estimate,
        schedule: planned.schedule,
        shortened_schedule: planned.shortened,
        // The run's jobs keep the queue priority it was given (the demo's: background).
        post: { type: ANALYSIS_JOB_TYPES.windComfort, input: post, dedupe_key: `cfd-post:${input.simulationId}:${runId}`, priority: job.priority },
        done: {},
        progress: null,
        failed: null,
      } satisfies CfdRunState;
    }

    const run = state;
    const total = run.directions_deg.length;
    await db.transaction(async (tx) => {
      await tx
        .update(simulations)
        .set({
          cfdParameters: run,
          status: 'running',
          statusText: `Wind (CFD): ${total} directions queued (${run.estimate.tier_label}, ${(run.estimate.cells / 1e6).toFixed(2)} million cells, about ${run.estimate.minutes_per_direction} min each)`,
        })
        .where(eq(simulations.id, input.simulationId));
      for (const [index, directionDeg] of run.directions_deg.entries()) {
        const directionInput: CfdDirectionJobInput = cfdDirectionJobInputSchema.parse({
          projectId: input.projectId,
          configurationId: input.configurationId,
          simulationId: input.simulationId,
          runId,
          index,
          total,
          directionDeg,
          directionsDeg: run.directions_deg,
          tier: run.tier,
          terrain: run.terrain,
          schedule: run.schedule,
          shortened: run.shortened_schedule,
        });
        // Long runs meet restarts and redeployments (each stop counts as an attempt; the checkpoint keeps
        // the work): more attempts than short jobs. Failures that cannot mend fail at once regardless.
        await enqueueJob(tx, CFD_DIRECTION_JOB, directionInput, {
          dedupeKey: directionJobKey(input.simulationId, runId, index),
          maxAttempts: DIRECTION_ATTEMPTS,
          priority: job.priority,
        });
      }
    });
    return { simulationId: input.simulationId, runId, directions: total, cells: run.estimate.cells, minutesPerDirection: run.estimate.minutes_per_direction };
  };
}
