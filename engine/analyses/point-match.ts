/**
 * Carrying per-point values between two point sets — e.g. wind speed-up ratios computed on a solver's
 * probe points onto the thermal analysis's presentation-plane points. Nearest neighbour in plan
 * (x, y) within a distance limit, through a uniform grid hash; a target point with no source point
 * within the limit gets no match (−1), so it falls back to the met wind instead of borrowing a
 * value from across a building.
 */

/** For each target point, the index of the nearest source point within `maxDistanceM`, else −1. */
export function nearestPoints(source: Float32Array, target: Float32Array, maxDistanceM: number): Int32Array {
  if (!(maxDistanceM > 0)) throw new RangeError('nearestPoints: maxDistanceM must be positive');
  const cell = maxDistanceM;
  const key = (x: number, y: number) => `${Math.floor(x / cell)},${Math.floor(y / cell)}`;
  const grid = new Map<string, number[]>();
  for (let i = 0; i < source.length / 3; i++) {
    const k = key(source[i * 3], source[i * 3 + 1]);
    const bucket = grid.get(k);
    if (bucket) bucket.push(i);
    else grid.set(k, [i]);
  }
  const result = new Int32Array(target.length / 3).fill(-1);
  for (let t = 0; t < result.length; t++) {
    const x = target[t * 3];
    const y = target[t * 3 + 1];
    const cx = Math.floor(x / cell);
    const cy = Math.floor(y / cell);
    let best = -1;
    let bestDistance = maxDistanceM * maxDistanceM;
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++) {
        for (const i of grid.get(`${cx + dx},${cy + dy}`) ?? []) {
          const d = (source[i * 3] - x) ** 2 + (source[i * 3 + 1] - y) ** 2;
          if (d <= bestDistance) {
            bestDistance = d;
            best = i;
          }
        }
      }
    result[t] = best;
  }
  return result;
}

/** Rows of a row-major (points × width) array picked by `indices`; −1 rows are filled with NaN. */
export function pickPointRows(values: Float32Array, width: number, indices: Int32Array): Float32Array {
  const out = new Float32Array(indices.length * width);
  for (let t = 0; t < indices.length; t++) {
    const i = indices[t];
    if (i < 0) out.fill(Number.NaN, t * width, (t + 1) * width);
    else out.set(values.subarray(i * width, (i + 1) * width), t * width);
  }
  return out;
}
