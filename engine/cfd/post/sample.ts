/**
 * Reading the time-averaged field at arbitrary points: each point is read from the finest level
 * whose computed cells surround it, by trilinear interpolation between cell centres over the fluid
 * cells only (weights renormalised), so a point next to a wall is not dragged towards the zero
 * inside the solid.
 */
import { cellIndex } from '../grid/layout.ts';
import { KIND, type Level } from '../grid/level.ts';
import type { Hierarchy } from '../grid/build-hierarchy.ts';

export interface MeanField {
  u: Float64Array;
  v: Float64Array;
  w: Float64Array;
  /** Level each point was read from (−1 outside the domain or inside a solid). */
  level: Int32Array;
}

/** Whether a level's cells around (x, y, z) are computed ones (not its interface ring). */
function covers(level: Level, x: number, y: number, z: number): boolean {
  const { box } = level;
  const fx = (x - box.originM[0]) / box.dxM, fy = (y - box.originM[1]) / box.dxM, fz = (z - box.originM[2]) / box.dxM;
  const margin = level.index === 0 ? 1 : 1.5;
  return fx >= margin && fy >= (level.index === 0 ? 0 : margin) && fz >= 0 &&
    fx <= box.nx - margin && fy <= box.ny - (level.index === 0 ? 0 : margin) && fz <= box.nz - margin;
}

/**
 * Time-mean velocity (lattice units divided by `latticePerMs`, i.e. m/s) at points (x, y, z in the
 * solver frame, metres), from the statistics of `samples` samples.
 */
export function sampleMean(h: Hierarchy, samples: number, points: ArrayLike<number>): MeanField {
  const count = Math.floor(points.length / 3);
  const out: MeanField = { u: new Float64Array(count), v: new Float64Array(count), w: new Float64Array(count), level: new Int32Array(count).fill(-1) };
  const scale = 1 / (Math.max(1, samples) * h.physics.latticePerMs);
  for (let p = 0; p < count; p++) {
    const x = points[3 * p], y = points[3 * p + 1], z = points[3 * p + 2];
    for (let l = h.levels.length - 1; l >= 0; l--) {
      const level = h.levels[l];
      if (!covers(level, x, y, z)) continue;
      const got = interpolate(level, x, y, z);
      if (!got) continue;
      out.u[p] = got[0] * scale;
      out.v[p] = got[1] * scale;
      out.w[p] = got[2] * scale;
      out.level[p] = l;
      break;
    }
  }
  return out;
}

function interpolate(level: Level, x: number, y: number, z: number): [number, number, number] | null {
  const { box, pad } = level;
  const xi = (x - box.originM[0]) / box.dxM - 0.5, yj = (y - box.originM[1]) / box.dxM - 0.5, zk = (z - box.originM[2]) / box.dxM - 0.5;
  const i0 = Math.floor(xi), j0 = Math.floor(yj), k0 = Math.floor(zk);
  const tx = xi - i0, ty = yj - j0, tz = zk - k0;
  let wsum = 0, u = 0, v = 0, w = 0;
  for (let c = 0; c < 8; c++) {
    const di = c & 1, dj = (c >> 1) & 1, dk = (c >> 2) & 1;
    const i = i0 + di, j = j0 + dj;
    let k = k0 + dk;
    let wt = (di ? tx : 1 - tx) * (dj ? ty : 1 - ty) * (dk ? tz : 1 - tz);
    if (k < 0) {
      // Below the first cell centre: the first layer's value (the wall is a log-law wall, not zero).
      k = 0;
    }
    if (wt <= 0 || i < 0 || j < 0 || i >= box.nx || j >= box.ny || k >= box.nz) continue;
    const cell = cellIndex(pad, i, j, k);
    if (level.kind[cell] !== KIND.FLUID) continue;
    wt = wt || 0;
    u += wt * level.meanSum[3 * cell];
    v += wt * level.meanSum[3 * cell + 1];
    w += wt * level.meanSum[3 * cell + 2];
    wsum += wt;
  }
  if (wsum < 0.05) return null;
  return [u / wsum, v / wsum, w / wsum];
}
