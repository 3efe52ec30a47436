/**
 * Universal Thermal Climate Index (UTCI), °C, from the official polynomial approximation
 * (Bröde et al. 2012, UTCI_approx; coefficients in `utci-coefficients.ts`).
 *
 * Validity (Bröde et al. 2012, §"Operational procedure"): −50 < Ta < 50 °C, −30 < Tmrt − Ta < 70 K,
 * 0.5 ≤ va ≤ 17 m/s (10 m wind). Our choice, applied identically in `utci` and `utciBatch`:
 * - wind speed is CLAMPED to [0.5, 17] m/s, as UTCI_approx itself does (calm and storm hours are
 *   common in weather files and their UTCI is well defined at the limits);
 * - air temperature outside [−50, 50] °C, Tmrt − Ta outside [−30, 70] K, or relative humidity
 *   outside [0, 100] % return NaN (the polynomial extrapolates wildly there; a NaN is visible).
 *
 * Implementation note (speed, not science): for a fixed hour, Ta and the vapour pressure are fixed,
 * so the 210-term polynomial collapses to 28 coefficients of a bivariate polynomial in (va, ΔTmrt).
 * `utciBatch` reduces once per hour and evaluates 28 terms per point; `utci` uses the same path.
 */
import { UTCI_COEFFICIENTS } from './utci-coefficients.ts';

export { UTCI_STRESS_CATEGORIES, utciStressCategory, utciThermalCondition } from './utci-stress.ts';

const ORDER = 6;

/** Exponents (t, v, d, p) of each published coefficient, rebuilt from the published ordering. */
interface Term {
  coefficient: number;
  ta: number;
  va: number;
  dTmrt: number;
  pa: number;
}

function buildTerms(): Term[] {
  const terms: Term[] = [];
  let index = 0;
  for (let pa = 0; pa <= ORDER; pa++)
    for (let dTmrt = 0; dTmrt <= ORDER - pa; dTmrt++)
      for (let va = 0; va <= ORDER - pa - dTmrt; va++)
        for (let ta = 0; ta <= ORDER - pa - dTmrt - va; ta++) terms.push({ coefficient: UTCI_COEFFICIENTS[index++], ta, va, dTmrt, pa });
  if (index !== UTCI_COEFFICIENTS.length) throw new Error('UTCI coefficient table has the wrong length');
  return terms;
}

const TERMS = buildTerms();
/** Offset of the (dTmrt = d) block in a reduced coefficient array; block d holds va^0 … va^(6−d). */
const REDUCED_OFFSET = Array.from({ length: ORDER + 1 }, (_, d) => (d * (2 * ORDER + 3 - d)) / 2);
const REDUCED_LENGTH = ((ORDER + 1) * (ORDER + 2)) / 2; // 28
// Flattened per-term data for the reduction loop.
const TERM_COEFF = Float64Array.from(TERMS, (t) => t.coefficient);
const TERM_TA = Uint8Array.from(TERMS, (t) => t.ta);
const TERM_PA = Uint8Array.from(TERMS, (t) => t.pa);
const TERM_SLOT = Uint8Array.from(TERMS, (t) => REDUCED_OFFSET[t.dTmrt] + t.va);

export const UTCI_LIMITS = {
  airTemperatureMinC: -50,
  airTemperatureMaxC: 50,
  radiantDeltaMinK: -30,
  radiantDeltaMaxK: 70,
  windSpeedMinMs: 0.5,
  windSpeedMaxMs: 17,
} as const;

/**
 * Saturation vapour pressure over water in hPa, as used by UTCI_approx: Hardy (1998), "ITS-90
 * formulations for vapor pressure, frostpoint temperature, dewpoint temperature, and enhancement
 * factors", Eq. 2: ln(es/Pa) = Σ_{i=0..6} g_i·T^(i−2) + 2.7150305·ln(T), T in kelvin.
 * (ln(T) — not ln(1 + T), the slip found in one popular port, which is off by up to 0.17 K.)
 */
export function saturationVapourPressureHpa(temperatureC: number): number {
  const t = temperatureC + 273.15;
  const lnEs =
    -2836.5744 / (t * t) -
    6028.076559 / t +
    19.54263612 -
    0.02737830188 * t +
    0.000016261698 * t * t +
    7.0229056e-10 * t * t * t -
    1.8680009e-13 * t * t * t * t +
    2.7150305 * Math.log(t);
  return Math.exp(lnEs) * 0.01;
}

/** Collapses the polynomial for one (Ta, Pa) into 28 coefficients over (va, ΔTmrt). */
function reduceForHour(airTemperatureC: number, vapourPressureKpa: number, out: Float64Array): void {
  const taPow = [1, 0, 0, 0, 0, 0, 0];
  const paPow = [1, 0, 0, 0, 0, 0, 0];
  for (let i = 1; i <= ORDER; i++) {
    taPow[i] = taPow[i - 1] * airTemperatureC;
    paPow[i] = paPow[i - 1] * vapourPressureKpa;
  }
  out.fill(0);
  for (let i = 0; i < TERM_COEFF.length; i++) out[TERM_SLOT[i]] += TERM_COEFF[i] * taPow[TERM_TA[i]] * paPow[TERM_PA[i]];
}

/**
 * Σ_d ΔTmrt^d · Σ_v K[d][v]·va^v, both sums in Horner form, written out for the 28 slots of
 * `REDUCED_OFFSET` (block d starts at d·(15 − d)/2): straight-line code runs ~2× faster than the
 * loops in the per-point hot path.
 */
