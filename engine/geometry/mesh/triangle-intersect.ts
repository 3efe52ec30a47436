/**
 * Do two triangles overlap in a way that means two solids interpenetrate? Written for the
 * study-versus-surrounds check, where touching is normal (a party wall, a roof edge against a
 * wall) and must not count:
 *
 * - Crossing: each triangle has corners strictly on both sides of the other's plane (beyond
 *   `epsM`), and the two segments where they cut the common line overlap by more than `epsM`
 *   (Möller's interval test, here measured in metres along the unit line direction).
 * - Coplanar with the SAME facing: overlapping interiors mean duplicated or overlapping volumes
 *   (the existing building left in the surrounds). Coplanar faces facing each other are two
 *   solids touching — allowed.
 *
 * Inputs are triangle soups with triangle indices; coordinates are taken relative to one corner in
 * float64, so large site coordinates do not cost precision. No allocation.
 */

const scratch = new Float64Array(18);

/** Loads triangle `t` of `soup` into scratch[at … at+8], relative to (ox, oy, oz). */
function load(soup: Float32Array, t: number, at: number, ox: number, oy: number, oz: number): void {
  const o = t * 9;
  for (let k = 0; k < 9; k += 3) {
    scratch[at + k] = soup[o + k] - ox;
    scratch[at + k + 1] = soup[o + k + 1] - oy;
    scratch[at + k + 2] = soup[o + k + 2] - oz;
  }
}

/** Unit normal of the triangle at scratch[at], into n; false when degenerate. */
function unitNormal(at: number, n: Float64Array): boolean {
  const ux = scratch[at + 3] - scratch[at],
    uy = scratch[at + 4] - scratch[at + 1],
    uz = scratch[at + 5] - scratch[at + 2];
  const vx = scratch[at + 6] - scratch[at],
    vy = scratch[at + 7] - scratch[at + 1],
    vz = scratch[at + 8] - scratch[at + 2];
  const nx = uy * vz - uz * vy,
    ny = uz * vx - ux * vz,
    nz = ux * vy - uy * vx;
  const length = Math.hypot(nx, ny, nz);
  if (!(length > 1e-12)) return false;
  n[0] = nx / length;
  n[1] = ny / length;
  n[2] = nz / length;
  return true;
}

const nA = new Float64Array(3);
const nB = new Float64Array(3);
const dA = new Float64Array(3);
const dB = new Float64Array(3);

export function trianglesInterpenetrate(a: Float32Array, ta: number, b: Float32Array, tb: number, epsM: number): boolean {
  const ox = a[ta * 9],
    oy = a[ta * 9 + 1],
    oz = a[ta * 9 + 2];
  load(a, ta, 0, ox, oy, oz);
  load(b, tb, 9, ox, oy, oz);
  if (!unitNormal(0, nA) || !unitNormal(9, nB)) return false;

  // Signed distances of each triangle's corners to the other's plane, snapped to 0 within eps.
  let aPos = false,
    aNeg = false,
    bPos = false,
    bNeg = false;
  for (let k = 0; k < 3; k++) {
    let d = nB[0] * (scratch[k * 3] - scratch[9]) + nB[1] * (scratch[k * 3 + 1] - scratch[10]) + nB[2] * (scratch[k * 3 + 2] - scratch[11]);
    if (Math.abs(d) <= epsM) d = 0;
    dA[k] = d;
    aPos ||= d > 0;
    aNeg ||= d < 0;
    d = nA[0] * (scratch[9 + k * 3] - scratch[0]) + nA[1] * (scratch[10 + k * 3] - scratch[1]) + nA[2] * (scratch[11 + k * 3] - scratch[2]);
    if (Math.abs(d) <= epsM) d = 0;
    dB[k] = d;
    bPos ||= d > 0;
    bNeg ||= d < 0;
  }
  if (!aPos && !aNeg && !bPos && !bNeg) return coplanarSameFacingOverlap(epsM);
  if (!(aPos && aNeg && bPos && bNeg)) return false;

  // Line direction D = nA × nB; project corners onto it.
  const Dx = nA[1] * nB[2] - nA[2] * nB[1];
  const Dy = nA[2] * nB[0] - nA[0] * nB[2];
  const Dz = nA[0] * nB[1] - nA[1] * nB[0];
  const Dl = Math.hypot(Dx, Dy, Dz);
  if (!(Dl > 1e-12)) return false;
  interval(0, dA, Dx / Dl, Dy / Dl, Dz / Dl, cutA);
  interval(9, dB, Dx / Dl, Dy / Dl, Dz / Dl, cutB);
  return Math.min(cutA[1], cutB[1]) - Math.max(cutA[0], cutB[0]) > epsM;
}

const cutA = new Float64Array(2);
const cutB = new Float64Array(2);

