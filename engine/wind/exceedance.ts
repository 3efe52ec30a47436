/**
 * Exceedance probabilities of pedestrian wind speed from per-direction speed-up ratios and hourly
 * met wind — Method A ("hourly counting") of docs/reference/DOMAIN.md §2, the statistical step of the
 * usual wind-tunnel/CFD comfort workflow (e.g. Blocken & Persoon 2009, "Pedestrian wind comfort
 * around a large football stadium in an urban environment: CFD simulation, validation and
 * application of the new Dutch wind nuisance standard", JWEIA 97:255–270):
 *
 *   U(p, h) = γ(p, i(h)) · C · U_met(h),   P(p, U_thr) = #{h : U(p, h) > U_thr} / #hours,
 *
 * with i(h) the nearest simulated direction and C (`speedFactor`) the met-to-reference factor.
 * Hour rules (mask, calm, missing data) are in hours.ts.
 */
import { classifyHours } from './hours.ts';

export interface ExceedanceInput {
  /** γ, points × directions, row-major. Must be ≥ 0 (NaN = no data: never exceeds). */
  speedRatios: ArrayLike<number>;
  /** Simulated wind directions, degrees from north (where the wind comes from). */
  directionsDeg: ArrayLike<number>;
  /** Hourly met direction, degrees from north. */
  windDirectionDeg: ArrayLike<number>;
  /** Hourly met speed, m/s. */
  windSpeedMs: ArrayLike<number>;
  /** Thresholds, m/s, ≥ 0, any order. */
  thresholdsMs: ArrayLike<number>;
  /** Non-zero = hour counted. All hours when absent. */
  hourMask?: ArrayLike<number>;
  /** C: multiplies every ratio (met station → simulation reference). Default 1. */
  speedFactor?: number;
}

export interface CheckedInput {
  points: number;
  directions: number;
  speedFactor: number;
}

/** Shape and range checks shared by every method; returns the sizes. */
export function checkExceedanceInput(input: ExceedanceInput): CheckedInput {
  const { speedRatios, directionsDeg, windDirectionDeg, windSpeedMs, thresholdsMs, hourMask } = input;
  const speedFactor = input.speedFactor ?? 1;
  const directions = directionsDeg.length;
  if (directions === 0) throw new RangeError('exceedance: at least one simulated direction is needed');
  for (let i = 0; i < directions; i++) {
    if (!Number.isFinite(directionsDeg[i])) throw new RangeError(`exceedance: direction ${i} is not a number`);
  }
  if (speedRatios.length % directions !== 0) {
    throw new RangeError(`exceedance: ${speedRatios.length} speed ratios is not a whole number of points × ${directions} directions`);
  }
  if (windDirectionDeg.length !== windSpeedMs.length) {
    throw new RangeError(`exceedance: ${windDirectionDeg.length} hourly directions but ${windSpeedMs.length} hourly speeds`);
  }
  if (hourMask && hourMask.length !== windSpeedMs.length) {
    throw new RangeError(`exceedance: hour mask has ${hourMask.length} entries for ${windSpeedMs.length} hours`);
  }
  for (let t = 0; t < thresholdsMs.length; t++) {
    if (!(thresholdsMs[t] >= 0) || thresholdsMs[t] === Infinity) {
      throw new RangeError(`exceedance: threshold ${thresholdsMs[t]} must be a finite speed ≥ 0`);
    }
  }
  if (!(speedFactor > 0) || speedFactor === Infinity) throw new RangeError(`exceedance: speedFactor ${speedFactor} must be positive`);
  // The fast method relies on γ·C·U growing with U; a negative ratio would reverse it.
  for (let k = 0; k < speedRatios.length; k++) {
    if (speedRatios[k] < 0) throw new RangeError(`exceedance: speed ratio ${k} is negative (${speedRatios[k]})`);
  }
  return { points: speedRatios.length / directions, directions, speedFactor };
}

/**
 * The reference loop: every point, every counted hour, every threshold. Kept for tests and the
 * benchmark; the product is written exactly as in the definition so the fast method can be
 * checked for identical counts.
 */
