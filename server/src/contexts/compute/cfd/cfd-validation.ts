/**
 * The geometry validation of a scenario Canopy's CFD computes (validation-run.ts calls this): every
 * file must voxelise (else an error naming it), and the grid for the chosen tier must fit the
 * installation's limits (else an error with the numbers and the way out) — so neither can stop a
 * run after approval. A grid that fits is stated as an info finding, and its estimate is kept on
 * the simulation for the cost step (contexts/scenarios/cost.ts).
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { BlobStore } from '../../../blobs/blob-store.ts';
import type { Config } from '../../../env.ts';
import { configurations, simulations } from '../../../db/schema/index.ts';
import type { GeometryFiles, ScenarioForm } from '@canopy/contract/scenarios.ts';
import type { GeometryFinding, GeometryRole } from '@canopy/engine/geometry/index.ts';
import { canopyJobType } from '../../scenarios/index.ts';
import type { CpuPool } from '../../../jobs/cpu-pool.ts';
import { planEstimateScene, type EstimateSceneInput } from './estimate-scene.ts';
import { CfdSceneError, planEstimate, readEstimateFiles } from './cfd-scene.ts';
import { CFD_WIND_JOB, cfdDirectionsAtOnce, cfdThreads, cfdThroughput, estimateOf, oversizeMessage, type CfdEstimate } from './cfd-plan.ts';

type CfdConfig = Pick<Config, 'CFD_THREADS' | 'CFD_MAX_CELLS' | 'CFD_MAX_MEMORY_GB' | 'CFD_TEST_STEPS'>;

/** The simulations of the scenario Canopy's CFD computes (none: the scenario needs no CFD checks). */
async function cfdSimulations(db: Db, configurationId: number): Promise<{ form: ScenarioForm; ids: number[] } | null> {
  const [config] = await db.select({ form: configurations.form }).from(configurations).where(eq(configurations.id, configurationId));
  const form = config?.form as ScenarioForm | undefined;
  if (!form || form.engine !== 'CFD') return null;
  const types = form.analyses.map((a) => a.analysis_type).filter((t) => canopyJobType(t, 'CFD') === CFD_WIND_JOB);
  if (types.length === 0) return null;
  const sims = await db
    .select({ id: simulations.id })
    .from(simulations)
    .where(and(eq(simulations.configurationId, configurationId), inArray(simulations.category, types)));
  return { form, ids: sims.map((s) => s.id) };
}

const finding = (
  code: string,
  severity: GeometryFinding['severity'],
  message: string,
  suggestedFix: string,
  extra: Partial<GeometryFinding> = {},
): GeometryFinding => ({
  id: `cfd/${code}/${extra.asset ?? ''}`,
  severity,
  code,
  message,
  suggestedFix,
  triangles: [],
  ...extra,
});

function roleOf(file: string, files: GeometryFiles, names: Map<number, string>): GeometryRole | undefined {
  for (const [role, ids] of Object.entries(files) as Array<[GeometryRole, number[]]>) if (ids.some((id) => names.get(id) === file)) return role;
  return undefined;
}

/** Findings of the CFD checks for the validated geometry (empty when the scenario has no CFD wind). */
export async function cfdValidationFindings(
  deps: { db: Db; blobStore: BlobStore; config: CfdConfig; cpu?: CpuPool },
  input: { projectId: number; configurationId: number; geometry: GeometryFiles; uploadNames: Map<number, string> },
): Promise<GeometryFinding[]> {
  const target = await cfdSimulations(deps.db, input.configurationId);
  if (!target) return [];
  const { form } = target;
  const tier = form.cfd_tier ?? 'rapid';
  const terrain = form.terrain ?? 'suburban';
  let read;
  try {
    read = await readEstimateFiles(deps.db, deps.blobStore, input.projectId, {
      geometry: input.geometry,
      projectSurrounds: form.project_surrounds === true,
      pedestrianPlane: form.pedestrian_plane ?? null,
    });
  } catch (error) {
    if (error instanceof CfdSceneError) return [finding('cfd-geometry', 'error', error.message, 'Add the missing geometry, then validate again.')];
    throw error;
  }
  // Reading, voxel checks and the grid plan: in the job runtime's CPU pool, as the geometry checks
  // are; without one, on this thread.
  const cpu = deps.cpu;
  const run = cpu
    ? (task: string, data: unknown, transfer?: ArrayBuffer[]) => cpu.run(task, data, transfer)
    : (_task: string, data: unknown) => planEstimateScene(data as EstimateSceneInput);
  const outcome = await planEstimate(run, read, { tier, terrain, config: deps.config });
  if (!outcome.ok && 'scene' in outcome) return [finding('cfd-geometry', 'error', outcome.scene.message, 'Add the missing geometry, then validate again.')];
  if (!outcome.ok && 'voxel' in outcome) {
    return outcome.voxel.map((v) => {
      const role = roleOf(v.file, input.geometry, input.uploadNames);
      return finding('cfd-not-voxelisable', 'error', `Canopy’s CFD cannot turn ${v.message}`, `Export ${v.file} again as closed solids (or remove it).`, {
        asset: v.file,
        ...(role ? { role } : {}),
      });
    });
  }
  if (!outcome.ok) {
    return [
      finding(
        'cfd-grid-too-large',
        'error',
        oversizeMessage(new Error(outcome.oversize), tier),
        tier === 'detailed' ? 'Choose the rapid tier (cfd_tier), or make the region smaller.' : 'Make the region smaller.',
      ),
    ];
  }
  const threads = cfdThreads(deps.config);
  const estimate: CfdEstimate = estimateOf(
    outcome.plan,
    form.wind_directions,
    await cfdThroughput(deps.db, threads),
    threads,
    cfdDirectionsAtOnce(deps.config),
  );
  for (const id of target.ids) await deps.db.update(simulations).set({ cfdParameters: { estimate } }).where(eq(simulations.id, id));
  const mb = Math.round(estimate.memory_bytes / 1e6);
  return [
    finding(
      'cfd-grid',
      'info',
      `Canopy’s CFD grid (${estimate.tier_label.toLowerCase()}): ${(estimate.cells / 1e6).toFixed(2)} million cells, ${mb} MB, ${estimate.steps_per_direction} steps per direction — about ${estimate.minutes_per_direction} min per direction, ${estimate.minutes_total} min for ${estimate.wind_directions} directions.`,
      'None needed.',
      {
        details: {
          cells: estimate.cells,
          memoryBytes: estimate.memory_bytes,
          minutesPerDirection: estimate.minutes_per_direction,
          minutesTotal: estimate.minutes_total,
          computeFactor: estimate.compute_factor,
        },
      },
    ),
  ];
}
