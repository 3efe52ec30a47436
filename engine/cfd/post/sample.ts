/**
 * Reading time-averaged fields at arbitrary points: each point is read from the finest level whose
 * computed cells surround it, by trilinear interpolation between cell centres over fluid cells only
 * (weights renormalised), so a point next to a wall is not dragged towards the zero inside the
 * solid.
 *
 * Vertically, the horizontal velocity is interpolated relative to the approach flow's profile
 * U_a(z) (the inlet's log law, or its measured table): each cell contributes u_cell·U_a(z)/U_a(z_cell).
 * Why: the boundary layer's speed is far from linear in z over a cell — between the 16 m and 48 m
 * centres of 32 m cells, linear interpolation of a log law is 4 % low at 30 m — and below the first
 * cell centre (2 m for 4 m cells, 16 m for 32 m ones) there is nothing to interpolate to. Scaling by
 * the profile is exact for the undisturbed boundary layer and is the log-law wall function the
 * ground's wall model already assumes for the first cell (Launder & Spalding 1974; the same
 * reconstruction as the level interfaces, build-hierarchy.ts). Near buildings it shapes the
 * interpolation by the ground's profile, a modest correction between neighbouring cells; in the
 * first cell it is the wall function, the approximation every coarse-grid RANS makes there.
 */
import { cellIndex } from '../grid/layout.ts';
import { forEachTrilinearCorner } from '../grid/trilinear.ts';
import { KIND, MEAN_FIELDS, SLAB_FIELDS, type Grid, type Level } from '../grid/level.ts';

export interface MeanField {
  u: Float64Array;
  v: Float64Array;
  w: Float64Array;
  /** Turbulent kinetic energy, m²/s²: resolved (½ the variance of u, v, w) plus modelled. */
  k: Float64Array;
  /** Its resolved part alone. */
  kResolved: Float64Array;
  /** Level each point was read from (−1 outside the domain or inside a solid). */
  level: Int32Array;
}

/** Pedestrian statistics at points (solver frame), m/s and m²/s². */
export interface SlabField {
  meanSpeed: Float64Array;
  /** Standard deviation of the resolved speed. */
  speedStd: Float64Array;
  /** Modelled (subgrid or RANS) turbulent kinetic energy. */
  modelledTke: Float64Array;
  level: Int32Array;
}

/** Whether a level's computed cells surround (x, y, z) (not its interface ring). */
function covers(level: Level, x: number, y: number, z: number, slabOnly: boolean): boolean {
  const { box } = level;
  const fx = (x - box.originM[0]) / box.dxM,
    fy = (y - box.originM[1]) / box.dxM,
    fz = (z - box.originM[2]) / box.dxM;
  const m = level.index === 0 ? 1 : 1.5;
  const my = level.index === 0 ? 0 : 1.5;
  if (slabOnly && fz > level.slabLayers - 0.5) return false;
  return fx >= m && fy >= my && fz >= 0 && fx <= box.nx - m && fy <= box.ny - my && fz <= box.nz - m;
}

/** Mean speed of the approach flow at a height (m/s), the shape of the vertical interpolation. */
export type ProfileShape = (zM: number) => number;

/** U_a(z)/U_a(z_c) for a point at z read from a cell centred at z_c (1 without a usable profile). */
function profileFactor(shape: ProfileShape | undefined, z: number, zc: number): number {
  if (!shape) return 1;
  const a = shape(z),
    b = shape(zc);
  return a > 0 && b > 0 ? a / b : 1;
}

/**
 * Trilinear weights over fluid cells; calls add(cell, k, weight, factor) with the profile factor of
 * the cell's layer; returns the weight used.
 */
function stencil(
  level: Level,
  x: number,
  y: number,
  z: number,
  shape: ProfileShape | undefined,
  add: (cell: number, k: number, weight: number, factor: number) => void,
): number {
  const { box, pad } = level;
  let wsum = 0;
  forEachTrilinearCorner(box, x, y, z, (i, j, k, wt) => {
    const cell = cellIndex(pad, i, j, k);
    if (level.kind[cell] !== KIND.FLUID) return;
    add(cell, k, wt, profileFactor(shape, z, (k + 0.5) * box.dxM));
    wsum += wt;
  });
  return wsum;
}

