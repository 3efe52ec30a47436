/**
 * A point's hourly story: the weather year replayed at one point of a wind result, from its stored
 * per-direction speed-up ratios — the same steps as the comfort post-processing (DOMAIN.md §2,
 * Method A, hourly counting), kept per hour instead of summed:
 * - the pedestrian speed of each hour, U(h) = (γ(i(h))·C)·U_met(h), and the speed the criterion
 *   judges (max(mean, GEM) ratios where the results have them);
 * - the exceedance curve: hours of the year whose judged speed is above each speed, by
 *   `exceedanceProbabilities` itself, so it agrees with the stored maps hour for hour;
 * - the comfort class per season × time window by `classifyComfort`, with each threshold's share;
 * - a wind rose of the point's own speeds by met direction (`windRose`);
 * - UTCI per hour where the weather has air temperature and humidity, with the point's wind in the
 *   UTCI convention of site-wind.ts (10 m wind = 1.5 × pedestrian) and the mean radiant temperature
 *   taken equal to the air temperature (shade, surroundings at air temperature: the base term of
 *   thermal-hours.ts, without the point's sky view and sun, which need the geometry);
 * - sunshine per hour where the weather has direct normal irradiance: the WMO definition of
 *   sunshine duration, DNI ≥ 120 W/m² (WMO-No. 8, "Guide to Instruments and Methods of
 *   Observation", 2018, Vol. I ch. 8), at the site, not shaded by the buildings.
 * Pure; the browser's worker and the benchmark run the same function.
 */
import { classifyComfort, exceedanceProbabilities, NO_CLASS } from '../wind/comfort.ts';
import { comfortThresholdsMs, type Criterion } from '../wind/criteria.ts';
import { classifyHours } from '../wind/hours.ts';
import { windRose, type WindRose } from '../weather/wind-rose.ts';
import { utciBatch, utciThermalCondition } from '../thermal/utci.ts';
import { hourDirections, pointWind10mMs } from './site-wind.ts';
import { periodMask, type AnalysisPeriod } from './periods.ts';

/** WMO sunshine threshold on direct normal irradiance, W/m². */
export const SUNSHINE_DNI_WM2 = 120;

export interface PointStoryInput {
  /** γ of this point, one per simulated direction. */
  speedRatios: ArrayLike<number>;
  /** max(mean, GEM) ratios of this point, when the results have them. */
  gemSpeedRatios?: ArrayLike<number>;
  directionsDeg: readonly number[];
  /** The typical year's hourly met wind. */
  windDirectionDeg: ArrayLike<number>;
  windSpeedMs: ArrayLike<number>;
  /** C: met station → the ratios' reference speed. */
  speedFactor: number;
  criterion: Criterion;
  /** Seasons × time windows to classify (masks on the typical-year calendar). */
  periods: readonly AnalysisPeriod[];
  airTemperatureC?: ArrayLike<number>;
  relativeHumidityPct?: ArrayLike<number>;
  directNormalWm2?: ArrayLike<number>;
  /** Spacing of the exceedance curve's speeds, m/s. Default 0.5. */
  curveStepMs?: number;
}

export interface PeriodComfort {
  period: AnalysisPeriod;
  /** Index into criterion.classes, or null without counted hours. */
  classIndex: number | null;
  classLabel: string | null;
  /** One per threshold of `comfortThresholdsMs(criterion)`: share of the counted hours above it. */
  exceedances: Array<{ thresholdMs: number; share: number }>;
  countedHours: number;
  /** % of the period's hours with a valid UTCI that are comfortable (9 < UTCI ≤ 26 °C). */
  utciComfortablePct: number | null;
  /** Hours of sunshine in the period. */
  sunshineHours: number | null;
}

export interface PointStory {
  /** Pedestrian mean speed per hour, m/s (0 calm, NaN missing weather). */
  speedMs: Float32Array;
  /** The speed the criterion judges, per hour. */
  comfortSpeedMs: Float32Array;
  /** Whether max(mean, GEM) ratios were used for the judged speed. */
  gemUsed: boolean;
  /** UTCI per hour, °C (NaN outside its validity), when temperature and humidity are known. */
  utciC: Float32Array | null;
  /** 1 where the hour is sunny by the WMO threshold, when DNI is known. */
  sunshine: Uint8Array | null;
  /** Hours above each speed of the judged speed over the year. */
  exceedanceCurve: { speedsMs: number[]; hoursAbove: number[]; countedHours: number };
  thresholdsMs: number[];
  periods: PeriodComfort[];
  rose: WindRose;
}

function judgedRatios(input: PointStoryInput): { ratios: ArrayLike<number>; gemUsed: boolean } {
  const gemUsed = input.criterion.speedType === 'maxMeanGem' && input.gemSpeedRatios?.length === input.directionsDeg.length;
  return { ratios: gemUsed ? input.gemSpeedRatios! : input.speedRatios, gemUsed };
}

