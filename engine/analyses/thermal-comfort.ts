/**
 * Thermal comfort pipeline (DOMAIN.md §3): hourly UTCI on presentation-plane points, summarised per
 * season × time window as % of hours comfortable (9 < UTCI ≤ 26 °C), hot (> 26) and cold (≤ 9), plus
 * SPMV* % acceptable (|SPMV*| ≤ 0.5).
 *
 * Per point and hour:
 * - air temperature and humidity: the weather file (same everywhere);
 * - MRT: SolarCal from the point's sky view fraction and its per-hour shade, the same grouped sun rays
 *   as the solar analysis (`sunlitByHour`), see thermal-hours.ts;
 * - wind: wind results where they exist, else the met wind moved to the site (site-wind.ts).
 * Hours where UTCI is undefined (inputs outside its validity range, missing weather) are left out of
 * the shares' denominators, so a share is "of the hours with a valid UTCI".
 */
import type { MeshBVH } from 'three-mesh-bvh';
import { sunlitByHour } from '../solar/sunlit-hours.ts';
import { utciBatch } from '../thermal/utci.ts';
import { legendRef } from './legends.ts';
import type { AnalysisLayer, Provenance, ResultSurface } from './layers.ts';
import { HOURS_PER_YEAR, periodKey, periodMetadata, timeRange, unionMask, type AnalysisPeriod } from './periods.ts';
import { hourDirections, pointWind10mMs, UTCI_10M_OVER_PEDESTRIAN, type SpeedRatioWind } from './site-wind.ts';
import { skyViewFractions } from './sky.ts';
import { speedBinLocator, type SpmvBounds } from './spmv-bounds.ts';
import type { ThermalHours } from './thermal-hours.ts';

export interface ThermalChunkInput {
  points: Float32Array;
  normals?: Float32Array;
  hourVectors: Float32Array;
  hours: ThermalHours;
  masks: Uint8Array[];
  /** Speed-up ratios of this chunk's points, when wind results exist. */
  wind?: SpeedRatioWind;
  /** From `spmvBounds` over the whole year (one bin per hour, or `binsMs` with per-point wind). */
  spmv: SpmvBounds;
  /** The bins' speeds when `spmv` was computed with bins (per-point wind). */
  spmvBinsMs?: readonly number[];
  quantisationDeg?: number;
}

export interface ThermalChunkOutput {
  /** Per period, per point, percent (0–100); NaN where no hour had a valid value. */
  pctComfortable: Float32Array[];
  pctHot: Float32Array[];
  pctCold: Float32Array[];
  spmvPctAcceptable: Float32Array[];
  /** Per point, f_svv (0–1), reported for checks. */
  skyView: Float32Array;
}

const HOUR_BLOCK = 256;

