/**
 * Wind-comfort post-processing (DOMAIN.md §2): from per-direction speed-up ratios γ(p, i) and a
 * weather year to
 * - a comfort class per point for each criterion × season × time window (Method A, hourly counting,
 *   with the fast sorted-speed search of engine/wind/exceedance.ts), with the exceedance of each of
 *   the criterion's thresholds;
 * - the criterion's safety level per point, over all hours of the year (safety limits are annual
 *   rates: "exceeded in more than 0.022 % of hours");
 * - directional layers: γ per simulated direction and the mean pedestrian speed of that direction's
 *   hours.
 * Criteria measured as max(mean, GEM) use GEM ratios where the wind results carry them; otherwise the
 * mean-speed ratios stand in, and the provenance says so.
 */
import { classifyComfort, exceedanceProbabilities, NO_CLASS } from '../wind/comfort.ts';
import { classifyHours } from '../wind/hours.ts';
import { comfortThresholdsMs, type Criterion } from '../wind/criteria.ts';
import { comfortLegendName, legendRef, safetyLegendName } from './legends.ts';
import { exceedanceFieldName, type AnalysisLayer, type Provenance, type ResultSurface } from './layers.ts';
import { periodKey, periodMetadata, timeRange, type AnalysisPeriod } from './periods.ts';
import { windArrowLayers } from './wind-arrows.ts';

export interface WindComfortChunkInput {
  /** Mean-speed ratios of this chunk, points × directions, row-major. */
  speedRatios: Float32Array;
  /** max(mean, GEM) ratios, same layout, when the wind results have them. */
  gemSpeedRatios?: Float32Array;
  directionsDeg: number[];
  windDirectionDeg: Float32Array;
  windSpeedMs: Float32Array;
  /** One hour mask per period (same hours as the wind series). */
  masks: Uint8Array[];
  criteria: Criterion[];
  /** C: met station → the ratios' reference speed. */
  speedFactor: number;
  /**
   * Whether to compute the safety levels (an annual pass over all hours). Default true. The
   * viewer's re-classification of a comfort map leaves them out: they do not depend on the season
   * or window it switches, and they are half the work.
   */
  safety?: boolean;
}

export interface CriterionComfort {
  /** Per period: class index per point (NaN where no class). */
  classIndex: Float32Array[];
  /** Per period: exceedance (share 0–1) per threshold of `comfortThresholdsMs(criterion)`. */
  exceedance: Float32Array[][];
  /** Safety level per point over all hours (0 = none broken), and exceedance per safety threshold. */
  safetyLevel: Float32Array;
  safetyExceedance: Float32Array[];
}

export interface WindComfortChunkOutput {
  /** In the order of `criteria`. */
  criteria: CriterionComfort[];
}

function ratiosFor(input: WindComfortChunkInput, criterion: Criterion): Float32Array {
  return criterion.speedType === 'maxMeanGem' && input.gemSpeedRatios ? input.gemSpeedRatios : input.speedRatios;
}

function column(exceedances: Float64Array, columns: number, index: number): Float32Array {
  const points = exceedances.length / columns;
  return Float32Array.from({ length: points }, (_, p) => exceedances[p * columns + index]);
}

export function windComfortChunk(input: WindComfortChunkInput): WindComfortChunkOutput {
  const base = { directionsDeg: input.directionsDeg, windDirectionDeg: input.windDirectionDeg, windSpeedMs: input.windSpeedMs, speedFactor: input.speedFactor };
  const criteria = input.criteria.map((criterion): CriterionComfort => {
    const speedRatios = ratiosFor(input, criterion);
    const thresholdsMs = comfortThresholdsMs(criterion);
    const classIndex: Float32Array[] = [];
    const exceedance: Float32Array[][] = [];
    for (const mask of input.masks) {
      const probabilities = exceedanceProbabilities({ ...base, speedRatios, thresholdsMs, hourMask: mask });
      const { classIndex: classes } = classifyComfort(probabilities, criterion, thresholdsMs);
      classIndex.push(Float32Array.from(classes, (c) => (c === NO_CLASS ? Number.NaN : c)));
      exceedance.push(thresholdsMs.map((_, t) => column(probabilities, thresholdsMs.length, t)));
    }
    if (input.safety === false) return { classIndex, exceedance, safetyLevel: new Float32Array(0), safetyExceedance: [] };
    const annual = exceedanceProbabilities({ ...base, speedRatios, thresholdsMs });
    const { unsafe } = classifyComfort(annual, criterion, thresholdsMs);
    const points = speedRatios.length / input.directionsDeg.length;
    const noData = (p: number) => Number.isNaN(annual[p * thresholdsMs.length]);
    return {
      classIndex,
      exceedance,
      safetyLevel: Float32Array.from({ length: points }, (_, p) => (noData(p) ? Number.NaN : unsafe[p])),
      safetyExceedance: criterion.safety.map((s) => column(annual, thresholdsMs.length, thresholdsMs.indexOf(s.thresholdMs))),
    };
  });
  return { criteria };
}

/** Mean met speed of the hours nearest to each simulated direction (calm hours excluded). */
export function meanSpeedByDirection(windDirectionDeg: ArrayLike<number>, windSpeedMs: ArrayLike<number>, directionsDeg: ArrayLike<number>): Float64Array {
  const { direction } = classifyHours(windDirectionDeg, windSpeedMs, directionsDeg);
  const sums = new Float64Array(directionsDeg.length);
  const counts = new Float64Array(directionsDeg.length);
  for (let h = 0; h < direction.length; h++) {
    if (direction[h] < 0) continue;
    sums[direction[h]] += windSpeedMs[h];
    counts[direction[h]]++;
  }
  return sums.map((sum, i) => (counts[i] > 0 ? sum / counts[i] : Number.NaN));
}

