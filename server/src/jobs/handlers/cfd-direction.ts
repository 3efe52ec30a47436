/**
 * Job 'cfd.direction': one wind direction of a CFD run (engine/cfd runDirection) on this worker's
 * threads. Checkpoints go to DATA_DIR/cfd-checkpoints (or the Azure store) every CFD_CHECKPOINT_SECONDS, so an attempt
 * that follows a killed worker resumes where it stopped. Progress reaches the job, the simulation's
 * status text and the bus (services/cfd/progress.ts). It stops between steps when the worker loses
 * the job (then the next attempt resumes) or when the run is given up (another direction failed).
 *
 * The direction's layers — speed-up ratios on the presentation plane, streamlines — are written
 * as blobs and recorded on the run; they become assets only when every direction is done
 * (services/cfd/run-state.ts), so a run that fails shows nothing half-written. A flow that
 * diverges fails the job at once with the reason and the step, and the simulation with it.
 */
import type { Config } from '../../env.ts';
import type { BlobStore } from '../../blobs/blob-store.ts';
import type { EventBus } from '../../realtime/bus.ts';
import type { JobHandler } from '../worker.ts';
import { PermanentJobError } from '../worker.ts';
import { runDirection, type DirectionResult } from '@canopy/engine/cfd/run/direction.ts';
import { poolStepper } from '@canopy/engine/cfd/run/pool.ts';
import { CfdCancelledError, CfdDivergenceError, CfdInputError } from '@canopy/engine/cfd/run/errors.ts';
import { VoxelizeError } from '@canopy/engine/cfd/geometry/voxelize.ts';
import { CFD_REFERENCE_HEIGHT_M, directionLayer, streamlineFieldGrid, streamlineLayer, terrainInlet } from '@canopy/engine/analyses/cfd-wind.ts';
import type { AnalysisLayer } from '@canopy/engine/analyses/layers.ts';
import { writeResultGlb } from '@canopy/engine/results/glb.ts';
import { ASSETS_CONTAINER, formatBlobKey, putBytes } from '../../services/analyses/blob-io.ts';
import { assetRow } from '../../services/analyses/results.ts';
import { SPEED_RATIO_FIELD } from '../../services/analyses/wind-results.ts';
import { CfdSceneError, loadCfdScene } from '../../services/cfd/cfd-scene.ts';
import { CFD_DIRECTION_JOB, cfdThreads, oversizeMessage, planCfd } from '../../services/cfd/cfd-plan.ts';
import { cfdDirectionJobInputSchema } from '../../services/cfd/cfd-jobs.ts';
import { checkpointPlace, checkpointStore, clearRunCheckpoints } from '../../services/cfd/checkpoints.ts';
import { progressReporter } from '../../services/cfd/progress.ts';
import { failRun, readRun, recordDirection, runIsLive, type CfdDirectionDone } from '../../services/cfd/run-state.ts';
import { publishNotification, publishScenarioStatus } from '../../services/scenarios/events.ts';

