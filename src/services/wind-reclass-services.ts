/**
 * The services behind the viewer's comfort re-classification (machines/wind-reclass):
 * reading a simulation's stored per-direction speed ratios into the re-classification workers once,
 * the criteria (GET /api/criteria/), the project's weather files (hourly wind of a typical year,
 * from their CSV download), classifying in the workers and keeping the map as an in-browser layer
 * the scene draws, and saving one as results. The big arrays live here, per simulation; the
 * machine only holds their descriptions.
 */
import { fromPromise } from 'xstate';
import { windReclassMachine, type ClassifyInput } from '@machines/wind-reclass/wind-reclass.machine.ts';
import { mergeSeasons, mergeWindows, speedRatioAssets, storedChoice, storedPeriods } from '@machines/wind-reclass/reclass-inputs.ts';
import type { ReclassInputs, ReclassResult, ReclassTarget, SavedLayer, SeasonOption, WindowOption } from '@machines/wind-reclass/wind-reclass.types.ts';
import { recipeDefaults, type Criterion } from '@canopy/engine/wind/criteria.ts';
import { comfortLegend, comfortLegendName } from '@canopy/engine/analyses/legends.ts';
import { pickRows, typicalYearRows } from '@canopy/engine/analyses/periods.ts';
import { parseWeatherCsv } from '@canopy/engine/weather/weather-csv.ts';
import { referenceSpeedFactor, TERRAINS, type TerrainId } from '@canopy/engine/wind/profile.ts';
import type { Asset } from '@canopy/contract/viewer.ts';
import type { ReclassifiedComfort } from '@canopy/contract/reclassified.ts';
import { asServerCall as call } from '../api/errors.ts';
import type { SubmitPostprocessing, SubmittedJob } from '../api/reclass.ts';
import { assetDownloadPath } from '../api/viewer.ts';
import { decodeResultGlb, type DecodedLayer } from '../viewer/workers/decode-glb.ts';
import { createReclassifier, type Reclassifier } from '../viewer/reclass/reclass-pool.ts';
import { dropLocalLayer, localLayer, putLocalLayer } from '../viewer/scene/local-layers.ts';

export interface ReclassCalls {
  /** An asset's file (the viewer's authorised binary fetch). */
  loadAsset(url: string): Promise<ArrayBuffer>;
  criteria(): Promise<Criterion[]>;
  metSources(projectId: number): Promise<Array<{ id: number; met_id: string; name: string }>>;
  /** A met source's hourly weather as the CSV download (download-weather-data/). */
  weatherCsv(projectId: number, metId: string): Promise<string>;
  save(ids: { projectId: number; configurationId: number; simulationId: number }, body: ReclassifiedComfort): Promise<Asset>;
  /** POST submit-postprocessing/: the server computes stored comfort maps (a job). */
  submitPostprocessing(ids: { projectId: number; configurationId: number; simulationId: number }, body: SubmitPostprocessing): Promise<SubmittedJob>;
}

interface Loaded {
  simulationId: number;
  reclassifier: Reclassifier;
  positions: Float32Array;
  indices?: Uint32Array;
  directionsDeg: number[];
  speedFactor: number;
  criteria: Criterion[];
  seasons: SeasonOption[];
  windows: WindowOption[];
  shownUrl: string | null;
}

/** γ is stated against the approach flow at a height over a terrain (metadata.reference), else the met station itself. */
/**
 * Every direction's speed ratios (and GEM ratios, when each direction has them) interleaved point by
 * point, as the re-classifier and the point story both take them, with the directions in degrees.
 */
export function directionRatios(meshes: ReadonlyArray<DecodedLayer>, ratioAssets: ReadonlyArray<Asset>) {
  const directions = meshes.length;
  const points = meshes[0]!.positions.length / 3;
  const speedRatios = new Float32Array(points * directions);
  const withGem = meshes.every((m) => m.fields.gemSpeedRatio?.length === points);
  const gemSpeedRatios = withGem ? new Float32Array(points * directions) : undefined;
  meshes.forEach((mesh, i) => {
    const ratio = mesh.fields.speedRatio;
    if (!ratio || ratio.length !== points)
      throw new Error(`the speed ratios of ${ratioAssets[i]!.wind_direction}° do not match the first direction's ${points} points`);
    for (let p = 0; p < points; p++) speedRatios[p * directions + i] = ratio[p]!;
    if (gemSpeedRatios) for (let p = 0; p < points; p++) gemSpeedRatios[p * directions + i] = mesh.fields.gemSpeedRatio![p]!;
  });
  return { speedRatios, gemSpeedRatios, directionsDeg: ratioAssets.map((a) => Number(a.wind_direction)) };
}

