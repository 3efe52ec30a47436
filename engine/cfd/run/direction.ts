/**
 * One wind direction of a CFD study, from world geometry to pedestrian-level results:
 * rotate the geometry into the solver frame, voxelise it on every level, relax the approach flow
 * (precursor), build the grid, run spin-up, development and averaging with progress, checkpoints
 * and a divergence watch, then read the statistics at the pedestrian points and on a coarse 3D
 * grid, turned back to world axes. Pure computation: threads come from the stepper factory,
 * checkpoint bytes go to and come from the caller.
 */
import { ablProfile, type AblProfile, type InletSpec } from '../bc/abl-inlet.ts';
import { equilibriumColumn } from '../bc/precursor.ts';
import { SPONGE_STRENGTH } from '../bc/absorbing-layer.ts';
import { buildHierarchy, type ColumnProfile, type Hierarchy, type Physics } from '../grid/build-hierarchy.ts';
import type { GridPlan } from '../grid/plan.ts';
import { rotateTriangles, solverFrame, type Frame } from '../geometry/rotate.ts';
import { voxelize, type VoxelReport } from '../geometry/voxelize.ts';
import { checkpointSteps as loadCheckpointSteps, loadCheckpoint, saveCheckpoint } from './checkpoint.ts';
import { coarseHierarchy, transferCoarseState } from './coarse-start.ts';
import { fnv1a64 } from './hash.ts';
import { CfdCancelledError, CfdDivergenceError } from './errors.ts';
import type { Health, Stepper } from './stepper.ts';
import type { Grid } from '../grid/level.ts';
import { METHOD_NAME, QUANTITY_STATUS, type QuantityStatus } from './method.ts';
import { pedestrianResolution, postProcess } from './direction-post.ts';

export const SOLVER_VERSION = 'canopy-lbm 1.1 (D3Q19 regularised BGK, AA pattern, 2:1 nested levels; RANS one-equation k–ℓ closure, transported k)';

export interface GeometryInput {
  /** File name, for messages and provenance. */
  file: string;
  /** 'solid' (buildings, mitigations: bounce-back) or 'porous' (vegetation: drag C_d·a). */
  role: 'solid' | 'porous';
  /** World coordinates (x east, y north, z up), triangle soup. */
  triangles: Float32Array;
  /** Porous drag density C_d·a, 1/m (leaf area density times drag coefficient). */
  dragPerM?: number;
}

export interface RunSchedule {
  /** Level-0 steps washing out the initial state. */
  spinUpSteps: number;
  /** Level-0 steps letting wakes develop before averaging. */
  developSteps: number;
  /** Level-0 steps averaged. */
  averageSteps: number;
  /** Steps between progress reports, health checks and cancellation checks (even). */
  chunkSteps: number;
}