/**
 * Time-mean velocity (m/s) and turbulent kinetic energy (m²/s²) at points (x, y, z in the solver
 * frame, m) from `samples` samples; `shape`: the approach profile the vertical interpolation
 * follows (the horizontal components' mean and fluctuation are scaled by it, as in sampleSlab).
 */
export function sampleMean(grid: Grid, latticePerMs: number, samples: number, points: ArrayLike<number>, shape?: ProfileShape): MeanField {
  const count = Math.floor(points.length / 3);
  const out: MeanField = {
    u: new Float64Array(count),
    v: new Float64Array(count),
    w: new Float64Array(count),
    k: new Float64Array(count),
    kResolved: new Float64Array(count),
    level: new Int32Array(count).fill(-1),
  };
  const n = Math.max(1, samples);
  const scale = 1 / latticePerMs;
  for (let p = 0; p < count; p++) {
    const x = points[3 * p],
      y = points[3 * p + 1],
      z = points[3 * p + 2];
    for (let l = grid.levels.length - 1; l >= 0; l--) {
      const level = grid.levels[l];
      if (!covers(level, x, y, z, false)) continue;
      let u = 0,
        v = 0,
        w = 0,
        kr = 0,
        km = 0;
      const ms = level.meanSum;
      const wsum = stencil(level, x, y, z, shape, (cell, _k, wt, factor) => {
        const o = MEAN_FIELDS * cell;
        const mu = ms[o] / n,
          mv = ms[o + 1] / n,
          mw = ms[o + 2] / n;
        u += wt * factor * mu;
        v += wt * factor * mv;
        w += wt * mw;
        const varU = Math.max(0, ms[o + 3] / n - mu * mu),
          varV = Math.max(0, ms[o + 4] / n - mv * mv),
          varW = Math.max(0, ms[o + 5] / n - mw * mw);
        kr += wt * 0.5 * (factor * factor * (varU + varV) + varW);
        km += wt * (ms[o + 6] / n);
      });
      if (wsum < 0.05) continue;
      out.u[p] = (u / wsum) * scale;
      out.v[p] = (v / wsum) * scale;
      out.w[p] = (w / wsum) * scale;
      out.kResolved[p] = (kr / wsum) * scale * scale;
      out.k[p] = ((kr + km) / wsum) * scale * scale;
      out.level[p] = l;
      break;
    }
  }
  return out;
}

/**
 * Mean speed, resolved speed fluctuation and modelled TKE at pedestrian points (solver frame). The
 * mean speed and its resolved standard deviation follow the approach profile vertically (as
 * sampleMean's velocity: the resolved intensity is kept); the modelled k is interpolated as it is
 * (constant with height in the surface layer, Richards & Hoxey 1993).
 */
export function sampleSlab(grid: Grid, latticePerMs: number, samples: number, points: ArrayLike<number>, shape?: ProfileShape): SlabField {
  const count = Math.floor(points.length / 3);
  const out: SlabField = {
    meanSpeed: new Float64Array(count),
    speedStd: new Float64Array(count),
    modelledTke: new Float64Array(count),
    level: new Int32Array(count).fill(-1),
  };
  const n = Math.max(1, samples);
  for (let p = 0; p < count; p++) {
    const x = points[3 * p],
      y = points[3 * p + 1],
      z = points[3 * p + 2];
    for (let l = grid.levels.length - 1; l >= 0; l--) {
      const level = grid.levels[l];
      if (!covers(level, x, y, z, true)) continue;
      const { pad } = level;
      let mean = 0,
        std = 0,
        sk = 0;
      const wsum = stencil(level, x, y, z, shape, (cell, k, wt, factor) => {
        const o = SLAB_FIELDS * ((cell % pad.pxy) + k * pad.pxy);
        const m1 = level.slabSum[o] / n,
          m2 = level.slabSum[o + 1] / n;
        mean += wt * factor * m1;
        std += wt * factor * Math.sqrt(Math.max(0, m2 - m1 * m1));
        sk += wt * level.slabSum[o + 5];
      });
      if (wsum < 0.05) continue;
      out.meanSpeed[p] = mean / wsum / latticePerMs;
      out.speedStd[p] = std / wsum / latticePerMs;
      out.modelledTke[p] = sk / wsum / n / (latticePerMs * latticePerMs);
      out.level[p] = l;
      break;
    }
  }
  return out;
}