export function thermalChunk(input: ThermalChunkInput, bvh: MeshBVH): ThermalChunkOutput {
  const { hours, masks, wind } = input;
  const points = input.points.length / 3;
  const union = unionMask(masks);
  const { lit } = sunlitByHour(input.points, input.normals, input.hourVectors, bvh, { hourWeights: union, quantisationDeg: input.quantisationDeg });
  const skyView = skyViewFractions(input.points, bvh);
  const directionOfHour = wind ? hourDirections(hours.metWindDirectionDeg, hours.metWindSpeedMs, wind.directionsDeg) : undefined;

  // Counters per period and point.
  const counters = () => masks.map(() => new Uint32Array(points));
  const [valid, comfortable, hot, cold, spmvValid, spmvOk] = [counters(), counters(), counters(), counters(), counters(), counters()];
  const activeHours: number[] = [];
  for (let h = 0; h < HOURS_PER_YEAR; h++) if (union[h]) activeHours.push(h);
  const binOf = wind && input.spmvBinsMs ? speedBinLocator(input.spmvBinsMs) : () => 0;
  const masksOfHour = (h: number) => masks.map((mask, m) => (mask[h] ? m : -1)).filter((m) => m >= 0);

  for (let blockStart = 0; blockStart < activeHours.length; blockStart += HOUR_BLOCK) {
    const block = activeHours.slice(blockStart, blockStart + HOUR_BLOCK);
    const ta = Float32Array.from(block, (h) => hours.airTemperatureC[h]);
    const rh = Float32Array.from(block, (h) => hours.relativeHumidityPct[h]);
    const mrt = new Float32Array(block.length * points);
    const windOf = new Float32Array(wind ? block.length * points : block.length);
    block.forEach((h, i) => {
      for (let p = 0; p < points; p++) {
        mrt[i * points + p] = hours.mrtBaseC[h] + hours.mrtPerSkyK[h] * skyView[p] + (lit[p * HOURS_PER_YEAR + h] ? hours.mrtDirectK[h] : 0);
      }
      if (wind && directionOfHour) {
        for (let p = 0; p < points; p++) windOf[i * points + p] = pointWind10mMs(wind, p, directionOfHour[h], hours.metWindSpeedMs[h], hours.wind10mMs[h]);
      } else {
        windOf[i] = hours.wind10mMs[h];
      }
    });
    const utci = utciBatch({ airTemperatureC: ta, relativeHumidityPct: rh, meanRadiantTemperatureC: mrt, windSpeed10mMs: windOf });

    block.forEach((h, i) => {
      const periods = masksOfHour(h);
      const boundsBase = (h - input.spmv.start) * input.spmv.bins * 2;
      for (let p = 0; p < points; p++) {
        const k = i * points + p;
        const u = utci[k];
        const bin = wind ? binOf(windOf[k] / UTCI_10M_OVER_PEDESTRIAN) : 0;
        const lo = input.spmv.bounds[boundsBase + bin * 2];
        const hi = input.spmv.bounds[boundsBase + bin * 2 + 1];
        const spmvKnown = !Number.isNaN(lo) && Number.isFinite(mrt[k]);
        const acceptable = spmvKnown && mrt[k] >= lo && mrt[k] <= hi;
        for (const m of periods) {
          if (!Number.isNaN(u)) {
            valid[m][p]++;
            if (u <= 9) cold[m][p]++;
            else if (u <= 26) comfortable[m][p]++;
            else hot[m][p]++;
          }
          if (spmvKnown) {
            spmvValid[m][p]++;
            if (acceptable) spmvOk[m][p]++;
          }
        }
      }
    });
  }

  const percent = (numerators: Uint32Array[], denominators: Uint32Array[]) =>
    numerators.map((num, m) => Float32Array.from(num, (count, p) => (denominators[m][p] > 0 ? (100 * count) / denominators[m][p] : Number.NaN)));
  return {
    pctComfortable: percent(comfortable, valid),
    pctHot: percent(hot, valid),
    pctCold: percent(cold, valid),
    spmvPctAcceptable: percent(spmvOk, spmvValid),
    skyView,
  };
}

export const THERMAL_METRICS = [
  { metric: 'utci-pct-comfortable', field: 'pctComfortable', label: 'comfortable (9 < UTCI ≤ 26 °C)' },
  { metric: 'utci-pct-hot', field: 'pctHot', label: 'hot (UTCI > 26 °C)' },
  { metric: 'utci-pct-cold', field: 'pctCold', label: 'cold (UTCI ≤ 9 °C)' },
  { metric: 'spmv-pct-acceptable', field: 'spmvPctAcceptable', label: 'acceptable by SPMV* (|SPMV*| ≤ 0.5)' },
] as const;

export type ThermalField = (typeof THERMAL_METRICS)[number]['field'];

export interface ThermalLayersInput {
  surface: ResultSurface;
  periods: readonly AnalysisPeriod[];
  /** Whole-plane arrays per field, each in the order of `periods`. */
  values: Record<ThermalField, readonly Float32Array[]>;
  provenance: Provenance;
}

export function thermalLayers(input: ThermalLayersInput): AnalysisLayer[] {
  const { surface, provenance } = input;
  return input.periods.flatMap((period, i) => {
    const { season, timeWindow } = periodMetadata(period);
    return THERMAL_METRICS.map(({ metric, field, label }, j): AnalysisLayer => ({
      key: `${metric}.${periodKey(period)}`,
      analysisType: 'thermal-comfort',
      metric,
      season: { name: season.name },
      timeRange: timeRange(period.timeWindow),
      qualifiers: { index: metric.startsWith('spmv') ? 'SPMV*' : 'UTCI' },
      showByDefault: i === 0 && j === 0,
      result: {
        positions: surface.positions,
        indices: surface.indices,
        fields: { [field]: input.values[field][i] },
        metadata: {
          analysis: 'thermal-comfort',
          metric,
          units: '%',
          legend: legendRef(metric),
          season,
          timeWindow,
          fieldInfo: { [field]: { units: '%', metric, description: `Share of the period's hours ${label}` } },
          provenance,
        },
      },
    }));
  });
}
