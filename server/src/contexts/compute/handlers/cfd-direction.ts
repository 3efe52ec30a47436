/**
 * Job 'cfd.direction': one wind direction of a CFD run (engine/cfd runDirection) in a worker thread
 * of its own at the jobs' lowest priority (contexts/compute/cfd/cfd-thread.ts); this handler keeps the I/O. Checkpoints go to DATA_DIR/cfd-checkpoints (or the Azure store) every CFD_CHECKPOINT_SECONDS, so an attempt
 * that follows a killed worker resumes where it stopped. Progress reaches the job, the simulation's
 * status text and the bus (contexts/compute/cfd/progress.ts). It stops between steps when the worker loses
 * the job (then the next attempt resumes) or when the run is given up (another direction failed).
 *
 * The direction's layers — speed-up ratios on the presentation plane, streamlines — are written
 * as blobs and recorded on the run; they become assets only when every direction is done
 * (contexts/compute/cfd/run-state.ts), so a run that fails shows nothing half-written. A flow that
 * diverges fails the job at once with the reason and the step, and the simulation with it.
 */
import type { Config } from '../../../env.ts';
import type { BlobStore } from '../../../blobs/blob-store.ts';
import type { EventBus } from '../../../realtime/bus.ts';
import type { JobHandler } from '../../../jobs/worker.ts';
import type { CpuPool } from '../../../jobs/cpu-pool.ts';
import { PermanentJobError } from '../../../jobs/worker.ts';
import { runDirectionThread } from '../cfd/cfd-thread.ts';
import type { DirectionConfig, DirectionOutput } from '../cfd/direction-compute.ts';
import { CfdCancelledError, CfdDivergenceError, CfdInputError } from '@canopy/engine/cfd/run/errors.ts';
import { VoxelizeError } from '@canopy/engine/cfd/geometry/voxelize.ts';
import { ASSETS_CONTAINER, putBytes } from '../../../blobs/blob-io.ts';
import { CfdSceneError, readCfdSceneFiles } from '../cfd/cfd-scene.ts';
import { CFD_DIRECTION_JOB, cfdThreads, oversizeMessage } from '../cfd/cfd-plan.ts';
import { cfdDirectionJobInputSchema } from '../cfd/cfd-jobs.ts';
import { checkpointPlace, checkpointStore, clearRunCheckpoints } from '../cfd/checkpoints.ts';
import { progressReporter } from '../cfd/progress.ts';
import { failRun, readRun, recordDirection, runIsLive, type CfdDirectionDone } from '../cfd/run-state.ts';
import { publishNotification, publishScenarioStatus } from '../../scenarios/index.ts';

export interface CfdServices {
  blobStore: BlobStore;
  /** The job runtime's CPU threads (planning a run). */
  cpu: CpuPool;
  config: Pick<
    Config,
    | 'dataDir'
    | 'CFD_THREADS'
    | 'CFD_CHECKPOINT_SECONDS'
    | 'CFD_MAX_CELLS'
    | 'CFD_MAX_MEMORY_GB'
    | 'CFD_TEST_STEPS'
    | 'CFD_TEST_LATTICE_SPEED'
    | 'JOB_THREAD_NICE'
  >;
  version: string;
  bus?: EventBus;
  log: (line: string) => void;
  /** How often a running direction checks that its run is still live, ms (default 2000). */
  livenessMs?: number;
}

/** Why the run cannot go on, for the user; null for failures a retry may mend. */
function permanentReason(error: unknown, tier: 'rapid' | 'detailed'): { reason: string; step: number | null } | null {
  if (error instanceof CfdDivergenceError) return { reason: error.message, step: error.step };
  if (error instanceof CfdInputError) return { reason: oversizeMessage(error, tier), step: null };
  if (error instanceof VoxelizeError || error instanceof CfdSceneError) return { reason: `the geometry cannot be simulated: ${error.message}`, step: null };
  // The approach flow's precursor (engine/cfd/bc/precursor.ts) diverging is as final, before step 0.
  if (error instanceof Error && /precursor diverged/.test(error.message)) return { reason: `${error.message}, before the first step`, step: 0 };
  return null;
}

