/**
 * The browser half of the point-story benchmark (point-story.bench.ts): a wind result of 100,489
 * points with d directions of speed ratios (and gust ratios) loaded into the story's worker once,
 * then the Chicago year replayed at one clicked point after another — what a user waits for after
 * a click — against the same computation on the page's main thread (the same function, no worker),
 * for d = 4, 16, 36 and 72 directions. The weather year comes from the Node side (window.storyWeather).
 */
import { getCriterion, recipeDefaults } from '@canopy/engine/wind/criteria.ts';
import { crossPeriods } from '@canopy/engine/analyses/periods.ts';
import { computeStory, type StoryRequest } from '../../../src/viewer/point-story/point-story-compute.ts';
import { createStoryRunner } from '../../../src/viewer/point-story/point-story-runner.ts';
import { benchRatios } from './reclassify.ts';
import { grid } from './grid.ts';

declare global {
  interface Window {
    storyWeather?: { windDirectionDeg: number[]; windSpeedMs: number[]; airTemperatureC: number[]; relativeHumidityPct: number[]; directNormalWm2: number[] };
  }
}

/** A 317 × 317 plane: 100,489 points. */
const SIDE = 317;
export const STORY_POINTS = SIDE * SIDE;
export const STORY_DIRECTIONS = [4, 16, 36, 72];
const CLICKS = 7;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function pointStories(): Promise<Record<string, number>> {
  const weather = window.storyWeather;
  if (!weather) throw new Error('window.storyWeather is not set');
  const criterion = getCriterion('lawson-lddc');
  const defaults = recipeDefaults(criterion);
  const { positions } = grid(SIDE);
  const out: Record<string, number> = {
    points: STORY_POINTS,
    hours: weather.windSpeedMs.length,
    periods: defaults.seasons.length * defaults.timeWindows.length,
  };
  for (const directions of STORY_DIRECTIONS) {
    const speedRatios = benchRatios(STORY_POINTS, directions);
    const ratios = {
      positions,
      speedRatios,
      gemSpeedRatios: speedRatios.map((g) => g * 1.25),
      directionsDeg: Array.from({ length: directions }, (_, i) => (i * 360) / directions),
    };
    const request = (click: number): StoryRequest => {
      const p = (click * 7919) % STORY_POINTS;
      return {
        point: [positions[p * 3]! + 0.3, positions[p * 3 + 1]! - 0.2, positions[p * 3 + 2]!],
        maxDistanceM: 25,
        weather: {
          windDirectionDeg: Float32Array.from(weather.windDirectionDeg),
          windSpeedMs: Float32Array.from(weather.windSpeedMs),
          airTemperatureC: Float32Array.from(weather.airTemperatureC),
          relativeHumidityPct: Float32Array.from(weather.relativeHumidityPct),
          directNormalWm2: Float32Array.from(weather.directNormalWm2),
        },
        speedFactor: 0.85,
        criterion,
        periods: crossPeriods(defaults.seasons, defaults.timeWindows),
      };
    };
    const runner = await createStoryRunner(ratios);
    try {
      await runner.story(request(0)); // the worker's modules load
      const worker: number[] = [];
      const main: number[] = [];
      for (let click = 1; click <= CLICKS; click++) {
        // Worker: from the click to the answer back on the main thread.
        let start = performance.now();
        await runner.story(request(click));
        worker.push(performance.now() - start);
        start = performance.now();
        computeStory(ratios, request(click));
        main.push(performance.now() - start);
      }
      out[`worker${directions}Ms`] = median(worker);
      out[`main${directions}Ms`] = median(main);
      out[`workerMax${directions}Ms`] = Math.max(...worker);
    } finally {
      runner.dispose();
    }
  }
  return out;
}