/** [low, high] of the triangle's cut along the unit direction (u), into out. */
function interval(at: number, d: Float64Array, ux: number, uy: number, uz: number, out: Float64Array): void {
  let low = Infinity;
  let high = -Infinity;
  for (let k = 0; k < 3; k++) {
    const i = at + k * 3;
    const ti = scratch[i] * ux + scratch[i + 1] * uy + scratch[i + 2] * uz;
    if (d[k] === 0) {
      low = Math.min(low, ti);
      high = Math.max(high, ti);
    }
    const next = (k + 1) % 3;
    if ((d[k] > 0 && d[next] < 0) || (d[k] < 0 && d[next] > 0)) {
      const j = at + next * 3;
      const tj = scratch[j] * ux + scratch[j + 1] * uy + scratch[j + 2] * uz;
      const t = ti + ((tj - ti) * d[k]) / (d[k] - d[next]);
      low = Math.min(low, t);
      high = Math.max(high, t);
    }
  }
  out[0] = low;
  out[1] = high;
}

/** 2-D overlap of two coplanar triangles (in scratch) that face the same way. */
function coplanarSameFacingOverlap(epsM: number): boolean {
  if (nA[0] * nB[0] + nA[1] * nB[1] + nA[2] * nB[2] <= 0) return false;
  // Drop the normal's dominant axis.
  const ax = Math.abs(nA[0]),
    ay = Math.abs(nA[1]),
    az = Math.abs(nA[2]);
  const u = ax >= ay && ax >= az ? 1 : 0;
  const v = ax >= ay && ax >= az ? 2 : ay >= az ? 2 : 1;
  // Any proper edge crossing, or a corner or centroid of one strictly inside the other.
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) if (segmentsCross(i * 3, ((i + 1) % 3) * 3, 9 + j * 3, 9 + ((j + 1) % 3) * 3, u, v, epsM)) return true;
  return insideByMargin(0, 9, u, v, epsM) || insideByMargin(9, 0, u, v, epsM);
}

function cross2(ox: number, oy: number, ax: number, ay: number, bx: number, by: number): number {
  return (ax - ox) * (by - oy) - (ay - oy) * (bx - ox);
}

function segmentsCross(p: number, q: number, r: number, s: number, u: number, v: number, epsM: number): boolean {
  const px = scratch[p + u],
    py = scratch[p + v],
    qx = scratch[q + u],
    qy = scratch[q + v];
  const rx = scratch[r + u],
    ry = scratch[r + v],
    sx = scratch[s + u],
    sy = scratch[s + v];
  const lpq = Math.hypot(qx - px, qy - py);
  const lrs = Math.hypot(sx - rx, sy - ry);
  // Signed distances (in metres) of each segment's ends from the other's line.
  const d1 = cross2(px, py, qx, qy, rx, ry) / lpq;
  const d2 = cross2(px, py, qx, qy, sx, sy) / lpq;
  const d3 = cross2(rx, ry, sx, sy, px, py) / lrs;
  const d4 = cross2(rx, ry, sx, sy, qx, qy) / lrs;
  return ((d1 > epsM && d2 < -epsM) || (d1 < -epsM && d2 > epsM)) && ((d3 > epsM && d4 < -epsM) || (d3 < -epsM && d4 > epsM));
}

/** Is (x, y) inside triangle q (dropping axes u, v) by more than eps from each edge? */
function strictlyInside(x: number, y: number, q: number, u: number, v: number, epsM: number): boolean {
  const x0 = scratch[q + u],
    y0 = scratch[q + v],
    x1 = scratch[q + 3 + u],
    y1 = scratch[q + 3 + v],
    x2 = scratch[q + 6 + u],
    y2 = scratch[q + 6 + v];
  const orientation = Math.sign(cross2(x0, y0, x1, y1, x2, y2));
  if (orientation === 0) return false;
  return (
    (orientation * cross2(x0, y0, x1, y1, x, y)) / Math.hypot(x1 - x0, y1 - y0) > epsM &&
    (orientation * cross2(x1, y1, x2, y2, x, y)) / Math.hypot(x2 - x1, y2 - y1) > epsM &&
    (orientation * cross2(x2, y2, x0, y0, x, y)) / Math.hypot(x0 - x2, y0 - y2) > epsM
  );
}

/** Is a corner, or the centroid, of triangle `p` inside triangle `q` by more than eps from its edges? */
function insideByMargin(p: number, q: number, u: number, v: number, epsM: number): boolean {
  let cx = 0;
  let cy = 0;
  for (let k = 0; k < 3; k++) {
    const x = scratch[p + k * 3 + u];
    const y = scratch[p + k * 3 + v];
    if (strictlyInside(x, y, q, u, v, epsM)) return true;
    cx += x / 3;
    cy += y / 3;
  }
  return strictlyInside(cx, cy, q, u, v, epsM);
}