export interface PhysicsOptions {
  /**
   * Lattice speed of the inflow at the domain top (Mach ≈ 1.7× this). 0.1: AIJ Case A scored the
   * same at 0.08 and 0.1 (docs/cfd-validation.md), and 0.1 takes 20 % fewer steps.
   */
  latticeSpeed: number;
  smagorinsky: number;
  /** 'k-l-des': the k–ℓ closure with a detached-eddy zone on the finest level (a trial, not the default). */
  closure: 'background' | 'mixing-length' | 'k-l' | 'k-l-des';
  maxMixingLengthM?: number;
  /** With 'k-l-des': the seed of synthetic turbulence at the zone level's inflow face (none without). */
  syntheticSeed?: number;
  /** With 'k-l-des': the zone's length adapted to young shear layers (Shur et al. 2015). */
  shearLayerAdapted?: boolean;
  /** With 'k-l-des': the zone reaches the ground within this distance of a building face, m (a trial). */
  desBaseBandM?: number;
  /** With 'k-l-des' and a seed: the entry's fluctuations anisotropic, with the surface layer's stresses (a trial). */
  anisotropicEntry?: boolean;
  /** With 'k-l': the lateral length near the ground (turbulence/lateral-length.ts; a trial). */
  lateralLength?: boolean;
  /** With the lateral length: the horizontal share of the strain above which a cell takes it (a diagnosis). */
  lateralShareAbove?: number;
  /** With the lateral length: its bound, m (a trial). */
  lateralCapM?: number;
  /**
   * With a measured approach flow fed as it is and transported k: the body force and k source that
   * make it a steady solution of the closure, so it reaches the building as measured (bc/approach-sources.ts).
   */
  holdApproach?: boolean;
  /** With 'k-l': the building faces' wall model in the ground's form (turbulence/face-wall-drag.ts; a trial). */
  faceWallModel?: boolean;
  /** With 'k-l': the lateral length's anisotropic form (turbulence/lateral-length.ts; a trial, the JavaScript kernel). */
  lateralAnisotropic?: boolean;
  /** With 'k-l-des' and a seed: the synthetic field's number of Fourier modes (128 by default). */
  syntheticModes?: number;
  /**
   * With 'k-l-des': how many of the finest levels hold the zone (1 by default); the synthetic
   * entry is on the coarsest of them, and the finer ones take its resolved eddies through their
   * interfaces.
   */
  desLevels?: number;
  /** Outflow sponge, fraction of the level-0 length. */
  spongeFraction: number;
  /** Height below which pedestrian statistics are kept, m. */
  slabHeightM: number;
}

export const DEFAULT_PHYSICS: PhysicsOptions = {
  latticeSpeed: 0.1,
  smagorinsky: 0.13,
  // Transported k (engine/cfd/turbulence): kept over the mixing length on AIJ Case A
  // (docs/cfd-validation.md, "What was tried").
  closure: 'k-l',
  // A measured approach flow (a wind tunnel's table) reaches the building as it was measured
  // (bc/approach-sources.ts; docs/cfd-validation.md part 23; ADR 31). A log-law inflow has nothing to hold.
  holdApproach: true,
  spongeFraction: 0.1,
  slabHeightM: 8,
};

/** A world-axis grid on which the coarse 3D mean field is written. */
export interface FieldGrid {
  originM: [number, number, number];
  spacingM: number;
  dims: [number, number, number];
}

export interface DirectionInput {
  directionDeg: number;
  /** Position of this direction in the study (for progress), 0-based, and how many there are. */
  index: number;
  total: number;
  /** Centre of the region of interest (world x, y): the rotation centre. */
  centre: [number, number];
  plan: GridPlan;
  geometry: GeometryInput[];
  inlet: InletSpec;
  /** Height of the reference speed the ratios are stated against (the met station's), m. */
  referenceHeightM: number;
  schedule: RunSchedule;
  physics?: Partial<PhysicsOptions>;
  /** Pedestrian points, world xyz. */
  points: Float64Array;
  /** Further points (world xyz) where the mean velocity is wanted, e.g. validation probes. */
  probes?: Float64Array;
  field?: FieldGrid;
  /** Feed the inflow with the inlet profile itself (measured approach flows), see Physics. */
  inletFromProfile?: boolean;
  /**
   * Also give the probes' statistics over the first and the second half of the averaging window
   * alone: whether the mean of an unsteady flow has converged over the window.
   */
  halves?: boolean;
}

export type Phase = 'preparing' | 'spin-up' | 'developing' | 'averaging' | 'post-processing';

/** A direction's time left as the command-line runs print it: unknown until its first chunk is timed. */
export function timeLeftText(progress: Pick<DirectionProgress, 'etaS'>): string {
  return Number.isFinite(progress.etaS) ? `about ${Math.round(progress.etaS)} s left` : 'time left not yet measured';
}