/** U(h) = (γ(i(h))·C)·U_met(h), written as the exceedance count writes it so both agree. */
function hourlySpeeds(ratios: ArrayLike<number>, direction: Int32Array, input: PointStoryInput): Float32Array {
  const out = new Float32Array(direction.length);
  for (let h = 0; h < direction.length; h++) {
    const i = direction[h];
    if (i >= 0) out[h] = ratios[i] * input.speedFactor * input.windSpeedMs[h];
    else out[h] = input.windSpeedMs[h] === 0 ? 0 : Number.NaN;
  }
  return out;
}

export function pointStory(input: PointStoryInput): PointStory {
  const directions = input.directionsDeg.length;
  if (input.speedRatios.length !== directions) {
    throw new RangeError(`point story: ${input.speedRatios.length} speed ratios for ${directions} directions`);
  }
  const hours = input.windSpeedMs.length;
  const { ratios, gemUsed } = judgedRatios(input);
  const { direction, countedHours } = classifyHours(input.windDirectionDeg, input.windSpeedMs, input.directionsDeg);
  const speedMs = hourlySpeeds(input.speedRatios, direction, input);
  const comfortSpeedMs = gemUsed ? hourlySpeeds(ratios, direction, input) : speedMs;
  const base = {
    speedRatios: ratios,
    directionsDeg: input.directionsDeg,
    windDirectionDeg: input.windDirectionDeg,
    windSpeedMs: input.windSpeedMs,
    speedFactor: input.speedFactor,
  };

  // The curve runs from 0 to the first step above the year's highest judged speed.
  const step = input.curveStepMs ?? 0.5;
  let highest = 0;
  for (let h = 0; h < hours; h++) if (comfortSpeedMs[h] > highest) highest = comfortSpeedMs[h];
  const steps = Math.ceil(highest / step) + 1;
  const speedsMs = Array.from({ length: steps + 1 }, (_, k) => Math.round(k * step * 1000) / 1000);
  const curveShares = exceedanceProbabilities({ ...base, thresholdsMs: speedsMs });
  const hoursAbove = Array.from(curveShares, (share) => Math.round(share * countedHours));

  let utciC: Float32Array | null = null;
  if (input.airTemperatureC && input.relativeHumidityPct) {
    const ta = Float32Array.from(input.airTemperatureC);
    const wind = { speedRatios: Float32Array.from(input.speedRatios), directionsDeg: [...input.directionsDeg], speedFactor: input.speedFactor };
    const byHour = hourDirections(input.windDirectionDeg, input.windSpeedMs, input.directionsDeg);
    const wind10 = Float32Array.from({ length: hours }, (_, h) => pointWind10mMs(wind, 0, byHour[h], input.windSpeedMs[h], Number.NaN));
    utciC = utciBatch({
      airTemperatureC: ta,
      relativeHumidityPct: Float32Array.from(input.relativeHumidityPct),
      meanRadiantTemperatureC: ta,
      windSpeed10mMs: wind10,
    });
  }
  const dni = input.directNormalWm2;
  const sunshine = dni ? Uint8Array.from({ length: hours }, (_, h) => (dni[h] >= SUNSHINE_DNI_WM2 ? 1 : 0)) : null;

  const thresholdsMs = comfortThresholdsMs(input.criterion);
  const periods = input.periods.map((period): PeriodComfort => {
    const mask = periodMask(period);
    const shares = exceedanceProbabilities({ ...base, thresholdsMs, hourMask: mask });
    const { classIndex } = classifyComfort(shares, input.criterion, thresholdsMs);
    const counted = classifyHours(input.windDirectionDeg, input.windSpeedMs, input.directionsDeg, mask).countedHours;
    const c = classIndex[0] === NO_CLASS ? null : classIndex[0];
    let utciValid = 0;
    let utciComfortable = 0;
    let sunny = 0;
    for (let h = 0; h < hours; h++) {
      if (!mask[h]) continue;
      if (utciC && !Number.isNaN(utciC[h])) {
        utciValid++;
        if (utciThermalCondition(utciC[h]) === 0) utciComfortable++;
      }
      if (sunshine) sunny += sunshine[h];
    }
    return {
      period,
      classIndex: c,
      classLabel: c === null ? null : input.criterion.classes[c].label,
      exceedances: thresholdsMs.map((thresholdMs, t) => ({ thresholdMs, share: shares[t] })),
      countedHours: counted,
      utciComfortablePct: utciC && utciValid > 0 ? (100 * utciComfortable) / utciValid : null,
      sunshineHours: sunshine ? sunny : null,
    };
  });

  return {
    speedMs,
    comfortSpeedMs,
    gemUsed,
    utciC,
    sunshine,
    exceedanceCurve: { speedsMs, hoursAbove, countedHours },
    thresholdsMs,
    periods,
    rose: windRose(input.windDirectionDeg, speedMs),
  };
}
