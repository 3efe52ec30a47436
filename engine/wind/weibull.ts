/**
 * Method B of docs/reference/DOMAIN.md §2: exceedance from a Weibull distribution per direction sector,
 *
 *   P(p, U_thr) = Σ_i p_i · exp(−(U_thr / (γ(p,i)·C·c_i))^k_i),
 *
 * the classic wind-engineering form (e.g. Verkaik 2000, "Evaluation of two gustiness models for
 * exposure correction calculations", J. Appl. Meteor. 39; the NEN 8100 statistics; Blocken &
 * Persoon 2009). Sectors are the simulated directions (nearest-direction rule of hours.ts); p_i is
 * the sector's share of the counted hours, so calm hours lower every p_i and never exceed.
 */
import { checkExceedanceInput, type ExceedanceInput } from './exceedance.ts';
import { classifyHours } from './hours.ts';

export interface WeibullFit {
  /** Shape k (dimensionless). */
  shape: number;
  /** Scale c, m/s. */
  scaleMs: number;
  /** Number of positive speeds fitted. */
  count: number;
}

const MIN_SHAPE = 0.05;
const MAX_SHAPE = 50;

/**
 * Maximum-likelihood Weibull fit to the positive, finite speeds (zeros are calms, handled apart).
 * k solves Σx^k·ln x / Σx^k − 1/k − mean(ln x) = 0 and c = (mean x^k)^(1/k) (Cohen 1965,
 * "Maximum likelihood estimation in the Weibull distribution based on complete and on censored
 * samples", Technometrics 7:579–588). The left side increases with k, so a safeguarded Newton
 * iteration inside a bracket converges. Speeds are divided by their maximum first, which leaves
 * the equation unchanged and keeps x^k from overflowing. Identical speeds have no finite MLE; k
 * is then clamped to 50 (a near-step distribution at that speed).
 */
export function fitWeibull(speedsMs: ArrayLike<number>): WeibullFit {
  const values: number[] = [];
  let maxMs = 0;
  for (let i = 0; i < speedsMs.length; i++) {
    const v = speedsMs[i];
    if (v > 0 && v < Infinity) {
      values.push(v);
      if (v > maxMs) maxMs = v;
    }
  }
  const n = values.length;
  if (n === 0) return { shape: Number.NaN, scaleMs: Number.NaN, count: 0 };
  const logs = values.map((v) => Math.log(v / maxMs));
  const meanLog = logs.reduce((a, b) => a + b, 0) / n;

  // f(k) and f'(k) of the likelihood equation, on speeds scaled to (0, 1].
  const evaluate = (k: number): { f: number; df: number; meanPower: number } => {
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    for (const l of logs) {
      const y = Math.exp(k * l);
      s0 += y;
      s1 += y * l;
      s2 += y * l * l;
    }
    const ratio = s1 / s0;
    return { f: ratio - 1 / k - meanLog, df: s2 / s0 - ratio * ratio + 1 / (k * k), meanPower: s0 / n };
  };

  let low = MIN_SHAPE;
  let high = MAX_SHAPE;
  let shape: number;
  if (evaluate(high).f <= 0) {
    shape = high;
  } else if (evaluate(low).f >= 0) {
    shape = low;
  } else {
    shape = 2; // typical of wind speeds (Justus et al. 1978, J. Appl. Meteor. 17:350–353)
    for (let iteration = 0; iteration < 100; iteration++) {
      const { f, df } = evaluate(shape);
      if (f > 0) high = shape;
      else low = shape;
      let next = shape - f / df;
      if (!(next > low && next < high)) next = (low + high) / 2;
      if (Math.abs(next - shape) <= 1e-12 * shape) {
        shape = next;
        break;
      }
      shape = next;
    }
  }
  const scaleMs = maxMs * Math.pow(evaluate(shape).meanPower, 1 / shape);
  return { shape, scaleMs, count: n };
}

export interface SectorWeibulls {
  /** p_i: share of the counted hours that are windy hours of sector i. */
  probability: Float64Array;
  shape: Float64Array;
  scaleMs: Float64Array;
  /** Windy hours per sector. */
  counts: Int32Array;
  countedHours: number;
  /** The sector's speeds, kept for sectors too small to fit (fewer than MIN_FIT_HOURS hours). */
  smallSectorSpeedsMs: (Float64Array | null)[];
}

/** Sectors with fewer hours than this are counted directly instead of fitted. */
export const MIN_FIT_HOURS = 10;

export function fitSectorWeibulls(input: ExceedanceInput): SectorWeibulls {
  const { directions } = checkExceedanceInput(input);
  const { direction, countedHours } = classifyHours(input.windDirectionDeg, input.windSpeedMs, input.directionsDeg, input.hourMask);
  const bySector: number[][] = Array.from({ length: directions }, () => []);
  for (let h = 0; h < direction.length; h++) if (direction[h] >= 0) bySector[direction[h]].push(input.windSpeedMs[h]);
  const result: SectorWeibulls = {
    probability: new Float64Array(directions),
    shape: new Float64Array(directions),
    scaleMs: new Float64Array(directions),
    counts: new Int32Array(directions),
    countedHours,
    smallSectorSpeedsMs: [],
  };
  for (let i = 0; i < directions; i++) {
    const speeds = bySector[i];
    const fit = fitWeibull(speeds);
    result.counts[i] = speeds.length;
    result.probability[i] = speeds.length / countedHours;
    result.shape[i] = fit.shape;
    result.scaleMs[i] = fit.scaleMs;
    result.smallSectorSpeedsMs.push(speeds.length < MIN_FIT_HOURS ? Float64Array.from(speeds) : null);
  }
  return result;
}

/** Method B exceedance, points × thresholds row-major, same input and layout as Method A. */
export function weibullExceedance(input: ExceedanceInput): Float64Array {
  const { points, directions, speedFactor } = checkExceedanceInput(input);
  const sectors = fitSectorWeibulls(input);
  const { speedRatios, thresholdsMs } = input;
  const thresholds = thresholdsMs.length;
  const result = new Float64Array(points * thresholds);
  if (sectors.countedHours === 0) return result.fill(Number.NaN); // as Method A: 0/0, no data
  for (let p = 0; p < points; p++) {
    for (let t = 0; t < thresholds; t++) {
      let probability = 0;
      for (let i = 0; i < directions; i++) {
        const g = speedRatios[p * directions + i] * speedFactor;
        if (!(g > 0) || sectors.counts[i] === 0) continue;
        const small = sectors.smallSectorSpeedsMs[i];
        if (small) {
          // Too few hours to fit: count them as Method A does.
          let over = 0;
          for (const speed of small) if (g * speed > thresholdsMs[t]) over++;
          probability += over / sectors.countedHours;
        } else {
          probability += sectors.probability[i] * Math.exp(-Math.pow(thresholdsMs[t] / (g * sectors.scaleMs[i]), sectors.shape[i]));
        }
      }
      result[p * thresholds + t] = probability;
    }
  }
  return result;
}