export interface DirectionProgress {
  directionDeg: number;
  index: number;
  total: number;
  phase: Phase;
  step: number;
  steps: number;
  /** Million lattice-cell updates per second over the last chunk. */
  mlups: number;
  /** Seconds left for this direction at the pace of its steps so far (NaN before the first chunk). */
  etaS: number;
  /**
   * Lattice-cell updates done and to do in all for this direction, the spin-up counted on its
   * coarse grid: the one unit of work that means the same in every phase (a spin-up step costs a
   * fraction of a full-grid step), so done/total is the share of the work done.
   */
  updatesDone: number;
  updatesTotal: number;
  /** Of updatesDone, those an earlier attempt did (resumed from its checkpoint): not this attempt's pace. */
  updatesResumed: number;
  /** Wall seconds since the direction started, building the grid and hand-overs included. */
  elapsedS: number;
}

export interface DirectionDeps {
  stepper: (grid: Grid) => Promise<Stepper>;
  onProgress?: (progress: DirectionProgress) => void;
  /** Bytes of a checkpoint of this direction, if one was saved. */
  loadCheckpoint?: () => Promise<Uint8Array | null>;
  saveCheckpoint?: (bytes: Uint8Array) => Promise<void>;
  /** Seconds of wall time between checkpoints (default 60). */
  checkpointEveryS?: number;
  isCancelled?: () => boolean;
  now?: () => number;
}

export interface PedestrianResult {
  /** Mean speed / reference speed (mean of the speed, not the speed of the mean). */
  speedRatio: Float32Array;
  /** Turbulence intensity σ/mean speed (resolved and modelled). */
  turbulenceIntensity: Float32Array;
  /** Gust equivalent mean / reference speed: (U + 3.5σ)/1.85 (Lawson; City of London 2019). */
  gemRatio: Float32Array;
  /** Mean horizontal velocity / reference speed, world axes (x east, y north). */
  u: Float32Array;
  v: Float32Array;
  /** Level each point was read from (−1: inside a solid or outside the grid). */
  level: Int8Array;
}

/** How finely the pedestrian points were resolved, and how they were read. */
export interface PedestrianResolution {
  /** Cell size of the level most pedestrian points were read from, m. */
  cellM: number;
  /** Height of that level's first cell centre, m. */
  firstCellCentreM: number;
  /** Pedestrian points per level they were read from (index: level; points in solids are left out). */
  pointsPerLevel: number[];
  reading: string;
}

export interface DirectionManifest {
  solver: string;
  /** The method, named, and which quantities are validated or indicative (method.ts). */
  method: { name: string; quantities: readonly QuantityStatus[] };
  pedestrianResolution: PedestrianResolution | null;
  directionDeg: number;
  frame: { rotationDeg: number; centre: [number, number] };
  levels: Array<{ dxM: number; nx: number; ny: number; nz: number; fluidCells: number; originM: [number, number, number] }>;
  cells: number;
  dt0S: number;
  steps: { spinUp: number; develop: number; average: number };
  averagingWindowS: number;
  samples: number;
  inlet: string;
  reference: { heightM: number; speedMs: number; note: string };
  physics: PhysicsOptions;
  geometryHash: string;
  voxelisation: Array<{ file: string; level: number } & VoxelReport>;
  warnings: string[];
  health: Health;
  wallTimeS: number;
  mlups: number;
  threads: number;
  resumedFromStep: number | null;
}

/** Mean velocity (m/s, world axes) and turbulent kinetic energy (m²/s²) at `input.probes`. */
export interface ProbeResult {
  u: Float64Array;
  v: Float64Array;
  w: Float64Array;
  /** Resolved plus modelled. */
  k: Float64Array;
  /** The resolved part of k alone (the rest is the closure's). */
  kResolved: Float64Array;
  level: Int32Array;
}

export interface DirectionResult {
  pedestrian: PedestrianResult;
  probes: ProbeResult | null;
  /** With `halves`: the probes over the first and the second half of the averaging window. */
  probeHalves?: [ProbeResult, ProbeResult];
  /** Mean velocity / reference speed on `input.field` (world axes), u, v, w interleaved. */
  field: Float32Array | null;
  manifest: DirectionManifest;
}

