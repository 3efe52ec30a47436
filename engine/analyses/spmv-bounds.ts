/**
 * SPMV* "% acceptable" without running the two-node model for every point and hour.
 *
 * An hour is acceptable at a point when |SPMV*| ≤ 0.5 (engine/thermal/set.ts). Within one hour the
 * air temperature, humidity, pressure, clothing and activity are the same everywhere; only the mean
 * radiant temperature and the air speed differ between points. SPMV* rises monotonically with MRT
 * (more radiant heat → warmer SET → warmer standard vote), so for each hour and air speed the
 * acceptable points are exactly those whose MRT lies in one interval [lo, hi]. We find that interval by
 * bisection (≈ 24 two-node runs per hour instead of one per point) and compare each point's MRT with it.
 *
 * Air speed: with one wind per hour (met wind moved to the site) the interval is exact for that speed.
 * With per-point wind (wind results) speeds are snapped to the nearest of `SPMV_AIR_SPEED_BINS_MS`
 * (ratio ≤ 1.25 between neighbours), a stated approximation.
 */
import { spmvStar, SPMV_ACCEPTABLE_HALF_WIDTH } from '../thermal/set.ts';
import type { SolarCalPosture } from '../solar/mrt.ts';
import type { ThermalHours } from './thermal-hours.ts';

/** Pedestrian air speeds (m/s) at which intervals are computed when wind differs between points. */
export const SPMV_AIR_SPEED_BINS_MS: readonly number[] = [
  0.1, 0.15, 0.2, 0.25, 0.3, 0.4, 0.5, 0.6, 0.75, 0.9, 1.1, 1.4, 1.75, 2.2, 2.75, 3.4, 4.25, 5.3, 6.6, 8.2, 10,
];

/** SET's model needs some air movement: ASHRAE 55's still-air floor. */
export const MIN_AIR_SPEED_MS = 0.1;

/** UTCI's validity range of MRT − T_air also bounds the search (−30 … +70 K). */
const SEARCH_BELOW_K = 30;
const SEARCH_ABOVE_K = 70;
const TOLERANCE_K = 0.1;

export interface SpmvBoundsInput {
  hours: Pick<ThermalHours, 'airTemperatureC' | 'relativeHumidityPct' | 'pressurePa' | 'clothingClo'>;
  metabolicRateMet: number;
  posture: SolarCalPosture;
  /** Hours [start, end) of the typical year to compute. */
  start: number;
  end: number;
  /** Only hours with a non-zero entry are computed (others are NaN). */
  hourMask: Uint8Array;
  /** One air speed per hour (uniform wind), or fixed bins (per-point wind). */
  airSpeed: { perHourMs: Float32Array } | { binsMs: readonly number[] };
}

/** [lo, hi] per (hour, bin), hour-major: bounds[((h − start)·bins + b)·2 + 0|1]; NaN = not computed. */
export interface SpmvBounds {
  start: number;
  bins: number;
  bounds: Float32Array;
}

/** Smallest x in [a, b] with rising f(x) ≥ target, to TOLERANCE_K (f(a) < target ≤ f(b)). */
function bisect(f: (x: number) => number, a: number, b: number, target: number): number {
  let low = a;
  let high = b;
  while (high - low > TOLERANCE_K) {
    const mid = (low + high) / 2;
    const value = f(mid);
    if (Number.isNaN(value)) return Number.NaN;
    if (value >= target) high = mid;
    else low = mid;
  }
  return (low + high) / 2;
}

/** The MRT interval where |SPMV*| ≤ 0.5 for one hour and air speed; [+∞, −∞] when there is none. */
export function acceptableMrtInterval(spmvOfMrt: (mrtC: number) => number, airTemperatureC: number): [number, number] {
  const a = airTemperatureC - SEARCH_BELOW_K;
  const b = airTemperatureC + SEARCH_ABOVE_K;
  const fa = spmvOfMrt(a);
  const fb = spmvOfMrt(b);
  if (Number.isNaN(fa) || Number.isNaN(fb)) return [Number.NaN, Number.NaN];
  const half = SPMV_ACCEPTABLE_HALF_WIDTH;
  if (fb < -half || fa > half) return [Infinity, -Infinity];
  const lo = fa >= -half ? -Infinity : bisect(spmvOfMrt, a, b, -half);
  // Largest x with f(x) ≤ half: just below the smallest x with f(x) > half.
  const hi = fb <= half ? Infinity : bisect(spmvOfMrt, a, b, half + 1e-9);
  return [lo, hi];
}

export function spmvBounds(input: SpmvBoundsInput): SpmvBounds {
  const { hours, start, end } = input;
  const perHour = 'perHourMs' in input.airSpeed ? input.airSpeed.perHourMs : undefined;
  const binSpeeds = 'binsMs' in input.airSpeed ? input.airSpeed.binsMs : [0];
  const bins = binSpeeds.length;
  const bounds = new Float32Array((end - start) * bins * 2).fill(Number.NaN);
  for (let h = start; h < end; h++) {
    if (!input.hourMask[h]) continue;
    const ta = hours.airTemperatureC[h];
    const rh = hours.relativeHumidityPct[h];
    if (!Number.isFinite(ta) || !Number.isFinite(rh)) continue;
    const pressure = hours.pressurePa[h];
    for (let b = 0; b < bins; b++) {
      const speed = Math.max(MIN_AIR_SPEED_MS, perHour ? perHour[h] : binSpeeds[b]);
      if (!Number.isFinite(speed)) continue;
      const f = (mrt: number) =>
        spmvStar({
          airTemperatureC: ta,
          meanRadiantTemperatureC: mrt,
          airSpeedMs: speed,
          relativeHumidityPct: rh,
          metabolicRateMet: input.metabolicRateMet,
          clothingClo: hours.clothingClo[h],
          posture: input.posture,
          ...(Number.isFinite(pressure) ? { atmosphericPressurePa: pressure } : {}),
        });
      const [lo, hi] = acceptableMrtInterval(f, ta);
      const k = ((h - start) * bins + b) * 2;
      bounds[k] = lo;
      bounds[k + 1] = hi;
    }
  }
  return { start, bins, bounds };
}

/**
 * A function giving the index of the bin nearest to a speed on a log scale (bins ascending): the
 * edges between neighbours are their geometric means, found by binary search (no logarithms in the
 * per-point loop).
 */
export function speedBinLocator(binsMs: readonly number[]): (speedMs: number) => number {
  const edges = binsMs.slice(1).map((b, i) => Math.sqrt(b * binsMs[i]));
  return (speedMs) => {
    let low = 0;
    let high = edges.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (speedMs > edges[mid]) low = mid + 1;
      else high = mid;
    }
    return low;
  };
}
