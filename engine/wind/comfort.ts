/**
 * Pedestrian wind comfort from per-direction speed-up ratios and a weather year (docs/reference/DOMAIN.md
 * §2) — the public entry point; the pieces live in small modules:
 * - hours.ts: nearest simulated direction, hour mask, calm and missing hours;
 * - exceedance.ts: Method A, hourly counting — `exceedanceProbabilities` (fast, sorted speeds and
 *   binary search) and `exceedanceProbabilitiesBruteForce` (the reference loop);
 * - weibull.ts: Method B, per-sector Weibull fits — `fitWeibull`, `weibullExceedance`;
 * - classify.ts: `classifyComfort`, class and safety level per point by a criterion's table.
 *
 * Typical use: thresholds = comfortThresholdsMs(criterion); exceedances =
 * exceedanceProbabilities({ ..., thresholdsMs: thresholds }); classifyComfort(exceedances, criterion).
 */
export { exceedanceProbabilities, exceedanceProbabilitiesBruteForce, type ExceedanceInput } from './exceedance.ts';
export { nearestDirectionIndex } from './hours.ts';
export { classifyComfort, NO_CLASS } from './classify.ts';
export { comfortThresholdsMs } from './criterion-schema.ts';