export interface CfdServices {
  blobStore: BlobStore;
  config: Pick<
    Config,
    'dataDir' | 'CFD_THREADS' | 'CFD_CHECKPOINT_SECONDS' | 'CFD_MAX_CELLS' | 'CFD_MAX_MEMORY_GB' | 'CFD_TEST_STEPS' | 'CFD_TEST_LATTICE_SPEED'
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
    });
    const threads = cfdThreads(services.config);
    try {
      const scene = await loadCfdScene(db, services.blobStore, simulationId);
      const plan = planCfd(scene, input.tier, input.terrain, services.config);
      const field = streamlineFieldGrid(plan.scene);
      let result: DirectionResult;
      try {
        result = await runDirection(
          {
            directionDeg: input.directionDeg,
            index,
            total: input.total,
            centre: plan.scene.centre,
            plan: plan.scene.plan,
            geometry: plan.scene.geometry,
            inlet: terrainInlet(input.terrain),
            referenceHeightM: CFD_REFERENCE_HEIGHT_M,
            schedule: input.schedule,
            points: scene.points,
            field,
            ...(services.config.CFD_TEST_LATTICE_SPEED !== undefined ? { physics: { latticeSpeed: services.config.CFD_TEST_LATTICE_SPEED } } : {}),
          },
          {
            stepper: (grid) => poolStepper(grid, threads),
            onProgress: (p) => reporter.onProgress(p),
            loadCheckpoint: () => checkpoints.load(),
            saveCheckpoint: (bytes) => checkpoints.save(bytes),
            checkpointEveryS: services.config.CFD_CHECKPOINT_SECONDS,
            isCancelled: () => signal.aborted || !live,
          },
        );
      } catch (error) {
        // A checkpoint of another grid (the code changed between attempts) cannot be resumed: start over next time.
        if (error instanceof Error && /checkpoint/.test(error.message) && !(error instanceof CfdCancelledError)) await checkpoints.clear();
        throw error;
      }
      await reporter.flush();

      const provenance = {
        engine: 'canopy-cfd',
        version: services.version,
        computedAt: new Date().toISOString(),
        solver: result.manifest.solver,
        tier: input.tier,
        directionsDeg: input.directionsDeg,
        heightConvention: `γ = U(pedestrian points) / U_ref(${CFD_REFERENCE_HEIGHT_M} m) of the approach flow over ${input.terrain} terrain (log law, z0 from engine/wind/profile.ts), upstream of all geometry`,
        schedule: input.shortened
          ? 'shortened for tests (CFD_TEST_STEPS), not the real run length'
          : 'full (spin-up, development, averaging after engine/cfd sceneSchedule)',
        manifest: result.manifest,
      };
      const layers: AnalysisLayer[] = [
        directionLayer({ surface: scene.surface, result, directionDeg: input.directionDeg, terrain: input.terrain, provenance }),
      ];
      const lines = result.field
        ? streamlineLayer({
            field: result.field,
            grid: field,
            scene: plan.scene,
            directionDeg: input.directionDeg,
            points: scene.points,
            speedRatio: layers[0]!.result.fields.speedRatio!,
            provenance,
          })
        : null;
      if (lines) layers.push(lines);

      // Blobs first, under names of this run and direction (a retry rewrites the same files).
      const prefix = `results/simulation-${simulationId}/cfd-${runId}`;
      const jobRef = { id: job.id, type: CFD_DIRECTION_JOB };
      const rows = [];
      for (const layer of layers) {
        const key = { container: ASSETS_CONTAINER, name: `${prefix}/${layer.key}.glb` };
        await putBytes(services.blobStore, key, await writeResultGlb(layer.result));
        const row = assetRow(simulationId, jobRef, layer, formatBlobKey(key));
        const metadata = {
          ...(row.metadata as Record<string, unknown>),
          provenance: { ...provenance, manifest: manifestSummary(result), manifestBlob: `${prefix}/manifest-${index}.json` },
          ...(layer === layers[0] ? { field: SPEED_RATIO_FIELD } : {}),
        };
        rows.push({ ...row, metadata });
      }
      const manifestKey = { container: ASSETS_CONTAINER, name: `${prefix}/manifest-${index}.json` };
      await putBytes(services.blobStore, manifestKey, new TextEncoder().encode(JSON.stringify(result.manifest, null, 2)));

      const done: CfdDirectionDone = {
        direction_deg: input.directionDeg,
        job_id: job.id,
        rows,
        manifest_key: formatBlobKey(manifestKey),
        warnings: result.manifest.warnings,
        mlups: Math.round(result.manifest.mlups * 100) / 100,
        wall_time_s: Math.round(result.manifest.wallTimeS * 10) / 10,
        threads: result.manifest.threads,
        resumed_from_step: result.manifest.resumedFromStep,
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
        cells: result.manifest.cells,
        resumedFromStep: result.manifest.resumedFromStep,
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

/** What the asset rows keep of the manifest (the full one is in the GLB and manifest-{i}.json). */
function manifestSummary(result: DirectionResult) {
  const m = result.manifest;
  return {
    solver: m.solver,
    directionDeg: m.directionDeg,
    cells: m.cells,
    levels: m.levels.map((l) => ({ dxM: l.dxM, nx: l.nx, ny: l.ny, nz: l.nz })),
    dt0S: m.dt0S,
    steps: m.steps,
    averagingWindowS: m.averagingWindowS,
    samples: m.samples,
    inlet: m.inlet,
    reference: m.reference,
    geometryHash: m.geometryHash,
    warnings: m.warnings,
    health: m.health,
    wallTimeS: m.wallTimeS,
    mlups: m.mlups,
    threads: m.threads,
    resumedFromStep: m.resumedFromStep,
  };
}
