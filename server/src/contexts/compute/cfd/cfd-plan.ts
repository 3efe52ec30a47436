/**
 * What a CFD wind study will be before it runs: the grid the solver builds (engine/cfd planScene),
 * the run length (sceneSchedule), and from them what it costs — cells, memory, lattice updates,
 * minutes per direction and in all, and credits. The same function serves the wizard's estimate,
 * the geometry validation (so an oversized grid is refused before approval) and the run itself, so
 * the numbers a user approved are the numbers that run.
 *
 * Throughput comes from the runs this installation made (the median MLUPS of the last completed
 * directions), else from a conservative figure per thread measured on a 2-core VM (docs/reference/CFD.md §2).
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { runSecondsLeft } from './run-time-model.ts';
import type { Config } from '../../../env.ts';
import { jobs } from '../../../db/schema/index.ts';
import { coarseTimeStep, estimateRun, planScene, sceneSchedule, TIERS, type ScenePlan, type TierId } from '@canopy/engine/cfd/run/scene-plan.ts';
import type { RunSchedule } from '@canopy/engine/cfd/run/direction.ts';
import { defaultThreads } from '@canopy/engine/cfd/run/pool.ts';
import { CFD_REFERENCE_SPEED_MS, terrainInlet } from '@canopy/engine/analyses/cfd-wind.ts';
import type { TerrainId } from '@canopy/engine/wind/profile.ts';
import type { CfdScene } from './cfd-scene.ts';

export const CFD_DIRECTION_JOB = 'cfd.direction';
export const CFD_WIND_JOB = 'cfd.wind';

/**
 * Lattice-cell updates one price unit (simulation_prices, CFD) covers: about 16 directions of a
 * 350 m district at the rapid tier (the demo district: 5.7·10⁹ updates per direction). A study
 * needing more pays whole multiples, so the detailed tier (≈ 13× the updates) costs more.
 */
export const CFD_UPDATES_PER_PRICE_UNIT = 1e11;

/**
 * MLUPS per thread assumed before this installation has measured any run, as the solver reports it
 * (engine/cfd estimateRun: the full grid's updates over the direction's wall time), for the
 * WebAssembly kernel with the transported-k closure: the demo district's rapid direction (1.33·10⁹
 * such updates) took 76.8 and 78.7 s of one core's CPU time, 17.3 and 16.9 MLUPS, on this
 * project's 2-core machine (tests/bench/cfd.bench.ts); a thread with a core of its own reports
 * that, one sharing its core less, until the installation's own runs replace it. (6 was set for the JavaScript kernel: 179.2 s of CPU time for the same direction.)
 * Then the slow path, the prescribed cells and the ghosts' sums in SIMD lanes: 84.1 → 78.1 s in
 * one run of both side by side at a load average of 28 (1.077 times the throughput), so 17 × 1.077,
 * rounded down; at that load the run itself gave 17.0, 6 % below it.
 * Then the k substeps reusing their coefficients in a wavefront (ADR 11, 2026-11-29): two runs of
 * each side by side at the same time, 71.7 and 73.3 s before, 65.3 and 65.3 s after (1.11 times
 * the throughput), so 18 × 1.11, rounded down.
 * Then the slow path's regular cells at fixed offsets and the restriction four parents at a time
 * (ADR 11, 2026-11-29, later): before and after side by side at the same time, 48.00 → 45.22 s and
 * 57.26 → 52.96 s (1.061 and 1.081 times the throughput; 1.045 stepping both grids in turns in one
 * process), so 19 × 1.061, rounded down.
 * Each of those was measured on a machine shared with other work (load 5–34), which is not what an
 * installation's own machine gives: on the quiet machine (load 1.3–3.4, two runs of the bench's
 * direction beside each other, each with a core) the same direction reported 26.6 and 29.5 MLUPS,
 * and the demo's 8 directions took 4.3 min against the 6.4 min that 20 estimated (1.48 times: outside
 * the 25 % the estimate is held to). So the lower of those two, rounded down.
 */
