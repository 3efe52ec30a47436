/**
 * The comfort classes of a set of points under a criterion, a season × time window and a weather
 * year, from the stored per-direction speed-up ratios (the instant re-classification of ADR 14): the
 * engine's wind-comfort step (engine/analyses/wind-comfort.ts, the fast sorted-speed exceedance of
 * engine/wind/exceedance.ts) without its safety pass. Pure: the worker and the main-thread fallback
 * run the same function, so both give the post-processing's classes exactly.
 */
import { windComfortChunk } from '@canopy/engine/analyses/wind-comfort.ts';
import { periodMask, type AnalysisSeason, type AnalysisTimeWindow } from '@canopy/engine/analyses/periods.ts';
import type { Criterion } from '@canopy/engine/wind/criteria.ts';

/** What stays in a worker between classifications: γ per point × direction (row-major). */
export interface ReclassRatios {
  speedRatios: Float32Array;
  /** max(mean, GEM) ratios, for criteria measured in gusts (Lawson), when the results have them. */
  gemSpeedRatios?: Float32Array;
  directionsDeg: number[];
}

/** What changes from one classification to the next. */
export interface ReclassRequest {
  criterion: Criterion;
  season: AnalysisSeason;
  timeWindow: AnalysisTimeWindow;
  /** The weather year's hourly met wind (8,760 typical-year hours). */
  windDirectionDeg: Float32Array;
  windSpeedMs: Float32Array;
  /** C: met station → the ratios' reference speed. */
  speedFactor: number;
}

/** Class index per point (NaN where there is no class). */
export function classifyPoints(ratios: ReclassRatios, request: ReclassRequest): Float32Array {
  const mask = periodMask({ season: request.season, timeWindow: request.timeWindow });
  const out = windComfortChunk({
    speedRatios: ratios.speedRatios,
    ...(ratios.gemSpeedRatios ? { gemSpeedRatios: ratios.gemSpeedRatios } : {}),
    directionsDeg: ratios.directionsDeg,
    windDirectionDeg: request.windDirectionDeg,
    windSpeedMs: request.windSpeedMs,
    masks: [mask],
    criteria: [request.criterion],
    speedFactor: request.speedFactor,
    safety: false,
  });
  return out.criteria[0]!.classIndex[0]!;
}

export type ReclassMessage = { type: 'load'; id: number; ratios: ReclassRatios } | { type: 'classify'; id: number; request: ReclassRequest };

export type ReclassReply = { id: number; classIndex?: Float32Array; ms?: number } | { id: number; error: string };
