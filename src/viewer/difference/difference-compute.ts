/**
 * B − A between two stored result layers of one study (two scenarios, one analysis and metric),
 * point by point, on B's points. Pure: the worker and the main-thread fallback run this same
 * function.
 *
 * Two layers on the same presentation plane share their points, so a point of B is matched to the
 * point of A at the same position. Where the scenarios' planes differ (a building moved, the
 * mesh was cut again), a point of B takes the value of A's nearest point if that point lies within
 * `maxDistanceM`, and is left out (NaN) otherwise — a neighbour further away would compare two
 * different places. The counts of each say what the legend must tell the reader.
 *
 * Comfort classes are differenced as class indices: the criteria order their classes from the
 * calmest to the windiest, so −2 reads "2 classes calmer" and +1 "1 class windier".
 */

export type DifferenceMode = 'values' | 'classes';

export interface DifferenceSide {
  /** xyz per point, metres. */
  positions: Float32Array;
  /** One value per point (NaN: no value). */
  values: Float32Array;
}

export interface DifferenceOptions {
  mode: DifferenceMode;
  /** The furthest a point of A may be from a point of B to stand in for it, metres. */
  maxDistanceM: number;
}

export interface DifferenceResult {
  /** B − A per point of B (NaN where either has no value or no point of A is near enough). */
  values: Float32Array;
  /** Points of B with a point of A at the same position. */
  shared: number;
  /** Points of B given A's nearest point within the distance. */
  resampled: number;
  /** Points of B with no point of A within the distance. */
  leftOut: number;
  /** The largest |B − A| (0 when there is none). */
  maxAbs: number;
  /** Points where B − A is below zero, zero, and above zero. */
  lower: number;
  same: number;
  higher: number;
}

/** Two positions closer than this are one point (single-precision coordinates of a site in metres). */
const SAME_POINT_M = 1e-3;

/**
 * Nearest point of A for each point of B, through a uniform grid over A's bounding box whose cells
 * are at least `within` metres wide: the nearest point within `within` lies in the point's own cell
 * or one of its 26 neighbours. The grid is dense and its points sorted by cell (a counting sort),
 * so finding a cell's points is two array reads; cells are widened where the box would otherwise
 * need more than a few cells per point.
 */
function nearestWithin(a: Float32Array, b: Float32Array, within: number): { index: Int32Array; distance: Float32Array } {
  const nA = a.length / 3;
  const nB = b.length / 3;
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < a.length; i++) {
    lo[i % 3] = Math.min(lo[i % 3]!, a[i]!);
    hi[i % 3] = Math.max(hi[i % 3]!, a[i]!);
  }
  const size = [0, 1, 2].map((k) => Math.max(hi[k]! - lo[k]!, 0));
  const maxCells = Math.max(4 * nA, 1024);
  let cell = within;
  const cellsFor = (c: number) => size.reduce((n, s) => n * (Math.floor(s / c) + 1), 1);
  while (cellsFor(cell) > maxCells) cell *= 1.5;
  const nx = Math.floor(size[0]! / cell) + 1;
  const ny = Math.floor(size[1]! / cell) + 1;
  const nz = Math.floor(size[2]! / cell) + 1;
  const cellIndex = (x: number, y: number, z: number) => (z * ny + y) * nx + x;
  const at = (v: number, k: number) => Math.floor((v - lo[k]!) / cell);
  // Counting sort of A's points by cell.
  const start = new Int32Array(nx * ny * nz + 1);
  const cellOfA = new Int32Array(nA);
  for (let i = 0; i < nA; i++) {
    const c = cellIndex(at(a[i * 3]!, 0), at(a[i * 3 + 1]!, 1), at(a[i * 3 + 2]!, 2));
    cellOfA[i] = c;
    start[c + 1]!++;
  }
  for (let c = 0; c < nx * ny * nz; c++) start[c + 1]! += start[c]!;
  const fill = start.slice(0, -1);
  const sorted = new Int32Array(nA);
  for (let i = 0; i < nA; i++) sorted[fill[cellOfA[i]!]!++] = i;

  const index = new Int32Array(nB).fill(-1);
  const distance = new Float32Array(nB).fill(Infinity);
  for (let j = 0; j < nB; j++) {
    const x = b[j * 3]!;
    const y = b[j * 3 + 1]!;
    const z = b[j * 3 + 2]!;
    const cx = at(x, 0);
    const cy = at(y, 1);
    const cz = at(z, 2);
    let best = -1;
    let bestD2 = Infinity;
    for (let gz = Math.max(cz - 1, 0); gz <= Math.min(cz + 1, nz - 1); gz++)
      for (let gy = Math.max(cy - 1, 0); gy <= Math.min(cy + 1, ny - 1); gy++)
        for (let gx = Math.max(cx - 1, 0); gx <= Math.min(cx + 1, nx - 1); gx++) {
          const c = cellIndex(gx, gy, gz);
          for (let s = start[c]!; s < start[c + 1]!; s++) {
            const i = sorted[s]!;
            const ex = a[i * 3]! - x;
            const ey = a[i * 3 + 1]! - y;
            const ez = a[i * 3 + 2]! - z;
            const d2 = ex * ex + ey * ey + ez * ez;
            if (d2 < bestD2) {
              bestD2 = d2;
              best = i;
            }
          }
        }
    index[j] = best;
    distance[j] = Math.sqrt(bestD2);
  }
  return { index, distance };
}

/** Whether both layers have the same points in the same order (the usual case: one plane, two scenarios). */
function samePoints(a: Float32Array, b: Float32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > SAME_POINT_M) return false;
  return true;
}

export function differenceOf(a: DifferenceSide, b: DifferenceSide, options: DifferenceOptions): DifferenceResult {
  if (!(options.maxDistanceM >= 0)) throw new Error('The matching distance must be zero or more metres.');
  const nB = b.positions.length / 3;
  if (b.values.length !== nB || a.values.length !== a.positions.length / 3) throw new Error('A layer has a different number of values than points.');
  const values = new Float32Array(nB);
  const out: DifferenceResult = { values, shared: 0, resampled: 0, leftOut: 0, maxAbs: 0, lower: 0, same: 0, higher: 0 };
  const classes = options.mode === 'classes';
  const put = (j: number, va: number, vb: number) => {
    const d = classes ? Math.round(vb) - Math.round(va) : vb - va;
    values[j] = d;
    if (Number.isNaN(d)) return;
    if (Math.abs(d) > out.maxAbs) out.maxAbs = Math.abs(d);
    if (d < 0) out.lower++;
    else if (d > 0) out.higher++;
    else out.same++;
  };
  if (samePoints(a.positions, b.positions)) {
    for (let j = 0; j < nB; j++) put(j, a.values[j]!, b.values[j]!);
    out.shared = nB;
    return out;
  }
  const { index, distance } = nearestWithin(a.positions, b.positions, Math.max(options.maxDistanceM, SAME_POINT_M));
  for (let j = 0; j < nB; j++) {
    const i = index[j]!;
    if (i < 0 || distance[j]! > options.maxDistanceM) {
      values[j] = NaN;
      out.leftOut++;
      continue;
    }
    if (distance[j]! <= SAME_POINT_M) out.shared++;
    else out.resampled++;
    put(j, a.values[i]!, b.values[j]!);
  }
  return out;
}

export interface DifferenceRequest {
  id: number;
  a: DifferenceSide;
  b: DifferenceSide;
  options: DifferenceOptions;
}

export type DifferenceReply = { id: number; result: DifferenceResult } | { id: number; error: string };