export interface WindComfortLayersInput {
  surface: ResultSurface;
  periods: readonly AnalysisPeriod[];
  criteria: readonly Criterion[];
  /** Whole-plane results, in the order of `criteria`. */
  results: readonly CriterionComfort[];
  /** γ per point and direction (whole plane), for the directional layers. */
  speedRatios: Float32Array;
  directionsDeg: readonly number[];
  meanMetSpeedByDirectionMs: ArrayLike<number>;
  speedFactor: number;
  /** Whether GEM ratios were available (else mean ratios stood in for max(mean, GEM) criteria). */
  gemAvailable: boolean;
  /**
   * Mean horizontal velocity / reference speed (world axes), points × directions, when the wind
   * results carry it (Canopy's CFD does): each direction then also gets an arrow layer.
   */
  vectors?: { u: Float32Array; v: Float32Array };
  provenance: Provenance;
}

const formatDirection = (deg: number) => String(Math.round(deg * 100) / 100);

export function windComfortLayers(input: WindComfortLayersInput): AnalysisLayer[] {
  const { surface, provenance } = input;
  const mesh = { positions: surface.positions, indices: surface.indices };
  const layers: AnalysisLayer[] = [];
  input.criteria.forEach((criterion, c) => {
    const result = input.results[c];
    const thresholdsMs = comfortThresholdsMs(criterion);
    const speedBasis = criterion.speedType === 'maxMeanGem' && !input.gemAvailable ? 'hourly mean (no GEM ratios in the wind results)' : criterion.speedType;
    const criterionProvenance = { ...provenance, criterion: criterion.id, speedBasis };
    const exceedanceInfo = Object.fromEntries(
      thresholdsMs.map((t) => [exceedanceFieldName(t), { units: '', metric: 'exceedance', legend: legendRef('exceedance'), description: `P(U > ${t} m/s)` }]),
    );
    input.periods.forEach((period, m) => {
      const { season, timeWindow } = periodMetadata(period);
      const fields: Record<string, Float32Array> = { comfortClass: result.classIndex[m] };
      thresholdsMs.forEach((t, i) => (fields[exceedanceFieldName(t)] = result.exceedance[m][i]));
      layers.push({
        key: `comfort.${criterion.id}.${periodKey(period)}`,
        analysisType: 'wind-comfort',
        metric: 'comfort-class',
        season: { name: season.name },
        timeRange: timeRange(period.timeWindow),
        qualifiers: { criterion: criterion.name },
        showByDefault: c === 0 && m === 0,
        result: {
          ...mesh,
          fields,
          metadata: {
            analysis: 'wind-comfort',
            metric: 'comfort-class',
            units: 'class',
            // A company's table has no built-in legend: the name and version comfortLegend() gives it.
            legend: { name: comfortLegendName(criterion.id), version: '1' },
            season,
            timeWindow,
            criterion,
            fieldInfo: exceedanceInfo,
            provenance: criterionProvenance,
          },
        },
      });
    });
    if (criterion.safety.length > 0) {
      const fields: Record<string, Float32Array> = { safetyLevel: result.safetyLevel };
      criterion.safety.forEach((s, i) => (fields[exceedanceFieldName(s.thresholdMs)] = result.safetyExceedance[i]));
      layers.push({
        key: `safety.${criterion.id}`,
        analysisType: 'wind-safety',
        metric: 'safety',
        season: { name: 'Annual' },
        timeRange: { name: 'All day', start_time: '00:00', end_time: '24:00' },
        qualifiers: { criterion: criterion.name },
        showByDefault: false,
        result: {
          ...mesh,
          fields,
          metadata: {
            analysis: 'wind-safety',
            metric: 'safety',
            units: 'class',
            legend: { name: safetyLegendName(criterion.id), version: '1' },
            season: { name: 'Annual', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
            timeWindow: { name: 'All day', window: '00:00-24:00' },
            criterion,
            fieldInfo: exceedanceInfo,
            provenance: criterionProvenance,
          },
        },
      });
    }
  });

  const directions = input.directionsDeg.length;
  const points = input.speedRatios.length / directions;
  input.directionsDeg.forEach((deg, i) => {
    const speedRatio = Float32Array.from({ length: points }, (_, p) => input.speedRatios[p * directions + i]);
    const meanMet = input.meanMetSpeedByDirectionMs[i];
    const meanSpeedMs = speedRatio.map((g) => g * input.speedFactor * meanMet);
    layers.push({
      key: `directional.${formatDirection(deg).replace('.', 'p')}`,
      analysisType: 'wind-directional',
      metric: 'speed-ratio',
      windDirection: formatDirection(deg),
      qualifiers: {},
      showByDefault: false,
      result: {
        ...mesh,
        fields: { speedRatio, meanSpeedMs },
        metadata: {
          analysis: 'wind-directional',
          metric: 'speed-ratio',
          units: '',
          legend: legendRef('speed-ratio'),
          windDirectionDeg: deg,
          fieldInfo: {
            meanSpeedMs: {
              units: 'm/s',
              metric: 'wind-speed',
              legend: legendRef('wind-speed'),
              description: 'γ·C × mean met speed of the hours from this direction',
            },
          },
          provenance,
        },
      },
    });
  });
  if (input.vectors) {
    layers.push(
      ...windArrowLayers({
        positions: surface.positions,
        directionsDeg: input.directionsDeg,
        u: input.vectors.u,
        v: input.vectors.v,
        speedRatios: input.speedRatios,
        meanMetSpeedByDirectionMs: input.meanMetSpeedByDirectionMs,
        speedFactor: input.speedFactor,
        provenance,
      }),
    );
  }
  return layers;
}
