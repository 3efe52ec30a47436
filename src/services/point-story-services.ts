/**
 * The services behind a point's hourly story (machines/point-story): the scenario's stored
 * per-direction speed ratios read once into the story's worker, the criteria, the project's weather
 * files (typical-year hours from their CSV download: wind, air temperature, humidity and direct
 * normal irradiance), the story of a clicked point, and "Add to insight": the panel drawn as an
 * image, stored as a study image and placed in the insight with its numbers as the caption — the
 * path the Images tab takes, so the PDF prints the figure and its numbers.
 */
import { fromPromise } from 'xstate';
import { pointStoryMachine, type ComputeInput, type StoryOutcome } from '@machines/point-story/point-story.machine.ts';
import { storyRatioAssets } from '@machines/point-story/story-target.ts';
import type { AddedFigure, AddToInsightInput, StoryInputs, StoryResult, StoryTarget } from '@machines/point-story/point-story.types.ts';
import { recipeDefaults, type Criterion } from '@canopy/engine/wind/criteria.ts';
import { crossPeriods, pickRows, typicalYearRows } from '@canopy/engine/analyses/periods.ts';
import { parseWeatherCsv } from '@canopy/engine/weather/weather-csv.ts';
import { asServerCall as call } from '../api/errors.ts';
import { assetDownloadPath } from '../api/viewer.ts';
import { decodeResultGlb } from '../viewer/workers/decode-glb.ts';
import type { StoryWeather } from '../viewer/point-story/point-story-compute.ts';
import { createStoryRunner, TooFarError, type StoryRunner } from '../viewer/point-story/point-story-runner.ts';
import { storyCaption } from '../viewer/point-story/story-text.ts';
import { directionRatios, speedFactorOf } from './wind-reclass-services.ts';

/** A result point farther than this from the click is not the clicked point. */
const MAX_POINT_DISTANCE_M = 25;

export interface PointStoryCalls {
  loadAsset(url: string): Promise<ArrayBuffer>;
  criteria(): Promise<Criterion[]>;
  metSources(projectId: number): Promise<Array<{ id: number; met_id: string; name: string; latitude?: number }>>;
  weatherCsv(projectId: number, metId: string): Promise<string>;
  /** The study's insights (id and title). */
  insights(scope: { projectId: number; studyId: number }): Promise<Array<{ id: number; title: string }>>;
  /** Stores the image and places it in the insight (a new one titled `title` when `insightId` is null). */
  addFigure(
    scope: { projectId: number; studyId: number },
    figure: { insightId: number | null; title: string; name: string; pngDataUrl: string; caption: string },
  ): Promise<AddedFigure>;
  /** The story drawn as a PNG data: URL (a canvas in the browser). */
  drawFigure(result: StoryResult): Promise<string>;
}

interface Loaded {
  simulationId: number;
  runner: StoryRunner;
  speedFactor: number;
  criteria: Criterion[];
  sources: Array<{ met_id: string; name: string; latitude?: number }>;
}

/** Whether a series has any value (a CSV column left empty parses as NaN throughout). */
const hasValues = (values: Float32Array) => values.some((v) => !Number.isNaN(v));