interface Progress {
  phaseStep: number;
}

/** Builds the solver grid of one direction (voxelised geometry, approach flow). */
export interface PreparedDirection {
  hierarchy: Hierarchy;
  frame: Frame;
  voxels: DirectionManifest['voxelisation'];
  physics: PhysicsOptions;
  /** The voxelised geometry per level (for the coarse spin-up grid). */
  solid: Uint8Array[];
  porous: Array<Float32Array | null>;
}

export function prepareDirection(input: DirectionInput): PreparedDirection {
  const options: PhysicsOptions = { ...DEFAULT_PHYSICS, ...input.physics };
  const frame = solverFrame(input.directionDeg, input.centre[0], input.centre[1]);
  const { boxes, placements } = input.plan;
  const solid = boxes.map((b) => new Uint8Array(b.nx * b.ny * b.nz));
  const porous = boxes.map(() => null as Float32Array | null);
  const voxels: DirectionManifest['voxelisation'] = [];
  for (const g of input.geometry) {
    const rotated = rotateTriangles(frame, g.triangles);
    boxes.forEach((box, l) => {
      let report: VoxelReport;
      if (g.role === 'porous') {
        const mask = (porous[l] ??= new Float32Array(box.nx * box.ny * box.nz));
        report = voxelize(g.file, rotated, box, mask, g.dragPerM ?? 0.2);
      } else {
        report = voxelize(g.file, rotated, box, solid[l]);
      }
      voxels.push({ file: g.file, level: l, ...report });
    });
  }
  // Solid wins over porous where both are.
  porous.forEach((mask, l) => {
    if (mask) for (let c = 0; c < mask.length; c++) if (solid[l][c]) mask[c] = 0;
  });
  const profile = ablProfile(input.inlet);
  const top = boxes[0].nz * boxes[0].dxM;
  const base: Physics = {
    profile,
    latticePerMs: options.latticeSpeed / profile.speedMs(top),
    smagorinsky: options.smagorinsky,
    closure: options.closure,
    desLevel: options.closure === 'k-l-des' ? Math.max(1, boxes.length - (options.desLevels ?? 1)) : undefined,
    syntheticSeed: options.syntheticSeed,
    shearLayerAdapted: options.shearLayerAdapted,
    desBaseBandM: options.desBaseBandM,
    anisotropicEntry: options.anisotropicEntry,
    lateralLength: options.lateralLength,
    lateralShareAbove: options.lateralShareAbove,
    lateralCapM: options.lateralCapM,
    holdApproach: options.holdApproach,
    faceWallModel: options.faceWallModel,
    lateralAnisotropic: options.lateralAnisotropic,
    syntheticModes: options.syntheticModes,
    maxMixingLengthM: options.maxMixingLengthM,
    spongeCells: Math.max(2, Math.round(boxes[0].nx * options.spongeFraction)),
    spongeStrength: SPONGE_STRENGTH,
    slabHeightM: options.slabHeightM,
    inletFromProfile: input.inletFromProfile,
  };
  // The approach flow each level is held to: the precursor's discrete equilibrium of the terrain's
  // log law, or, when the inlet feeds a measured profile as it is, that profile (a measured wind
  // tunnel flow is no equilibrium of the closure, and the levels must agree on what the approach
  // flow is: their interfaces carry the flow relative to it).
  const columns = input.inletFromProfile ? boxes.map((b) => profileColumn(profile, b.dxM, b.nz)) : boxes.map((b) => equilibriumColumn(base, b.dxM, b.nz));
  const physics: Physics = { ...base, columns };
  const hierarchy = buildHierarchy({ boxes, placements, solid, porous, physics });
  return { hierarchy, frame, voxels, physics: options, solid, porous };
}

/** The approach profile itself at the cell centres of a level. */
function profileColumn(profile: AblProfile, dxM: number, nz: number): ColumnProfile {
  const speedMs = new Float64Array(nz),
    shearPerS = new Float64Array(nz);
  for (let k = 0; k < nz; k++) {
    speedMs[k] = profile.speedMs((k + 0.5) * dxM);
    shearPerS[k] = profile.shearPerS((k + 0.5) * dxM);
  }
  return { speedMs, shearPerS };
}

