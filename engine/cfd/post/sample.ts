/**
 * Reading time-averaged fields at arbitrary points: each point is read from the finest level whose
 * computed cells surround it, by trilinear interpolation between cell centres over fluid cells only
 * (weights renormalised), so a point next to a wall is not dragged towards the zero inside the
 * solid. Below the first cell centre the first layer's value is used: the ground is a log-law wall
 * whose first cell already stands for the near-ground flow.
 */
import { cellIndex } from '../grid/layout.ts';
import { KIND, SLAB_FIELDS, type Grid, type Level } from '../grid/level.ts';

export interface MeanField {
  u: Float64Array;
  v: Float64Array;
  w: Float64Array;
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

/** Trilinear weights over fluid cells; calls add(cell, weight); returns the weight used. */
function stencil(level: Level, x: number, y: number, z: number, add: (cell: number, k: number, weight: number) => void): number {
  const { box, pad } = level;
  const xi = (x - box.originM[0]) / box.dxM - 0.5,
    yj = (y - box.originM[1]) / box.dxM - 0.5,
    zk = (z - box.originM[2]) / box.dxM - 0.5;
  const i0 = Math.floor(xi),
    j0 = Math.floor(yj),
    k0 = Math.floor(zk);
  const tx = xi - i0,
    ty = yj - j0,
    tz = zk - k0;
  let wsum = 0;
  for (let c = 0; c < 8; c++) {
    const di = c & 1,
      dj = (c >> 1) & 1,
      dk = (c >> 2) & 1;
    const i = i0 + di,
      j = j0 + dj,
      k = Math.max(0, k0 + dk);
    const wt = (di ? tx : 1 - tx) * (dj ? ty : 1 - ty) * (dk ? tz : 1 - tz);
    if (wt <= 0 || i < 0 || j < 0 || i >= box.nx || j >= box.ny || k >= box.nz) continue;
    const cell = cellIndex(pad, i, j, k);
    if (level.kind[cell] !== KIND.FLUID) continue;
    add(cell, k, wt);
    wsum += wt;
  }
  return wsum;
}

/** Time-mean velocity (m/s) at points (x, y, z in the solver frame, m) from `samples` samples. */
export function sampleMean(grid: Grid, latticePerMs: number, samples: number, points: ArrayLike<number>): MeanField {
  const count = Math.floor(points.length / 3);
  const out: MeanField = { u: new Float64Array(count), v: new Float64Array(count), w: new Float64Array(count), level: new Int32Array(count).fill(-1) };
  const scale = 1 / (Math.max(1, samples) * latticePerMs);
  for (let p = 0; p < count; p++) {
    const x = points[3 * p],
      y = points[3 * p + 1],
      z = points[3 * p + 2];
    for (let l = grid.levels.length - 1; l >= 0; l--) {
      const level = grid.levels[l];
      if (!covers(level, x, y, z, false)) continue;
      let u = 0,
        v = 0,
        w = 0;
      const wsum = stencil(level, x, y, z, (cell, _k, wt) => {
        u += wt * level.meanSum[3 * cell];
        v += wt * level.meanSum[3 * cell + 1];
        w += wt * level.meanSum[3 * cell + 2];
      });
      if (wsum < 0.05) continue;
      out.u[p] = (u / wsum) * scale;
      out.v[p] = (v / wsum) * scale;
      out.w[p] = (w / wsum) * scale;
      out.level[p] = l;
      break;
    }
  }
  return out;
}

/** Mean speed, resolved speed fluctuation and modelled TKE at pedestrian points (solver frame). */
export function sampleSlab(grid: Grid, latticePerMs: number, samples: number, points: ArrayLike<number>): SlabField {
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
      let s1 = 0,
        s2 = 0,
        sk = 0;
      const wsum = stencil(level, x, y, z, (cell, k, wt) => {
        const o = SLAB_FIELDS * ((cell % pad.pxy) + k * pad.pxy);
        s1 += wt * level.slabSum[o];
        s2 += wt * level.slabSum[o + 1];
        sk += wt * level.slabSum[o + 5];
      });
      if (wsum < 0.05) continue;
      const mean = s1 / wsum / n,
        meanSq = s2 / wsum / n;
      out.meanSpeed[p] = mean / latticePerMs;
      out.speedStd[p] = Math.sqrt(Math.max(0, meanSq - mean * mean)) / latticePerMs;
      out.modelledTke[p] = sk / wsum / n / (latticePerMs * latticePerMs);
      out.level[p] = l;
      break;
    }
  }
  return out;
}
