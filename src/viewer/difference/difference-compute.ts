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
 * Nearest point of A for each point of B, through a uniform grid of cells `cell` metres wide: the
 * nearest within `cell` lies in the point's own cell or one of its 26 neighbours.
 */
function nearestWithin(a: Float32Array, b: Float32Array, cell: number): { index: Int32Array; distance: Float32Array } {
  const nA = a.length / 3;
  const nB = b.length / 3;
  const key = (x: number, y: number, z: number) => `${x},${y},${z}`;
  const grid = new Map<string, number[]>();
  for (let i = 0; i < nA; i++) {
    const k = key(Math.floor(a[i * 3]! / cell), Math.floor(a[i * 3 + 1]! / cell), Math.floor(a[i * 3 + 2]! / cell));
    const list = grid.get(k);
    if (list) list.push(i);
    else grid.set(k, [i]);
  }
  const index = new Int32Array(nB).fill(-1);
  const distance = new Float32Array(nB).fill(Infinity);
  for (let j = 0; j < nB; j++) {
    const x = b[j * 3]!;
    const y = b[j * 3 + 1]!;
    const z = b[j * 3 + 2]!;
    const cx = Math.floor(x / cell);
    const cy = Math.floor(y / cell);
    const cz = Math.floor(z / cell);
    let best = -1;
    let bestD2 = Infinity;
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (let dz = -1; dz <= 1; dz++) {
          const list = grid.get(key(cx + dx, cy + dy, cz + dz));
          if (!list) continue;
          for (const i of list) {
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
  const cell = Math.max(options.maxDistanceM, SAME_POINT_M);
  const { index, distance } = nearestWithin(a.positions, b.positions, cell);
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