/**
 * The approach flow's mean speed at a height: the inlet's own profile (the log law of the study's
 * terrain, exact at any height; a measured table, interpolated). Not the solver's level-0 cells:
 * their centres can be far from the reference height (16 m for the rapid tier's 32 m cells, whose
 * first centre stood in for "10 m" before), and the ratios must be to the stated height.
 */
export function approachSpeed(h: Hierarchy, heightM: number): number {
  return h.physics.profile.speedMs(heightM);
}

export async function runDirection(input: DirectionInput, deps: DirectionDeps): Promise<DirectionResult> {
  const now = deps.now ?? (() => performance.now() / 1000);
  const started = now();
  // Work in lattice-cell updates (see DirectionProgress); the total is known once the grids are.
  let updatesDone = 0;
  let updatesTotal = 0;
  let updatesResumed = 0;
  let steppingS = 0;
  const report = (phase: Phase, step: number, steps: number, mlups: number) => {
    // The pace over all the steps so far, not the last chunk's: one chunk on a shared machine says
    // little, and a pace that changes with each chunk makes the time left jump.
    const measured = updatesDone - updatesResumed;
    const etaS = measured > 0 && steppingS > 0 ? ((updatesTotal - updatesDone) * steppingS) / measured : Number.NaN;
    deps.onProgress?.({
      directionDeg: input.directionDeg,
      index: input.index,
      total: input.total,
      phase,
      step,
      steps,
      mlups,
      etaS: phase === 'post-processing' ? 0 : etaS,
      updatesDone,
      updatesTotal,
      updatesResumed,
      elapsedS: now() - started,
    });
  };
  report('preparing', 0, 0, 0);
  const prepared = prepareDirection(input);
  const { hierarchy: h, frame, voxels, physics } = prepared;
  const { schedule } = input;
  const chunk = Math.max(2, schedule.chunkSteps - (schedule.chunkSteps % 2));
  const even = (n: number) => n + (n % 2);
  const spinUp = even(schedule.spinUpSteps),
    develop = even(schedule.developSteps),
    average = even(schedule.averageSteps);
  const totalSteps = spinUp + develop + average;
  const workOf = (g: Hierarchy) => g.levels.reduce((a, l) => a + (l.fastCells + l.slow.count + l.pre.count) * 2 ** l.index, 0);
  const work = workOf(h);
  let samples = 0;
  let done = 0;
  let resumedFromStep: number | null = null;
  let health: Health = { maxDensityDeviation: 0, maxLatticeSpeed: 0, nanCells: 0 };
  const watch = async (stepper: Stepper, step: number) => {
    health = await stepper.health();
    if (health.nanCells > 0) throw new CfdDivergenceError(`${health.nanCells} cells are not a number`, step, input.directionDeg);
    if (health.maxDensityDeviation > 0.2)
      throw new CfdDivergenceError(`density departs ${(100 * health.maxDensityDeviation).toFixed(0)} % from rest`, step, input.directionDeg);
    if (health.maxLatticeSpeed > 0.4)
      throw new CfdDivergenceError(`a lattice speed of ${health.maxLatticeSpeed.toFixed(2)} (beyond the scheme's validity)`, step, input.directionDeg);
  };
  const saved = deps.loadCheckpoint ? await deps.loadCheckpoint() : null;
  if (saved) {
    // A checkpoint is taken on the full grid, after the spin-up.
    const header = loadCheckpoint<Progress>(h, saved);
    samples = header.samples;
    done = spinUp + header.steps[0];
    resumedFromStep = done;
    // An earlier attempt did the steps up to here (its spin-up counted as full-grid steps: its
    // coarse grid is not built on a resume).
    updatesTotal = totalSteps * work;
    updatesDone = updatesResumed = done * work;
  } else if (spinUp > 0) {
    // Spin-up on level 0 alone, then hand the flow to every level (coarse-start.ts).
    const coarse = coarseHierarchy(prepared);
    const coarseWork = workOf(coarse);
    updatesTotal = spinUp * coarseWork + (totalSteps - spinUp) * work;
    const cs = await deps.stepper(coarse);
    try {
      while (done < spinUp) {
        if (deps.isCancelled?.()) throw new CfdCancelledError(done);
        const n = Math.min(chunk, spinUp - done);
        const t0 = now();
        await cs.advance(n, false);
        done += n;
        const dt = Math.max(1e-6, now() - t0);
        await watch(cs, done);
        // The pace counts the health check too: it is part of every chunk's wall time.
        steppingS += now() - t0;
        updatesDone += coarseWork * n;
        report('spin-up', done, totalSteps, (coarseWork * n) / dt / 1e6);
      }
    } finally {
      await cs.close();
    }
    transferCoarseState(coarse, h);
  } else updatesTotal = totalSteps * work;
  const stepper = await deps.stepper(h);
  if (saved) await stepper.setSteps(loadCheckpointSteps(saved));
  try {
    let lastCheckpoint = now();
    // Halves need the whole window in this run (not resumed part-way through it).
    const halves = input.halves === true && !saved;
    const half = spinUp + develop + even(Math.floor(average / 2));
    const phases: Array<{ phase: Phase; end: number; accumulate: boolean }> = [
      { phase: 'developing', end: spinUp + develop, accumulate: false },
      ...(halves ? [{ phase: 'averaging' as const, end: half, accumulate: true }] : []),
      { phase: 'averaging', end: totalSteps, accumulate: true },
    ];
    let firstHalf: StatisticsSnapshot | null = null;
    for (const p of phases) {
      if (halves && p.phase === 'averaging' && p.end === totalSteps) firstHalf = snapshotStatistics(h, samples);
      while (done < p.end) {
        if (deps.isCancelled?.()) throw new CfdCancelledError(done);
        const n = Math.min(chunk, p.end - done);
        const t0 = now();
        samples += await stepper.advance(n, p.accumulate);
        done += n;
        const dt = Math.max(1e-6, now() - t0);
        await watch(stepper, done);
        // The pace counts the health check too: it is part of every chunk's wall time.
        steppingS += now() - t0;
        updatesDone += work * n;
        report(p.phase, done, totalSteps, (work * n) / dt / 1e6);
        if (deps.saveCheckpoint && now() - lastCheckpoint >= (deps.checkpointEveryS ?? 60) && done < totalSteps) {
          await deps.saveCheckpoint(saveCheckpoint<Progress>(h, { steps: [...stepper.steps], samples, progress: { phaseStep: done } }));
          lastCheckpoint = now();
        }
      }
    }
    report('post-processing', totalSteps, totalSteps, 0);
    const refSpeedMs = approachSpeed(h, input.referenceHeightM);
    const result: Omit<DirectionResult, 'manifest'> = postProcess(input, h, frame, samples, refSpeedMs);
    if (firstHalf && result.probes) result.probeHalves = probesByHalf(input, h, frame, samples, refSpeedMs, firstHalf);
    const wall = now() - started;
    const manifest: DirectionManifest = {
      solver: SOLVER_VERSION,
      method: { name: METHOD_NAME, quantities: QUANTITY_STATUS },
      pedestrianResolution: pedestrianResolution(h, input.points, result.pedestrian.level),
      directionDeg: input.directionDeg,
      frame: { rotationDeg: (frame.angleRad * 180) / Math.PI, centre: input.centre },
      levels: h.levels.map((l) => ({
        dxM: l.box.dxM,
        nx: l.box.nx,
        ny: l.box.ny,
        nz: l.box.nz,
        fluidCells: l.fastCells + l.slow.count,
        originM: [l.box.originM[0], l.box.originM[1], l.box.originM[2]],
      })),
      cells: h.levels.reduce((a, l) => a + l.fastCells + l.slow.count + l.pre.count, 0),
      dt0S: h.dt0S,
      steps: { spinUp, develop, average },
      averagingWindowS: average * h.dt0S,
      samples,
      inlet: h.physics.profile.describe(),
      reference: {
        heightM: input.referenceHeightM,
        speedMs: refSpeedMs,
        note: 'speed ratios are to the approach flow at this height, upstream of all geometry',
      },
      physics,
      geometryHash: geometryHash(input.geometry),
      voxelisation: voxels,
      warnings: voxelWarnings(voxels),
      health,
      wallTimeS: wall,
      mlups: (work * (totalSteps - spinUp)) / wall / 1e6,
      threads: stepper.threads,
      resumedFromStep,
    };
    return { ...result, manifest };
  } finally {
    await stepper.close();
  }
}

