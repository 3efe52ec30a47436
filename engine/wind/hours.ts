/**
 * Which simulated direction stands for each met hour, and which hours count at all — the shared
 * rules of every comfort method (docs/reference/DOMAIN.md §2, Method A):
 * - the nearest simulated direction, measured around the circle (ties go to the lower index);
 * - an hour outside the hour mask is not counted;
 * - a calm hour (met speed exactly 0) is counted and never exceeds a threshold ≥ 0;
 * - an hour with missing met data (speed NaN, infinite or negative, or no direction while the wind
 *   blows) is left out of numerator and denominator alike, so gaps do not read as calm.
 */

/** Smallest angle between two directions, degrees in [0, 180]. */
export function circularDistanceDeg(aDeg: number, bDeg: number): number {
  const d = Math.abs(aDeg - bDeg) % 360;
  return d > 180 ? 360 - d : d;
}

/** Index of the simulated direction nearest to `directionDeg` (first one on a tie). */
export function nearestDirectionIndex(directionDeg: number, directionsDeg: ArrayLike<number>): number {
  let best = 0;
  let bestDistance = Infinity;
  for (let i = 0; i < directionsDeg.length; i++) {
    const distance = circularDistanceDeg(directionDeg, directionsDeg[i]);
    if (distance < bestDistance) {
      best = i;
      bestDistance = distance;
    }
  }
  return best;
}

/** What `classifyHours` says about an hour that is not a windy, counted hour. */
export const HOUR_CALM = -1;
export const HOUR_SKIPPED = -2;

export interface HourSelection {
  /** Per hour: nearest direction index (≥ 0), HOUR_CALM, or HOUR_SKIPPED. */
  direction: Int32Array;
  /** Counted hours (windy + calm): the denominator of every exceedance probability. */
  countedHours: number;
}

/** Applies the rules above to every hour once. */
export function classifyHours(
  windDirectionDeg: ArrayLike<number>,
  windSpeedMs: ArrayLike<number>,
  directionsDeg: ArrayLike<number>,
  hourMask?: ArrayLike<number>,
): HourSelection {
  const direction = new Int32Array(windSpeedMs.length);
  let countedHours = 0;
  for (let h = 0; h < windSpeedMs.length; h++) {
    const speed = windSpeedMs[h];
    if (hourMask && hourMask[h] === 0) {
      direction[h] = HOUR_SKIPPED;
    } else if (speed === 0) {
      direction[h] = HOUR_CALM;
      countedHours++;
    } else if (!(speed > 0) || speed === Infinity || !Number.isFinite(windDirectionDeg[h])) {
      direction[h] = HOUR_SKIPPED;
    } else {
      direction[h] = nearestDirectionIndex(windDirectionDeg[h], directionsDeg);
      countedHours++;
    }
  }
  return { direction, countedHours };
}