export function exceedanceProbabilitiesBruteForce(input: ExceedanceInput): Float64Array {
  const { points, directions, speedFactor } = checkExceedanceInput(input);
  const { speedRatios, windSpeedMs, thresholdsMs } = input;
  const { direction, countedHours } = classifyHours(input.windDirectionDeg, windSpeedMs, input.directionsDeg, input.hourMask);
  const thresholds = thresholdsMs.length;
  const result = new Float64Array(points * thresholds);
  const counts = new Float64Array(thresholds);
  for (let p = 0; p < points; p++) {
    counts.fill(0);
    for (let h = 0; h < direction.length; h++) {
      const i = direction[h];
      if (i < 0) continue; // calm (never exceeds a threshold ≥ 0) or not counted
      const speed = speedRatios[p * directions + i] * speedFactor * windSpeedMs[h];
      for (let t = 0; t < thresholds; t++) if (speed > thresholdsMs[t]) counts[t]++;
    }
    for (let t = 0; t < thresholds; t++) result[p * thresholds + t] = counts[t] / countedHours;
  }
  return result;
}

/** Each direction's counted windy met speeds, sorted ascending, packed in one array. */
export interface SortedSpeeds {
  speedsMs: Float64Array;
  /** Direction i's speeds are speedsMs[offsets[i] … offsets[i + 1]). */
  offsets: Int32Array;
  countedHours: number;
}

export function sortSpeedsByDirection(input: ExceedanceInput, directions: number): SortedSpeeds {
  const { direction, countedHours } = classifyHours(input.windDirectionDeg, input.windSpeedMs, input.directionsDeg, input.hourMask);
  const offsets = new Int32Array(directions + 1);
  for (let h = 0; h < direction.length; h++) if (direction[h] >= 0) offsets[direction[h] + 1]++;
  for (let i = 0; i < directions; i++) offsets[i + 1] += offsets[i];
  const speedsMs = new Float64Array(offsets[directions]);
  const fill = offsets.slice(0, directions);
  for (let h = 0; h < direction.length; h++) {
    const i = direction[h];
    if (i >= 0) speedsMs[fill[i]++] = input.windSpeedMs[h];
  }
  for (let i = 0; i < directions; i++) speedsMs.subarray(offsets[i], offsets[i + 1]).sort();
  return { speedsMs, offsets, countedHours };
}

/**
 * The fast form of the same count (DOMAIN.md §2): per direction the met speeds are sorted once;
 * each (point, direction, threshold) is then a binary search. The search tests the very product
 * the definition uses, g·U with g = γ·C computed once per (point, direction) — as the reference
 * loop does, (γ·C)·U — and since rounding is monotone, g·U is non-decreasing along the sorted
 * speeds. So "strictly greater" gives identical counts, floating-point ties included, which
 * dividing the threshold by g could not promise.
 */
export function exceedanceProbabilities(input: ExceedanceInput): Float64Array {
  const { points, directions, speedFactor } = checkExceedanceInput(input);
  const { speedRatios, thresholdsMs } = input;
  const { speedsMs, offsets, countedHours } = sortSpeedsByDirection(input, directions);
  const thresholds = thresholdsMs.length;
  // Ascending threshold order lets each search start where the previous one ended.
  const order = Array.from({ length: thresholds }, (_, t) => t).sort((a, b) => thresholdsMs[a] - thresholdsMs[b]);
  const sortedThresholds = Float64Array.from(order, (t) => thresholdsMs[t]);
  const counts = new Float64Array(thresholds);
  const result = new Float64Array(points * thresholds);

  for (let p = 0; p < points; p++) {
    counts.fill(0);
    for (let i = 0; i < directions; i++) {
      const g = speedRatios[p * directions + i] * speedFactor;
      const end = offsets[i + 1];
      let low = offsets[i];
      // g = 0 or NaN never exceeds; an empty direction has nothing to count.
      if (!(g > 0) || low === end) continue;
      const highest = g * speedsMs[end - 1];
      for (let t = 0; t < thresholds; t++) {
        const threshold = sortedThresholds[t];
        if (!(highest > threshold)) break; // nor will any higher threshold
        // First index in [low, end) whose product exceeds the threshold.
        let high = end - 1;
        while (low < high) {
          const mid = (low + high) >>> 1;
          if (g * speedsMs[mid] > threshold) high = mid;
          else low = mid + 1;
        }
        counts[t] += end - low;
      }
    }
    for (let t = 0; t < thresholds; t++) result[p * thresholds + order[t]] = counts[t] / countedHours;
  }
  return result;
}
