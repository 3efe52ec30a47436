/**
 * A point's hourly story in the browser: the stored wind result's points and per-direction speed-up
 * ratios (loaded once per simulation), the point nearest to where the user clicked, and the engine's
 * `pointStory` for it (engine/analyses/point-story.ts). Pure: the worker and the main-thread
 * fallback run the same function.
 */
import { pointStory, type PointStory } from '@canopy/engine/analyses/point-story.ts';
import type { AnalysisPeriod } from '@canopy/engine/analyses/periods.ts';
import type { Criterion } from '@canopy/engine/wind/criteria.ts';

/** What stays loaded between clicks: the result's points and γ per point × direction (row-major). */
export interface StoryRatios {
  positions: Float32Array;
  speedRatios: Float32Array;
  gemSpeedRatios?: Float32Array;
  directionsDeg: number[];
}

/** The weather year's typical-year hours the story needs; the thermal and sun series are optional. */
export interface StoryWeather {
  windDirectionDeg: Float32Array;
  windSpeedMs: Float32Array;
  airTemperatureC?: Float32Array;
  relativeHumidityPct?: Float32Array;
  directNormalWm2?: Float32Array;
}

export interface StoryRequest {
  /** Where the user clicked, scene coordinates (m). */
  point: [number, number, number];
  /** A result point farther than this is not "this point": the story is refused. */
  maxDistanceM: number;
  weather: StoryWeather;
  speedFactor: number;
  criterion: Criterion;
  periods: AnalysisPeriod[];
}

export interface StoryAnswer {
  /** Index of the result point used, its position and distance from the click. */
  pointIndex: number;
  position: [number, number, number];
  distanceM: number;
  story: PointStory;
}

/** The result point nearest to `point` (straight-line distance). */
export function nearestPoint(positions: Float32Array, point: readonly number[]): { index: number; distanceM: number } {
  let index = -1;
  let best = Infinity;
  for (let p = 0; p < positions.length / 3; p++) {
    const dx = positions[p * 3] - point[0]!;
    const dy = positions[p * 3 + 1] - point[1]!;
    const dz = positions[p * 3 + 2] - point[2]!;
    const d2 = dx * dx + dy * dy + dz * dz;
    if (d2 < best) {
      best = d2;
      index = p;
    }
  }
  return { index, distanceM: Math.sqrt(best) };
}

export class TooFarError extends Error {}

export function computeStory(ratios: StoryRatios, request: StoryRequest): StoryAnswer {
  const { index, distanceM } = nearestPoint(ratios.positions, request.point);
  if (index < 0 || distanceM > request.maxDistanceM) {
    throw new TooFarError(`No wind result within ${request.maxDistanceM} m of this point: pick a point on a presentation plane with wind results.`);
  }
  const d = ratios.directionsDeg.length;
  const { weather } = request;
  const story = pointStory({
    speedRatios: ratios.speedRatios.subarray(index * d, (index + 1) * d),
    ...(ratios.gemSpeedRatios ? { gemSpeedRatios: ratios.gemSpeedRatios.subarray(index * d, (index + 1) * d) } : {}),
    directionsDeg: ratios.directionsDeg,
    windDirectionDeg: weather.windDirectionDeg,
    windSpeedMs: weather.windSpeedMs,
    speedFactor: request.speedFactor,
    criterion: request.criterion,
    periods: request.periods,
    ...(weather.airTemperatureC && weather.relativeHumidityPct
      ? { airTemperatureC: weather.airTemperatureC, relativeHumidityPct: weather.relativeHumidityPct }
      : {}),
    ...(weather.directNormalWm2 ? { directNormalWm2: weather.directNormalWm2 } : {}),
  });
  const position: [number, number, number] = [ratios.positions[index * 3]!, ratios.positions[index * 3 + 1]!, ratios.positions[index * 3 + 2]!];
  return { pointIndex: index, position, distanceM, story };
}

export type StoryMessage = { type: 'load'; id: number; ratios: StoryRatios } | { type: 'story'; id: number; request: StoryRequest };

export type StoryReply = { id: number; answer?: StoryAnswer; ms?: number } | { id: number; error: string; tooFar?: boolean };