export function bindPointStory(calls: PointStoryCalls) {
  let loaded: Loaded | null = null;
  const weather = new Map<string, Promise<StoryWeather>>();

  const weatherOf = (projectId: number, metId: string) => {
    const key = `${projectId}:${metId}`;
    let entry = weather.get(key);
    if (!entry) {
      entry = calls.weatherCsv(projectId, metId).then((text) => {
        const series = parseWeatherCsv(text);
        const rows = typicalYearRows(series);
        const airTemperatureC = pickRows(series.dryBulbC, rows);
        const relativeHumidityPct = pickRows(series.relativeHumidityPct, rows);
        const directNormalWm2 = pickRows(series.directNormalWhM2, rows);
        return {
          windDirectionDeg: pickRows(series.windDirectionDeg, rows),
          windSpeedMs: pickRows(series.windSpeedMs, rows),
          ...(hasValues(airTemperatureC) && hasValues(relativeHumidityPct) ? { airTemperatureC, relativeHumidityPct } : {}),
          ...(hasValues(directNormalWm2) ? { directNormalWm2 } : {}),
        };
      });
      entry.catch(() => weather.delete(key));
      weather.set(key, entry);
    }
    return entry;
  };

  async function loadInputs(target: StoryTarget): Promise<StoryInputs> {
    const ratioAssets = storyRatioAssets(target.assets);
    const [meshes, criteria, sources, insights] = await Promise.all([
      Promise.all(
        ratioAssets.map(async (a) =>
          decodeResultGlb(
            await calls.loadAsset(
              assetDownloadPath({ projectId: target.projectId, configurationId: target.configurationId, simulationId: a.simulation_id, assetId: a.id }),
            ),
          ),
        ),
      ),
      calls.criteria(),
      calls.metSources(target.projectId),
      calls.insights({ projectId: target.projectId, studyId: target.studyId }),
    ]);
    if (sources.length === 0)
      throw { kind: 'http', status: 400, detail: 'This project has no weather file to replay: add one in Resources.', fields: {}, body: null };
    const { speedRatios, gemSpeedRatios, directionsDeg } = directionRatios(meshes, ratioAssets);
    loaded?.runner.dispose();
    const runner = await createStoryRunner({ positions: meshes[0]!.positions, speedRatios, ...(gemSpeedRatios ? { gemSpeedRatios } : {}), directionsDeg });
    loaded = { simulationId: target.simulationId, runner, speedFactor: speedFactorOf(ratioAssets[0]!), criteria, sources };
    const metId = (sources.find((s) => s.id === target.metSourceId) ?? sources[0]!).met_id;
    return {
      simulationId: target.simulationId,
      directionsDeg,
      criteria: criteria.map((c) => ({ id: c.id, name: c.name })),
      weather: sources.map((s) => ({ metId: s.met_id, name: s.name })),
      insights,
      initial: { criterionId: criteria[0]!.id, metId },
      inWorker: runner.inWorker,
    };
  }

  async function computeStory({ target, choice, point }: ComputeInput): Promise<StoryOutcome> {
    if (!loaded || loaded.simulationId !== target.simulationId) throw new Error('the speed ratios of this simulation are not loaded');
    const state = loaded;
    const criterion = state.criteria.find((c) => c.id === choice.criterionId);
    const source = state.sources.find((s) => s.met_id === choice.metId);
    if (!criterion || !source) throw new Error('unknown criterion or weather file');
    const met = await weatherOf(target.projectId, choice.metId);
    const defaults = recipeDefaults(criterion, { hemisphere: (source.latitude ?? 0) < 0 ? 'south' : 'north' });
    try {
      const { answer, ms } = await state.runner.story({
        point,
        maxDistanceM: MAX_POINT_DISTANCE_M,
        weather: met,
        speedFactor: state.speedFactor,
        criterion,
        periods: crossPeriods(defaults.seasons, defaults.timeWindows),
      });
      const result: StoryResult = {
        choice,
        clicked: point,
        pointIndex: answer.pointIndex,
        position: answer.position,
        distanceM: answer.distanceM,
        criterion,
        weatherName: source.name,
        story: answer.story,
        met: { windDirectionDeg: met.windDirectionDeg, windSpeedMs: met.windSpeedMs },
        ms,
      };
      return { kind: 'story', result };
    } catch (error) {
      if (error instanceof TooFarError) return { kind: 'tooFar', message: error.message };
      throw error;
    }
  }

  async function addToInsight({ target, insightId, result }: AddToInsightInput): Promise<AddedFigure> {
    const caption = storyCaption(result);
    const name = caption.split('\n')[0]!;
    return calls.addFigure(
      { projectId: target.projectId, studyId: target.studyId },
      { insightId, title: name, name, pngDataUrl: await calls.drawFigure(result), caption },
    );
  }

  return pointStoryMachine.provide({
    actors: {
      loadInputs: fromPromise<StoryInputs, StoryTarget>(({ input }) => call(() => loadInputs(input))),
      computeStory: fromPromise<StoryOutcome, ComputeInput>(({ input }) => call(() => computeStory(input))),
      addToInsight: fromPromise<AddedFigure, AddToInsightInput>(({ input }) => call(() => addToInsight(input))),
    },
  });
}