export function speedFactorOf(asset: Asset): number {
  const reference = (asset.metadata as { reference?: { heightM?: unknown; terrain?: unknown } }).reference;
  const heightM = Number(reference?.heightM);
  const terrain = reference?.terrain;
  if (Number.isFinite(heightM) && heightM > 0 && typeof terrain === 'string' && terrain in TERRAINS) {
    return referenceSpeedFactor({ siteTerrain: terrain as TerrainId, referenceHeightM: heightM });
  }
  return 1;
}

function base64(bytes: Uint8Array): string {
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

export function bindWindReclass(calls: ReclassCalls) {
  let loaded: Loaded | null = null;
  let criteriaList: Promise<Criterion[]> | null = null;
  const weather = new Map<string, Promise<{ windDirectionDeg: Float32Array; windSpeedMs: Float32Array }>>();

  const weatherOf = (projectId: number, metId: string) => {
    const key = `${projectId}:${metId}`;
    let entry = weather.get(key);
    if (!entry) {
      entry = calls.weatherCsv(projectId, metId).then((text) => {
        const series = parseWeatherCsv(text);
        const rows = typicalYearRows(series);
        return { windDirectionDeg: pickRows(series.windDirectionDeg, rows), windSpeedMs: pickRows(series.windSpeedMs, rows) };
      });
      entry.catch(() => weather.delete(key));
      weather.set(key, entry);
    }
    return entry;
  };

  async function loadInputs(target: ReclassTarget): Promise<ReclassInputs> {
    const ratioAssets = speedRatioAssets(target.assets);
    const [meshes, criteria, sources] = await Promise.all([
      Promise.all(
        ratioAssets.map(async (a) =>
          decodeResultGlb(
            await calls.loadAsset(
              assetDownloadPath({ projectId: target.projectId, configurationId: target.configurationId, simulationId: a.simulation_id, assetId: a.id }),
            ),
          ),
        ),
      ),
      (criteriaList ??= calls.criteria().catch((error: unknown) => {
        criteriaList = null;
        throw error;
      })),
      calls.metSources(target.projectId),
    ]);
    if (sources.length === 0)
      throw { kind: 'http', status: 400, detail: 'This project has no weather file to re-classify with: add one in Resources.', fields: {}, body: null };
    const { speedRatios, gemSpeedRatios, directionsDeg } = directionRatios(meshes, ratioAssets);
    loaded?.reclassifier.dispose();
    if (loaded?.shownUrl) dropLocalLayer(loaded.shownUrl);
    const reclassifier = await createReclassifier({ speedRatios, ...(gemSpeedRatios ? { gemSpeedRatios } : {}), directionsDeg });
    const stored = storedPeriods(target.assets);
    const defaults = recipeDefaults(criteria[0]!);
    const seasons = mergeSeasons(defaults.seasons, stored.seasons);
    const windows = mergeWindows(defaults.timeWindows, stored.windows);
    const metId = (sources.find((s) => s.id === target.metSourceId) ?? sources[0]!).met_id;
    loaded = {
      simulationId: target.simulationId,
      reclassifier,
      positions: meshes[0]!.positions,
      ...(meshes[0]!.indices ? { indices: meshes[0]!.indices } : {}),
      directionsDeg,
      speedFactor: speedFactorOf(ratioAssets[0]!),
      criteria,
      seasons,
      windows,
      shownUrl: null,
    };
    return {
      simulationId: target.simulationId,
      points: meshes[0]!.positions.length / 3,
      directionsDeg,
      criteria: criteria.map((c) => ({ id: c.id, name: c.name })),
      seasons,
      windows,
      weather: sources.map((s) => ({ metId: s.met_id, name: s.name })),
      initial: storedChoice(target.assets, seasons, windows, { criterionId: criteria[0]!.id, seasonId: seasons[0]!.id, windowId: windows[0]!.id, metId }),
      workers: reclassifier.workers,
    };
  }

  function current(simulationId: number): Loaded {
    if (!loaded || loaded.simulationId !== simulationId) throw new Error('the speed ratios of this simulation are not loaded');
    return loaded;
  }

  async function classify({ target, choice }: ClassifyInput): Promise<ReclassResult> {
    const state = current(target.simulationId);
    const criterion = state.criteria.find((c) => c.id === choice.criterionId);
    const season = state.seasons.find((s) => s.id === choice.seasonId);
    const timeWindow = state.windows.find((w) => w.id === choice.windowId);
    if (!criterion || !season || !timeWindow) throw new Error('unknown criterion, season or time window');
    const met = await weatherOf(target.projectId, choice.metId);
    const { classIndex, ms } = await state.reclassifier.classify({ criterion, season, timeWindow, ...met, speedFactor: state.speedFactor });
    const classCounts = new Array<number>(criterion.classes.length).fill(0);
    let noClass = 0;
    for (const c of classIndex) {
      if (Number.isNaN(c)) noClass++;
      else classCounts[c]!++;
    }
    const url = putLocalLayer(`reclass/${target.simulationId}`, {
      positions: state.positions,
      ...(state.indices ? { indices: state.indices } : {}),
      fields: { comfortClass: classIndex },
      metadata: {
        analysis: 'wind-comfort',
        metric: 'comfort-class',
        units: 'class',
        legend: { name: comfortLegendName(criterion.id), version: '1' },
        season: { name: season.name, months: season.months },
        timeWindow: { name: timeWindow.name, window: timeWindow.window },
        criterion,
        provenance: { engine: 'canopy-engine', version: 'browser', computedIn: 'browser', directionsDeg: state.directionsDeg },
      },
    });
    if (state.shownUrl) dropLocalLayer(state.shownUrl);
    state.shownUrl = url;
    const legend = comfortLegend(criterion);
    return {
      choice,
      url,
      ms,
      classCounts,
      noClass,
      legend: { name: legend.name, title: legend.title, classes: legend.classes.map(({ value, label, colour }) => ({ value, label, colour })) },
    };
  }

  async function saveResult({ target, choice, result }: ClassifyInput & { result: ReclassResult }): Promise<SavedLayer> {
    const state = current(target.simulationId);
    const layer = localLayer(result.url);
    const criterion = state.criteria.find((c) => c.id === choice.criterionId);
    const season = state.seasons.find((s) => s.id === choice.seasonId);
    const timeWindow = state.windows.find((w) => w.id === choice.windowId);
    if (!layer || !criterion || !season || !timeWindow) throw new Error('the re-classified map is no longer in the viewer; compute it again');
    const classes = layer.fields.comfortClass!;
    const bytes = Uint8Array.from(classes, (c) => (Number.isNaN(c) ? 255 : c));
    const asset = await calls.save(
      { projectId: target.projectId, configurationId: target.configurationId, simulationId: target.simulationId },
      {
        criterion,
        season,
        time_window: timeWindow,
        met_id: choice.metId,
        wind_directions: state.directionsDeg,
        comfort_class: base64(bytes),
        computed_in_ms: result.ms,
      },
    );
    return { assetId: asset.id, choice };
  }

  /** The choice as the server's post-processing request: one criterion, season and time window. */
  async function submitPostprocessing({ target, choice }: ClassifyInput): Promise<{ jobId: number }> {
    const state = current(target.simulationId);
    const season = state.seasons.find((s) => s.id === choice.seasonId);
    const timeWindow = state.windows.find((w) => w.id === choice.windowId);
    const job = await calls.submitPostprocessing(
      { projectId: target.projectId, configurationId: target.configurationId, simulationId: target.simulationId },
      {
        criteria: [choice.criterionId],
        ...(season ? { seasons: [{ id: season.id, name: season.name, months: season.months }] } : {}),
        ...(timeWindow ? { time_windows: [{ id: timeWindow.id, name: timeWindow.name, window: timeWindow.window }] } : {}),
      },
    );
    return { jobId: job.job_id };
  }

  return windReclassMachine.provide({
    actors: {
      loadInputs: fromPromise<ReclassInputs, ReclassTarget>(({ input }) => call(() => loadInputs(input))),
      classify: fromPromise<ReclassResult, ClassifyInput>(({ input }) => call(() => classify(input))),
      saveResult: fromPromise<SavedLayer, ClassifyInput & { result: ReclassResult }>(({ input }) => call(() => saveResult(input))),
      submitPostprocessing: fromPromise<{ jobId: number }, ClassifyInput>(({ input }) => call(() => submitPostprocessing(input))),
    },
  });
}