export const DEFAULT_MLUPS_PER_THREAD = 26;

type CfdConfig = Pick<Config, 'CFD_THREADS' | 'CFD_MAX_CELLS' | 'CFD_MAX_MEMORY_GB' | 'CFD_TEST_STEPS'>;

/**
 * A wind study has at least 8 directions, and directions side by side scale with no barrier between
 * them, while one grid split over threads waits at one barrier per level step. So by default a
 * direction gets one thread until the machine has more cores than 8 directions can use (then
 * cores / 8 each); CFD_THREADS sets it.
 */
const defaultThreadsPerDirection = (cores: number) => Math.max(1, Math.floor(cores / 8));

export function cfdThreads(config: Pick<Config, 'CFD_THREADS'>): number {
  return config.CFD_THREADS ?? defaultThreadsPerDirection(defaultThreads());
}

/**
 * Directions one worker process steps at once: as many as its cores hold at its threads each (two
 * on a two-core machine by default, one when CFD_THREADS takes every core).
 */
export function cfdDirectionsAtOnce(config: Pick<Config, 'CFD_THREADS'>, cores = defaultThreads()): number {
  return Math.max(1, Math.floor(cores / (config.CFD_THREADS ?? defaultThreadsPerDirection(cores))));
}

export function cfdLimits(config: Pick<Config, 'CFD_MAX_CELLS' | 'CFD_MAX_MEMORY_GB'>) {
  return { maxCells: config.CFD_MAX_CELLS, maxMemoryBytes: config.CFD_MAX_MEMORY_GB * 1024 ** 3 };
}

const even = (n: number) => 2 * Math.max(1, Math.round(n / 2));

/** The tests' short schedule (CFD_TEST_STEPS): the same phases, a fraction of the steps. */
export function shortSchedule(steps: number): RunSchedule {
  return { spinUpSteps: even(steps / 2), developSteps: even(steps / 4), averageSteps: even(steps / 4), chunkSteps: even(Math.max(2, steps / 10)) };
}

export interface CfdPlan {
  scene: ScenePlan;
  schedule: RunSchedule;
  /** True when CFD_TEST_STEPS replaced the real schedule (tests only; recorded in the provenance). */
  shortened: boolean;
  terrain: TerrainId;
}

/** Plans the grid and the run length; throws engine/cfd's CfdInputError with the numbers when too big. */
export function planCfd(scene: Pick<CfdScene, 'geometry' | 'points'>, tier: TierId, terrain: TerrainId, config: CfdConfig): CfdPlan {
  const plan = planScene({ geometry: scene.geometry, points: scene.points, tier, referenceSpeedMs: CFD_REFERENCE_SPEED_MS }, cfdLimits(config));
  const real = sceneSchedule(plan, CFD_REFERENCE_SPEED_MS, coarseTimeStep(plan.plan, terrainInlet(terrain)));
  const shortened = config.CFD_TEST_STEPS !== undefined;
  return { scene: plan, schedule: shortened ? shortSchedule(config.CFD_TEST_STEPS!) : real, shortened, terrain };
}

export interface Throughput {
  mlups: number;
  source: 'measured' | 'default';
}

/** The median MLUPS of this installation's last completed directions, else the default per thread. */
export async function cfdThroughput(db: Db, threads: number): Promise<Throughput> {
  const rows = await db
    .select({ mlups: sql<number | null>`(${jobs.result} ->> 'mlups')::float8` })
    .from(jobs)
    .where(and(eq(jobs.type, CFD_DIRECTION_JOB), eq(jobs.status, 'completed'), sql`(${jobs.result} ->> 'mlups') is not null`))
    .orderBy(desc(jobs.finishedAt))
    .limit(9);
  const measured = rows
    .map((r) => Number(r.mlups))
    .filter((m) => Number.isFinite(m) && m > 0)
    .sort((a, b) => a - b);
  if (measured.length) return { mlups: measured[Math.floor(measured.length / 2)]!, source: 'measured' };
  // Two threads on two cores reach about 1.8× one (engine/cfd/run/pool.ts, one barrier per step).
  return { mlups: DEFAULT_MLUPS_PER_THREAD * threads ** 0.85, source: 'default' };
}

