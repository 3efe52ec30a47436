/**
 * From a scene (world geometry) and a resolution tier to a run plan every direction shares: the
 * region of interest (the study buildings and the pedestrian points, or what the caller states),
 * the context disk the surroundings are cropped to, the nested grid, the run length, and what it
 * will cost — cells, lattice updates, memory and an estimate of the wall time — so a user sees the
 * price before the run and an oversized grid is refused with the numbers and the way out.
 */
import { planCost, planMemoryBytes, planUrbanGrid, type GridPlan } from '../grid/plan.ts';
import { peakGridBytes } from '../kernel/run-kernel.ts';
import { DEFAULT_PHYSICS, type GeometryInput, type RunSchedule } from './direction.ts';
import { CfdInputError } from './errors.ts';
import { ablProfile, type InletSpec } from '../bc/abl-inlet.ts';
import { findComponents } from '../../geometry/mesh/components.ts';
import { weldVertices } from '../../geometry/mesh/weld.ts';

export type TierId = 'rapid' | 'detailed';

export interface Tier {
  id: TierId;
  label: string;
  finestDxM: number;
  levels: number;
}

export const TIERS: Readonly<Record<TierId, Tier>> = {
  rapid: { id: 'rapid', label: 'Rapid (4 m cells near the ground)', finestDxM: 4, levels: 4 },
  detailed: { id: 'detailed', label: 'Detailed (2 m cells near the ground)', finestDxM: 2, levels: 5 },
};

/** Limits a run must stay inside (the machine's memory, and what a study can wait for). */
export interface PlanLimits {
  maxCells: number;
  maxMemoryBytes: number;
}

export const DEFAULT_LIMITS: PlanLimits = { maxCells: 12_000_000, maxMemoryBytes: 4 * 1024 ** 3 };

export interface SceneInput {
  geometry: Array<GeometryInput & { study?: boolean }>;
  /** Pedestrian points (world xyz); they widen the region of interest. */
  points?: Float64Array;
  tier: TierId;
  /**
   * A finest cell of its own instead of the tier's (cfd:case: it follows the geometry), with the
   * tier's number of levels.
   */
  finestDxM?: number;
  /** Approach speed at the reference height, m/s (sets the time step; the ratios do not depend on it). */
  referenceSpeedMs: number;
  /** Override the region of interest (centre x, y and radius, m). */
  roi?: { centre: [number, number]; radiusM: number };
}

export interface ScenePlan {
  tier: Tier;
  centre: [number, number];
  roiRadiusM: number;
  contextRadiusM: number;
  maxHeightM: number;
  plan: GridPlan;
  /** Geometry cropped to the context disk. */
  geometry: GeometryInput[];
  cells: number;
  updatesPerCoarseStep: number;
  memoryBytes: number;
}

function bounds(triangles: Float32Array, acc: { minX: number; maxX: number; minY: number; maxY: number; maxZ: number }): void {
  for (let v = 0; v < triangles.length; v += 3) {
    acc.minX = Math.min(acc.minX, triangles[v]);
    acc.maxX = Math.max(acc.maxX, triangles[v]);
    acc.minY = Math.min(acc.minY, triangles[v + 1]);
    acc.maxY = Math.max(acc.maxY, triangles[v + 1]);
    acc.maxZ = Math.max(acc.maxZ, triangles[v + 2]);
  }
}

/**
 * The objects (connected components: one building each) whose footprint centre lies within
 * `radius` of the centre, whole: cropping triangle by triangle would cut buildings open.
 */
function crop(triangles: Float32Array, cx: number, cy: number, radius: number): Float32Array {
  const welded = weldVertices(triangles);
  const parts = findComponents(welded.indices, welded.vertexCount, welded.vertices);
  const inside = new Uint8Array(parts.count);
  for (let c = 0; c < parts.count; c++) {
    const x = (parts.bounds[6 * c] + parts.bounds[6 * c + 3]) / 2 - cx,
      y = (parts.bounds[6 * c + 1] + parts.bounds[6 * c + 4]) / 2 - cy;
    inside[c] = x * x + y * y <= radius * radius ? 1 : 0;
  }
  let kept = 0;
  for (let t = 0; t < parts.ofTriangle.length; t++) kept += inside[parts.ofTriangle[t]];
  if (kept === parts.ofTriangle.length) return triangles;
  const out = new Float32Array(kept * 9);
  let o = 0;
  for (let t = 0; t < parts.ofTriangle.length; t++) {
    if (!inside[parts.ofTriangle[t]]) continue;
    out.set(triangles.subarray(9 * t, 9 * t + 9), o);
    o += 9;
  }
  return out;
}

