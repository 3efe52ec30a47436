/**
 * Comfort map benchmark: 100,000 points × 16 directions × 8,760 hours of the Chicago
 * weather year, Lawson LDDC thresholds. The fast method (sorted speeds + binary search) runs on
 * every point; the brute-force reference loop runs on a subset and is scaled up to the full map.
 * Prints the speed ratio (target ≥ 20×), whether classes agree on the subset, and points per second.
 */
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { parseEpw } from '@canopy/engine/weather/epw.ts';
import { getCriterion, comfortThresholdsMs } from '@canopy/engine/wind/criteria.ts';
import { classifyComfort, exceedanceProbabilities, exceedanceProbabilitiesBruteForce } from '@canopy/engine/wind/comfort.ts';
import { report, time } from './harness.ts';

const POINTS = 100_000;
const DIRECTIONS = 16;
const SUBSET = 1_000;

export default async function comfortBenchmark(): Promise<void> {
  const epw = parseEpw(readFileSync(new URL('../fixtures/chicago.epw', import.meta.url), 'utf8'));
  const criterion = getCriterion('lawson-lddc');
  const thresholdsMs = comfortThresholdsMs(criterion);
  const directionsDeg = Array.from({ length: DIRECTIONS }, (_, i) => (i * 360) / DIRECTIONS);

  // Speed-up ratios 0–2, deterministic (linear congruential sequence), like a CFD result would give.
  let state = 20240607;
  const speedRatios = Float32Array.from({ length: POINTS * DIRECTIONS }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return (state / 2147483648) * 2;
  });
  const base = { directionsDeg, windDirectionDeg: epw.windDirectionDeg, windSpeedMs: epw.windSpeedMs, thresholdsMs };
  const full = { ...base, speedRatios };
  const subset = { ...base, speedRatios: speedRatios.subarray(0, SUBSET * DIRECTIONS) };

  let fastResult: Float64Array = new Float64Array(0);
  const fast = await time(
    () => {
      fastResult = exceedanceProbabilities(full);
    },
    { runs: 3 },
  );
  let bruteResult: Float64Array = new Float64Array(0);
  const brute = await time(
    () => {
      bruteResult = exceedanceProbabilitiesBruteForce(subset);
    },
    { runs: 3 },
  );
  const bruteScaledMs = brute.medianMs * (POINTS / SUBSET);

  const fastClasses = classifyComfort(fastResult.subarray(0, SUBSET * thresholdsMs.length), criterion);
  const bruteClasses = classifyComfort(bruteResult, criterion);
  let sameClass = 0;
  let sameProbability = 0;
  for (let p = 0; p < SUBSET; p++) {
    if (fastClasses.classIndex[p] === bruteClasses.classIndex[p] && fastClasses.unsafe[p] === bruteClasses.unsafe[p]) sameClass++;
  }
  for (let k = 0; k < bruteResult.length; k++) if (bruteResult[k] === fastResult[k]) sameProbability++;

  const classifyStart = performance.now();
  classifyComfort(fastResult, criterion);
  const classifyMs = performance.now() - classifyStart;

  const ratio = bruteScaledMs / fast.medianMs;
  report({
    name: `comfort map ${POINTS} pts × ${DIRECTIONS} dirs × ${epw.hours} h`,
    ratio,
    target: '≥ 20× vs brute force',
    pass: ratio >= 20 && sameClass === SUBSET,
    details: {
      fastMs: fast.medianMs,
      bruteMsScaled: bruteScaledMs,
      bruteSubsetPoints: SUBSET,
      identicalClasses: `${sameClass}/${SUBSET}`,
      identicalProbabilities: `${sameProbability}/${bruteResult.length}`,
      pointsPerSecond: Math.round(POINTS / (fast.medianMs / 1000)),
      classifyMs,
    },
  });
  if (sameClass !== SUBSET) throw new Error(`classes differ from brute force on ${SUBSET - sameClass} of ${SUBSET} points`);
}
