/**
 * One CFD wind direction as pure computation, from the scenario's file bytes to the bytes of its
 * result files and their asset rows: parse the scene, plan the grid, run the solver
 * (engine/cfd runDirection), turn the result into layers and write them as GLBs. Everything here
 * takes CPU and nothing takes I/O, so it runs in a worker thread of its own (contexts/compute/cfd/cfd-thread.ts);
 * the job handler keeps the database, the blob store and the bus.
 */
import type { Config } from '../../../env.ts';
import { runDirection, type DirectionDeps, type DirectionManifest, type DirectionResult } from '@canopy/engine/cfd/run/direction.ts';
import { CFD_REFERENCE_HEIGHT_M, directionLayer, streamlineFieldGrid, streamlineLayer, terrainInlet } from '@canopy/engine/analyses/cfd-wind.ts';
import type { AnalysisLayer } from '@canopy/engine/analyses/layers.ts';
import { writeResultGlb } from '@canopy/engine/results/glb.ts';
import { ASSETS_CONTAINER, formatBlobKey } from '../../../blobs/blob-io.ts';
import { assetRow, type AssetInsert } from '../analyses/results.ts';
import { SPEED_RATIO_FIELD } from '../analyses/wind-results.ts';
import { cfdSceneOf, type CfdSceneFile } from './cfd-scene.ts';
import { planCfd } from './cfd-plan.ts';
import type { CfdDirectionJob } from './cfd-jobs.ts';

export type DirectionConfig = Pick<Config, 'CFD_MAX_CELLS' | 'CFD_MAX_MEMORY_GB' | 'CFD_TEST_STEPS' | 'CFD_TEST_LATTICE_SPEED'>;

/** Everything one direction needs, structured-cloneable (it crosses into a worker thread). */
export interface DirectionTask {
  input: CfdDirectionJob;
  files: CfdSceneFile[];
  config: DirectionConfig;
  /** Threads the solver steps on (CFD_THREADS). */
  threads: number;
  /** The server's version, for the provenance. */
  version: string;
  job: { id: number; type: string };
}

export interface DirectionFile {
  name: string;
  bytes: Uint8Array;
}

export interface DirectionOutput {
  /** Result files to store in the assets container, under the run's and direction's names. */
  files: DirectionFile[];
  /** Their asset rows, inserted when the whole run is in (contexts/compute/cfd/run-state.ts). */
  rows: AssetInsert[];
  manifestKey: string;
  manifest: DirectionManifest;
}

export async function computeDirection(task: DirectionTask, deps: Omit<DirectionDeps, 'now'>): Promise<DirectionOutput> {
  const { input, config } = task;
  const scene = await cfdSceneOf(task.files);
  const plan = planCfd(scene, input.tier, input.terrain, { ...config, CFD_THREADS: task.threads });
  const field = streamlineFieldGrid(plan.scene);
  const result = await runDirection(
    {
      directionDeg: input.directionDeg,
      index: input.index,
      total: input.total,
      centre: plan.scene.centre,
      plan: plan.scene.plan,
      geometry: plan.scene.geometry,
      inlet: terrainInlet(input.terrain),
      referenceHeightM: CFD_REFERENCE_HEIGHT_M,
      schedule: input.schedule,
      points: scene.points,
      field,
      ...(config.CFD_TEST_LATTICE_SPEED !== undefined ? { physics: { latticeSpeed: config.CFD_TEST_LATTICE_SPEED } } : {}),
    },
    deps,
  );

  const provenance = {
    engine: 'canopy-cfd',
    version: task.version,
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
  const layers: AnalysisLayer[] = [directionLayer({ surface: scene.surface, result, directionDeg: input.directionDeg, terrain: input.terrain, provenance })];
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

  // Names of this run and direction: a retry rewrites the same files.
  const prefix = `results/simulation-${input.simulationId}/cfd-${input.runId}`;
  const manifestName = `${prefix}/manifest-${input.index}.json`;
  const files: DirectionFile[] = [];
  const rows: AssetInsert[] = [];
  for (const layer of layers) {
    const name = `${prefix}/${layer.key}.glb`;
    files.push({ name, bytes: await writeResultGlb(layer.result) });
    const row = assetRow(input.simulationId, task.job, layer, formatBlobKey({ container: ASSETS_CONTAINER, name }));
    const metadata = {
      ...(row.metadata as Record<string, unknown>),
      provenance: { ...provenance, manifest: manifestSummary(result), manifestBlob: manifestName },
      ...(layer === layers[0] ? { field: SPEED_RATIO_FIELD } : {}),
    };
    rows.push({ ...row, metadata });
  }
  files.push({ name: manifestName, bytes: new TextEncoder().encode(JSON.stringify(result.manifest, null, 2)) });
  return { files, rows, manifestKey: formatBlobKey({ container: ASSETS_CONTAINER, name: manifestName }), manifest: result.manifest };
}

/** What the asset rows keep of the manifest (the full one is in the GLB and manifest-{i}.json). */
function manifestSummary(result: DirectionResult) {
  const m = result.manifest;
  return {
    solver: m.solver,
    // The method and which quantities it validated, as the run said them: the viewer shows them.
    method: m.method,
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