function evaluateReduced(k: Float64Array, va: number, dt: number): number {
  const c0 = (((((k[6] * va + k[5]) * va + k[4]) * va + k[3]) * va + k[2]) * va + k[1]) * va + k[0];
  const c1 = ((((k[12] * va + k[11]) * va + k[10]) * va + k[9]) * va + k[8]) * va + k[7];
  const c2 = (((k[17] * va + k[16]) * va + k[15]) * va + k[14]) * va + k[13];
  const c3 = ((k[21] * va + k[20]) * va + k[19]) * va + k[18];
  const c4 = (k[24] * va + k[23]) * va + k[22];
  const c5 = k[26] * va + k[25];
  return (((((k[27] * dt + c5) * dt + c4) * dt + c3) * dt + c2) * dt + c1) * dt + c0;
}

function clampWind(windSpeedMs: number): number {
  return windSpeedMs < UTCI_LIMITS.windSpeedMinMs
    ? UTCI_LIMITS.windSpeedMinMs
    : windSpeedMs > UTCI_LIMITS.windSpeedMaxMs
      ? UTCI_LIMITS.windSpeedMaxMs
      : windSpeedMs;
}

function hourIsValid(airTemperatureC: number, relativeHumidityPct: number): boolean {
  return (
    airTemperatureC >= UTCI_LIMITS.airTemperatureMinC &&
    airTemperatureC <= UTCI_LIMITS.airTemperatureMaxC &&
    relativeHumidityPct >= 0 &&
    relativeHumidityPct <= 100
  );
}

function vapourPressureKpa(airTemperatureC: number, relativeHumidityPct: number): number {
  // hPa → kPa, as UTCI_approx does (Pa = es·RH/100 / 10).
  return (saturationVapourPressureHpa(airTemperatureC) * relativeHumidityPct) / 1000;
}

const scratch = new Float64Array(REDUCED_LENGTH);

/**
 * UTCI in °C. Wind is the 10 m wind speed (clamped to [0.5, 17] m/s); NaN outside the validity
 * range of air temperature, Tmrt − Ta or humidity (see module comment).
 */
export function utci(airTemperatureC: number, meanRadiantTemperatureC: number, windSpeed10mMs: number, relativeHumidityPct: number): number {
  const radiantDeltaK = meanRadiantTemperatureC - airTemperatureC;
  if (!hourIsValid(airTemperatureC, relativeHumidityPct)) return Number.NaN;
  if (!(radiantDeltaK >= UTCI_LIMITS.radiantDeltaMinK && radiantDeltaK <= UTCI_LIMITS.radiantDeltaMaxK)) return Number.NaN;
  if (Number.isNaN(windSpeed10mMs)) return Number.NaN;
  reduceForHour(airTemperatureC, vapourPressureKpa(airTemperatureC, relativeHumidityPct), scratch);
  return airTemperatureC + evaluateReduced(scratch, clampWind(windSpeed10mMs), radiantDeltaK);
}

export interface UtciBatchInput {
  /** Per hour, °C (length = hours). */
  airTemperatureC: Float32Array;
  /** Per hour, % (length = hours). */
  relativeHumidityPct: Float32Array;
  /** Per hour and point, hour-major (length = hours × points), °C. */
  meanRadiantTemperatureC: Float32Array;
  /** 10 m wind, m/s: either per hour and point (hours × points) or per hour (hours). */
  windSpeed10mMs: Float32Array;
  /** Optional output buffer of length hours × points. */
  out?: Float32Array;
}

/**
 * UTCI for many points over many hours (hour-major: index = hour × points + point). Gives the same
 * numbers as `utci` (to float32 rounding) with one polynomial reduction per hour instead of per
 * point, which is what makes 8,760 hours × 10,000 points affordable.
 */
export function utciBatch(input: UtciBatchInput): Float32Array {
  const hours = input.airTemperatureC.length;
  if (input.relativeHumidityPct.length !== hours) throw new RangeError('utciBatch: relativeHumidityPct must have one value per hour');
  const total = input.meanRadiantTemperatureC.length;
  if (hours === 0) return input.out ?? new Float32Array(0);
  if (total % hours !== 0) throw new RangeError('utciBatch: meanRadiantTemperatureC length must be hours × points');
  const points = total / hours;
  const windPerPoint = input.windSpeed10mMs.length === total;
  if (!windPerPoint && input.windSpeed10mMs.length !== hours) throw new RangeError('utciBatch: windSpeed10mMs must be hours × points or hours long');
  const out = input.out ?? new Float32Array(total);
  if (out.length !== total) throw new RangeError('utciBatch: out has the wrong length');

  const k = new Float64Array(REDUCED_LENGTH);
  const mrt = input.meanRadiantTemperatureC;
  const wind = input.windSpeed10mMs;
  for (let h = 0; h < hours; h++) {
    const ta = input.airTemperatureC[h];
    const rh = input.relativeHumidityPct[h];
    const base = h * points;
    if (!hourIsValid(ta, rh)) {
      out.fill(Number.NaN, base, base + points);
      continue;
    }
    reduceForHour(ta, vapourPressureKpa(ta, rh), k);
    const hourWind = windPerPoint ? 0 : clampWind(wind[h]);
    for (let p = 0; p < points; p++) {
      const i = base + p;
      const dTmrt = mrt[i] - ta;
      const va = windPerPoint ? clampWind(wind[i]) : hourWind;
      out[i] = dTmrt >= -30 && dTmrt <= 70 && !Number.isNaN(va) ? ta + evaluateReduced(k, va, dTmrt) : Number.NaN;
    }
  }
  return out;
}