export interface CfdEstimate {
  tier: TierId;
  tier_label: string;
  finest_cell_m: number;
  cells: number;
  memory_bytes: number;
  /** Level 0 first; origin_m is the box's corner in the solver frame (inflow along +x, the region’s centre at x = y = 0); absent from plans recorded before it was kept. */
  levels: Array<{ dx_m: number; nx: number; ny: number; nz: number; origin_m?: [number, number, number] }>;
  region: { centre: [number, number]; radius_m: number; context_radius_m: number; tallest_building_m: number };
  wind_directions: number;
  steps_per_direction: number;
  lattice_updates_per_direction: number;
  lattice_updates_total: number;
  throughput_mlups: number;
  throughput_source: 'measured' | 'default';
  threads: number;
  directions_at_once: number;
  minutes_per_direction: number;
  minutes_total: number;
  /** Price units the run takes (credits = unit price × this × seasons). */
  compute_factor: number;
  shortened_schedule: boolean;
}

const round = (x: number, digits: number) => Math.round(x * 10 ** digits) / 10 ** digits;

/** The numbers of a plan for `directions` directions run one after another on `throughput`. */
export function estimateOf(plan: CfdPlan, directions: number, throughput: Throughput, threads: number, directionsAtOnce = 1): CfdEstimate {
  const { scene, schedule } = plan;
  const run = estimateRun(scene, schedule, throughput.mlups);
  const tier = TIERS[scene.tier.id];
  return {
    tier: tier.id,
    tier_label: tier.label,
    finest_cell_m: tier.finestDxM,
    cells: scene.cells,
    memory_bytes: scene.memoryBytes,
    levels: scene.plan.boxes.map((b) => ({ dx_m: b.dxM, nx: b.nx, ny: b.ny, nz: b.nz, origin_m: [b.originM[0], b.originM[1], b.originM[2]] })),
    region: {
      centre: [round(scene.centre[0], 2), round(scene.centre[1], 2)],
      radius_m: round(scene.roiRadiusM, 1),
      context_radius_m: round(scene.contextRadiusM, 1),
      tallest_building_m: round(scene.maxHeightM, 1),
    },
    wind_directions: directions,
    steps_per_direction: schedule.spinUpSteps + schedule.developSteps + schedule.averageSteps,
    lattice_updates_per_direction: run.updates,
    lattice_updates_total: run.updates * directions,
    throughput_mlups: round(throughput.mlups, 2),
    throughput_source: throughput.source,
    threads,
    directions_at_once: Math.max(1, directionsAtOnce),
    minutes_per_direction: round(run.seconds / 60, 1),
    // Directions run in rounds of `directionsAtOnce` (one worker process); the first round starts at once.
    minutes_total: round(
      runSecondsLeft({
        directionEtaS: run.seconds,
        directionS: run.seconds,
        waiting: Math.max(0, directions - Math.max(1, directionsAtOnce)),
        atOnce: directionsAtOnce,
      }) / 60,
      1,
    ),
    compute_factor: Math.max(1, Math.ceil((run.updates * directions) / CFD_UPDATES_PER_PRICE_UNIT)),
    shortened_schedule: plan.shortened,
  };
}

/**
 * The engine's refusal with the way out for this tier: rapid is the coarsest, so there only a
 * smaller region helps (what makes the region: the study files and the pedestrian points).
 */
export function oversizeMessage(error: Error, tier: TierId): string {
  const region = 'fewer or smaller study files, a smaller presentation plane, or a smaller pedestrian_plane.margin_m';
  const text = error.message.replace(/\.$/, '');
  if (tier === 'rapid')
    return `${text.replace(/Choose a coarser tier, or a smaller region of interest/, 'Rapid is the coarsest tier: choose a smaller region of interest')}: ${region}.`;
  return `${text.replace(/Choose a coarser tier/, 'Choose the rapid tier (4 m cells)')}: ${region}.`;
}
