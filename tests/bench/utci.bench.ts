/**
 * UTCI over a year × a point grid: `utciBatch` (one polynomial reduction per hour, 28 terms per
 * point) over 8,760 hours × 10,000 points from the Chicago weather file, in chunks of points as a
 * worker would run it, against the scalar `utci` called in a loop on a subset scaled up.
 * Prints evaluations per second and the ratio; checks both paths give the same numbers.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseEpw } from '@canopy/engine/weather/epw.ts';
import { utci, utciBatch } from '@canopy/engine/thermal/utci.ts';
import { report } from './harness.ts';

const POINTS = 10_000;
const CHUNK_POINTS = 1_000;

export default async function utciBench(): Promise<void> {
  const epw = parseEpw(readFileSync(new URL('../fixtures/chicago.epw', import.meta.url), 'utf8'));
  const hours = epw.hours;
  const airTemperatureC = Float32Array.from(epw.dryBulbC);
  const relativeHumidityPct = Float32Array.from(epw.relativeHumidityPct);

  // Synthetic but plausible per-point inputs: Tmrt from −5 to +25 K around the air temperature
  // (shade to full sun) and wind at 20–120 % of the station wind (sheltered to channelled).
  const mrtOffset = Float32Array.from({ length: POINTS }, (_, p) => -5 + (30 * ((p * 7919) % POINTS)) / POINTS);
  const windFactor = Float32Array.from({ length: POINTS }, (_, p) => 0.2 + (1.0 * ((p * 104729) % POINTS)) / POINTS);
  const fillChunk = (firstPoint: number, count: number, mrt: Float32Array, wind: Float32Array): void => {
    for (let h = 0; h < hours; h++) {
      const base = h * count;
      for (let p = 0; p < count; p++) {
        mrt[base + p] = airTemperatureC[h] + mrtOffset[firstPoint + p];
        wind[base + p] = epw.windSpeedMs[h] * windFactor[firstPoint + p];
      }
    }
  };

  const mrt = new Float32Array(hours * CHUNK_POINTS);
  const wind = new Float32Array(hours * CHUNK_POINTS);
  const out = new Float32Array(hours * CHUNK_POINTS);
  let batchMs = 0;
  for (let first = 0; first < POINTS; first += CHUNK_POINTS) {
    fillChunk(first, CHUNK_POINTS, mrt, wind); // input preparation is not timed
    const started = performance.now();
    utciBatch({ airTemperatureC, relativeHumidityPct, meanRadiantTemperatureC: mrt, windSpeed10mMs: wind, out });
    batchMs += performance.now() - started;
  }
  const evaluations = hours * POINTS;

  // Baseline: the scalar function in a loop over a subset of points, all hours.
  const subsetPoints = 200;
  fillChunk(0, subsetPoints, mrt, wind);
  const scalar = new Float32Array(hours * subsetPoints);
  const scalarStarted = performance.now();
  for (let h = 0; h < hours; h++)
    for (let p = 0; p < subsetPoints; p++) {
      const i = h * subsetPoints + p;
      scalar[i] = utci(airTemperatureC[h], mrt[i], wind[i], relativeHumidityPct[h]);
    }
  const scalarMs = performance.now() - scalarStarted;
  const scalarScaledMs = (scalarMs / subsetPoints) * POINTS;

  // Same numbers from both paths on the subset.
  const batchSubset = utciBatch({
    airTemperatureC,
    relativeHumidityPct,
    meanRadiantTemperatureC: mrt.subarray(0, hours * subsetPoints),
    windSpeed10mMs: wind.subarray(0, hours * subsetPoints),
  });
  let maxDifference = 0;
  let nan = 0;
  for (let i = 0; i < scalar.length; i++) {
    if (Number.isNaN(scalar[i]) || Number.isNaN(batchSubset[i])) {
      if (Number.isNaN(scalar[i]) !== Number.isNaN(batchSubset[i])) maxDifference = Infinity;
      nan++;
      continue;
    }
    maxDifference = Math.max(maxDifference, Math.abs(scalar[i] - batchSubset[i]));
  }

  report({
    name: 'UTCI 8,760 h × 10,000 points: utciBatch vs scalar loop',
    ratio: scalarScaledMs / batchMs,
    details: {
      evaluations,
      batchMs: Math.round(batchMs),
      evaluationsPerSecond: Math.round(evaluations / (batchMs / 1000)),
      scalarEvaluationsPerSecond: Math.round((hours * subsetPoints) / (scalarMs / 1000)),
      maxDifferenceK: maxDifference,
      nanShareOfSubset: nan / scalar.length,
    },
  });
}