export function planScene(input: SceneInput, limits: PlanLimits = DEFAULT_LIMITS): ScenePlan {
  const named = TIERS[input.tier];
  if (!named) throw new CfdInputError(`unknown resolution tier '${String(input.tier)}'`, 'tier');
  const tier: Tier = input.finestDxM ? { ...named, finestDxM: input.finestDxM, label: `${input.finestDxM} m finest cells` } : named;
  const all = { minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity, maxZ: 0 };
  const roiBox = { minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity, maxZ: 0 };
  for (const g of input.geometry) {
    bounds(g.triangles, all);
    if (g.study) bounds(g.triangles, roiBox);
  }
  if (input.points) bounds(Float32Array.from(input.points), roiBox);
  if (!Number.isFinite(all.minX)) throw new CfdInputError('the scenario has no geometry to simulate', 'geometry');
  const box = Number.isFinite(roiBox.minX) ? roiBox : all;
  const centre: [number, number] = input.roi?.centre ?? [(box.minX + box.maxX) / 2, (box.minY + box.maxY) / 2];
  const roiRadiusM = input.roi?.radiusM ?? Math.max(40, 0.5 * Math.hypot(box.maxX - box.minX, box.maxY - box.minY));
  // Surroundings count up to about three times the region's radius (and at least 150 m beyond it).
  const contextRadiusM = Math.min(
    Math.max(roiRadiusM + 150, 3 * roiRadiusM),
    Math.max(...[all.maxX - centre[0], centre[0] - all.minX, all.maxY - centre[1], centre[1] - all.minY].map(Math.abs)) * Math.SQRT2,
  );
  const geometry = input.geometry
    .map((g) => ({ ...g, triangles: crop(g.triangles, centre[0], centre[1], Math.max(contextRadiusM, roiRadiusM)) }))
    .filter((g) => g.triangles.length > 0);
  const cropped = { minX: Infinity, maxX: -Infinity, minY: Infinity, maxY: -Infinity, maxZ: 0 };
  for (const g of geometry) if (g.role === 'solid') bounds(g.triangles, cropped);
  const maxHeightM = Math.max(10, cropped.maxZ);
  const plan = planUrbanGrid({
    roiRadiusM,
    contextRadiusM,
    maxHeightM,
    roiMaxHeightM: Math.max(10, Number.isFinite(roiBox.maxZ) ? roiBox.maxZ : maxHeightM),
    finestDxM: tier.finestDxM,
    levels: tier.levels,
  });
  const cost = planCost(plan);
  // The peak while the grid's arrays are copied into the WebAssembly kernel's memory.
  const memoryBytes = peakGridBytes(planMemoryBytes(plan));
  if (cost.totalCells > limits.maxCells || memoryBytes > limits.maxMemoryBytes) {
    const gib = (b: number) => (b / 1024 ** 3).toFixed(b < 1024 ** 3 ? 2 : 1);
    const million = (n: number) => (n / 1e6).toFixed(n < 1e7 ? 2 : 1);
    throw new CfdInputError(
      `the ${tier.label.toLowerCase()} grid for this geometry needs ${million(cost.totalCells)} million cells and ${gib(memoryBytes)} GiB ` +
        `(limits: ${million(limits.maxCells)} million cells, ${gib(limits.maxMemoryBytes)} GiB). ` +
        `Choose a coarser tier, or a smaller region of interest (now ${Math.round(roiRadiusM)} m in radius).`,
      'tier',
    );
  }
  return {
    tier,
    centre,
    roiRadiusM,
    contextRadiusM,
    maxHeightM,
    plan,
    geometry,
    cells: cost.totalCells,
    updatesPerCoarseStep: cost.updatesPerCoarseStep,
    memoryBytes,
  };
}

/**
 * Run length in level-0 steps: the flow crosses the region of interest and the lee of its tallest
 * building, L = 2R + 5H, at the approach speed; spin-up 0.5 L, development 0.25 L, averaging 0.75 L
 * (in the spirit of SimScale's "fluid passes": wash out, develop, average the last part; the
 * mean flow settles within a pass — measured in the benchmark with the mixing-length closure).
 */
export function sceneSchedule(scene: ScenePlan, referenceSpeedMs: number, dt0S: number): RunSchedule {
  const pass = (2 * scene.roiRadiusM + 5 * scene.maxHeightM) / referenceSpeedMs;
  const steps = (s: number) => 2 * Math.max(1, Math.round((s * pass) / dt0S / 2));
  return { spinUpSteps: steps(0.5), developSteps: steps(0.25), averageSteps: steps(0.75), chunkSteps: 20 };
}

/**
 * Lattice updates of one direction (every step at the full grid's cost: what pricing counts) and its
 * wall time at a throughput as the solver reports it — the manifest's `mlups`, the full grid's
 * updates after the spin-up over the direction's whole wall time, preparation and the coarse-only
 * spin-up included. An estimate at a measured throughput then gives the measured wall time back.
 */
export function estimateRun(scene: ScenePlan, schedule: RunSchedule, mlups: number): { updates: number; seconds: number } {
  const steps = schedule.spinUpSteps + schedule.developSteps + schedule.averageSteps;
  const updates = steps * scene.updatesPerCoarseStep;
  const fullGridUpdates = (schedule.developSteps + schedule.averageSteps) * scene.updatesPerCoarseStep;
  return { updates, seconds: fullGridUpdates / (mlups * 1e6) };
}

/** The level-0 time step of a plan: the inflow at the domain top moves `latticeSpeed` cells per step. */
export function coarseTimeStep(plan: GridPlan, inlet: InletSpec, latticeSpeed = DEFAULT_PHYSICS.latticeSpeed): number {
  const top = plan.boxes[0].nz * plan.boxes[0].dxM;
  return (latticeSpeed / ablProfile(inlet).speedMs(top)) * plan.boxes[0].dxM;
}