/** The accumulated statistics of every level at one moment, and how many samples they hold. */
interface StatisticsSnapshot {
  samples: number;
  mean: Float32Array[];
  slab: Float64Array[];
}

function snapshotStatistics(h: Hierarchy, samples: number): StatisticsSnapshot {
  return { samples, mean: h.levels.map((l) => l.meanSum.slice()), slab: h.levels.map((l) => l.slabSum.slice()) };
}

/**
 * The probes over the first half of the window (the snapshot taken at its middle) and over the
 * second (the sums now less the snapshot), read by the same post-processing; the sums are put back.
 */
function probesByHalf(
  input: DirectionInput,
  h: Hierarchy,
  frame: Frame,
  samples: number,
  refSpeedMs: number,
  first: StatisticsSnapshot,
): [ProbeResult, ProbeResult] {
  const total = snapshotStatistics(h, samples);
  const read = (mean: (l: number, c: number) => number, slab: (l: number, c: number) => number, n: number): ProbeResult => {
    h.levels.forEach((level, l) => {
      for (let c = 0; c < level.meanSum.length; c++) level.meanSum[c] = mean(l, c);
      for (let c = 0; c < level.slabSum.length; c++) level.slabSum[c] = slab(l, c);
    });
    return postProcess(input, h, frame, n, refSpeedMs).probes!;
  };
  try {
    return [
      read(
        (l, c) => first.mean[l][c],
        (l, c) => first.slab[l][c],
        first.samples,
      ),
      read(
        (l, c) => total.mean[l][c] - first.mean[l][c],
        (l, c) => total.slab[l][c] - first.slab[l][c],
        samples - first.samples,
      ),
    ];
  } finally {
    h.levels.forEach((level, l) => {
      level.meanSum.set(total.mean[l]);
      level.slabSum.set(total.slab[l]);
    });
  }
}

function geometryHash(geometry: GeometryInput[]): string {
  const parts: Array<Uint8Array | string> = [];
  for (const g of geometry) {
    parts.push(`${g.file}|${g.role}|${g.dragPerM ?? ''}|`);
    parts.push(new Uint8Array(g.triangles.buffer, g.triangles.byteOffset, g.triangles.byteLength));
  }
  return fnv1a64(parts);
}

function voxelWarnings(voxels: DirectionManifest['voxelisation']): string[] {
  const warnings: string[] = [];
  const files = new Map<string, VoxelReport>();
  for (const v of voxels) if (!files.has(v.file) || v.level > 0) files.set(v.file, v);
  for (const [file, r] of files) {
    if (r.flipped) warnings.push(`${file}: the mesh is inside out (faces point inwards); it was turned the right way round`);
    if (r.inconsistentColumns > 0)
      warnings.push(`${file}: ${r.inconsistentColumns} columns of cells cross faces that do not close a volume (holes or flipped faces); voxelised anyway`);
    if (r.overlapColumns > 0) warnings.push(`${file}: overlapping volumes in ${r.overlapColumns} columns of cells; voxelised as their union`);
  }
  return warnings;
}