export function cfdDirectionHandler(services: CfdServices): JobHandler {
  return async (context) => {
    const { db, job, signal } = context;
    const input = cfdDirectionJobInputSchema.parse(job.input);
    const { simulationId, runId, index } = input;
    const run = await readRun(db, simulationId);
    if (!run || !(await runIsLive(db, simulationId, runId))) return { skipped: `run ${runId} of simulation ${simulationId} was superseded, failed or removed` };
    const recorded = run.state!.done[String(index)];
    if (recorded) return { simulationId, runId, directionDeg: input.directionDeg, mlups: recorded.mlups, threads: recorded.threads, alreadyDone: true };

    // The run may be given up by another direction while this one steps: checked off the solver's path.
    let live = true;
    const watch = setInterval(() => {
      void runIsLive(db, simulationId, runId).then(
        (yes) => (live = yes),
        () => {},
      );
    }, services.livenessMs ?? 2000);
    const checkpoints = checkpointStore(checkpointPlace(services), simulationId, runId, index);
    const reporter = progressReporter({
      db,
      bus: services.bus,
      simulationId,
      configurationId: input.configurationId,
      runId,
      index,
      total: input.total,
      jobProgress: context.progress,
      directionsAtOnce: run.state!.estimate.directions_at_once,
      planDirectionS: run.state!.estimate.minutes_per_direction * 60,
    });
    const threads = cfdThreads(services.config);
    try {
      // Read here; parsed, planned, solved and written as GLBs in the direction's own thread.
      const files = await readCfdSceneFiles(db, services.blobStore, simulationId);
      let output: DirectionOutput;
      try {
        output = await runDirectionThread(
          { input, files, config: directionConfig(services.config), threads, version: services.version, job: { id: job.id, type: CFD_DIRECTION_JOB } },
          {
            onProgress: (p) => reporter.onProgress(p),
            loadCheckpoint: () => checkpoints.load(),
            saveCheckpoint: (bytes) => checkpoints.save(bytes),
            checkpointEveryS: services.config.CFD_CHECKPOINT_SECONDS,
            nice: services.config.JOB_THREAD_NICE,
            isCancelled: () => signal.aborted || !live,
          },
        );
      } catch (error) {
        // A checkpoint of another grid (the code changed between attempts) cannot be resumed: start over next time.
        if (error instanceof Error && /checkpoint/.test(error.message) && !(error instanceof CfdCancelledError)) await checkpoints.clear();
        throw error;
      }
      await reporter.flush();

      // Blobs first, under names of this run and direction (a retry rewrites the same files).
      for (const file of output.files) await putBytes(services.blobStore, { container: ASSETS_CONTAINER, name: file.name }, file.bytes);
      const manifest = output.manifest;
      const done: CfdDirectionDone = {
        direction_deg: input.directionDeg,
        job_id: job.id,
        rows: output.rows,
        manifest_key: output.manifestKey,
        warnings: manifest.warnings,
        mlups: Math.round(manifest.mlups * 100) / 100,
        wall_time_s: Math.round(manifest.wallTimeS * 10) / 10,
        threads: manifest.threads,
        resumed_from_step: manifest.resumedFromStep,
      };
      const outcome = await recordDirection(db, { simulationId, runId, index, done });
      await checkpoints.clear();
      if (outcome === 'published') {
        await clearRunCheckpoints(checkpointPlace(services), simulationId, runId);
        await publishScenarioStatus(db, services.bus, input.configurationId);
      }
      return {
        simulationId,
        runId,
        directionDeg: input.directionDeg,
        outcome,
        mlups: done.mlups,
        threads: done.threads,
        wallTimeS: done.wall_time_s,
        cells: manifest.cells,
        resumedFromStep: manifest.resumedFromStep,
      };
    } catch (error) {
      if (error instanceof CfdCancelledError) {
        // The worker lost the job or is stopping: the next attempt resumes from the checkpoint.
        if (signal.aborted) throw error;
        return { skipped: `run ${runId} was given up while direction ${input.directionDeg}° ran (step ${error.step})` };
      }
      const permanent = permanentReason(error, input.tier);
      // Stopping or lost: whatever broke on the way out is not the run's failure; the next attempt resumes.
      if (!permanent && signal.aborted) throw error;
      const message = error instanceof Error ? error.message : String(error);
      if (permanent || job.attempts >= job.maxAttempts) {
        const reason = permanent?.reason ?? message;
        const failed = await failRun(db, {
          simulationId,
          runId,
          reason,
          directionDeg: input.directionDeg,
          step: permanent?.step ?? null,
          statusText: `Wind (CFD) failed: ${reason}. Nothing of this run is shown. Duplicate the scenario to run it again (another tier: cfd_tier).`,
        });
        await clearRunCheckpoints(checkpointPlace(services), simulationId, runId);
        if (failed) {
          await publishScenarioStatus(db, services.bus, input.configurationId);
          await publishNotification(services.bus, input.projectId, input.configurationId, 'danger', `Wind (CFD) failed: ${reason}`);
        }
        if (permanent) throw new PermanentJobError(reason);
      }
      throw error;
    } finally {
      clearInterval(watch);
    }
  };
}

/** The settings the direction's thread needs, and nothing else of the server's configuration. */
function directionConfig(config: CfdServices['config']): DirectionConfig {
  const { CFD_MAX_CELLS, CFD_MAX_MEMORY_GB, CFD_TEST_STEPS, CFD_TEST_LATTICE_SPEED } = config;
  return { CFD_MAX_CELLS, CFD_MAX_MEMORY_GB, CFD_TEST_STEPS, CFD_TEST_LATTICE_SPEED };
}
