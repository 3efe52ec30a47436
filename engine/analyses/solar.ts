/**
 * Solar exposure pipeline (DOMAIN.md §4), clear sky — geometry, not weather:
 * - % sun-lit per season × time-of-day window: the share of the window's hours in which a point sees
 *   the sun (above the horizon, ray to it unobstructed by any scenario geometry). Hours come from the
 *   typical-year index of periods.ts; rays are grouped by sun direction with shadow-edge refinement
 *   (`sunlitByHour`, engine/solar/sunlit-hours.ts), so a point costs ~1,000 rays instead of ~4,400.
 * - clear-sky sun hours on a single date over a window, sampled at the scenario's minute interval
 *   (`sunHoursOnDate`, engine/solar/sun-hours.ts).
 * `solarChunk` computes one chunk of points (run in a worker thread); `solarLayers` assembles the
 * whole plane's arrays into result layers.
 */
import type { MeshBVH } from 'three-mesh-bvh';
import { hourlySunDirections, type HourlySun } from '../solar/sun-directions.ts';
import { sunHoursOnDate } from '../solar/sun-hours.ts';
import { sunlitByHour } from '../solar/sunlit-hours.ts';
import { parseTimeWindow } from '../weather/hour-mask.ts';
import { legendRef } from './legends.ts';
import type { AnalysisLayer, Provenance, ResultSurface } from './layers.ts';
import { HOURS_PER_YEAR, periodKey, periodMetadata, timeRange, unionMask, type AnalysisPeriod } from './periods.ts';

export interface SiteLocation {
  latitudeDeg: number;
  longitudeDeg: number;
  /** Local standard time offset from UTC, hours (the EPW header's time zone). */
  utcOffsetHours: number;
  elevationM?: number;
}

/** One clear-sky sun-hours map: a date, a window on it and the sampling interval. */
export interface SunHoursRequest {
  id: string;
  name: string;
  /** ISO date, YYYY-MM-DD. */
  date: string;
  /** "HH:MM-HH:MM", not overnight. */
  window: string;
  minuteInterval: number;
}

/** The year's hourly sun at the site (typical-year hour index). */
export function siteSun(site: SiteLocation): HourlySun {
  return hourlySunDirections(site.latitudeDeg, site.longitudeDeg, site.utcOffsetHours, { elevationM: site.elevationM });
}

export interface SolarChunkInput {
  /** xyz per point of this chunk. */
  points: Float32Array;
  normals?: Float32Array;
  /** 8,760 × 3 unit vectors towards the sun (`siteSun(site).vectors`). */
  hourVectors: Float32Array;
  /** One typical-year hour mask per period. */
  masks: Uint8Array[];
  site: SiteLocation;
  sunHours: SunHoursRequest[];
  /** Sun-direction grouping cell, degrees (default engine/solar's 2°). */
  quantisationDeg?: number;
}

export interface SolarChunkOutput {
  /** Per period, per point: % of the period's hours sun-lit (0–100). */
  pctSunlit: Float32Array[];
  /** Per sun-hours request, per point: hours of direct sun. */
  sunHours: Float32Array[];
}

/** Per point and period, the percentage of masked hours in which `lit` is set. */
export function maskedPercent(lit: Uint8Array, points: number, masks: readonly Uint8Array[]): Float32Array[] {
  return masks.map((mask) => {
    let total = 0;
    for (let h = 0; h < HOURS_PER_YEAR; h++) total += mask[h] ? 1 : 0;
    const out = new Float32Array(points);
    if (total === 0) return out.fill(Number.NaN);
    for (let p = 0; p < points; p++) {
      const row = p * HOURS_PER_YEAR;
      let count = 0;
      for (let h = 0; h < HOURS_PER_YEAR; h++) if (mask[h] && lit[row + h]) count++;
      out[p] = (100 * count) / total;
    }
    return out;
  });
}

/** Start and end of a same-day window in decimal hours. */
export function windowHours(window: string): { startHour: number; endHour: number } {
  const parsed = parseTimeWindow(window);
  if (parsed.endMinutes <= parsed.startMinutes) throw new RangeError(`sun hours: window '${window}' must not run past midnight`);
  return { startHour: parsed.startMinutes / 60, endHour: parsed.endMinutes / 60 };
}

export function parseIsoDate(date: string): { year: number; month: number; day: number } {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const parsed = match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : undefined;
  if (!match || !parsed || parsed.getUTCDate() !== Number(match[3])) throw new RangeError(`'${date}' is not a date YYYY-MM-DD`);
  return { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
}

export function solarChunk(input: SolarChunkInput, bvh: MeshBVH): SolarChunkOutput {
  const points = input.points.length / 3;
  let pctSunlit: Float32Array[] = [];
  if (input.masks.length > 0) {
    // One cast over every hour some period counts; hours outside all periods are skipped.
    const { lit } = sunlitByHour(input.points, input.normals, input.hourVectors, bvh, {
      hourWeights: unionMask(input.masks),
      quantisationDeg: input.quantisationDeg,
    });
    pctSunlit = maskedPercent(lit, points, input.masks);
  }
  const sunHours = input.sunHours.map((request) =>
    sunHoursOnDate(input.points, input.normals, bvh, {
      ...parseIsoDate(request.date),
      ...windowHours(request.window),
      minuteInterval: request.minuteInterval,
      latitudeDeg: input.site.latitudeDeg,
      longitudeDeg: input.site.longitudeDeg,
      utcOffsetHours: input.site.utcOffsetHours,
      elevationM: input.site.elevationM,
    }),
  );
  return { pctSunlit, sunHours };
}

export interface SolarLayersInput {
  surface: ResultSurface;
  periods: readonly AnalysisPeriod[];
  sunHoursRequests: readonly SunHoursRequest[];
  /** Whole-plane arrays, in the order of `periods` and `sunHoursRequests`. */
  pctSunlit: readonly Float32Array[];
  sunHours: readonly Float32Array[];
  site: SiteLocation;
  provenance: Provenance;
}

export function solarLayers(input: SolarLayersInput): AnalysisLayer[] {
  const { surface, site } = input;
  const provenance = {
    ...input.provenance,
    sky: 'clear sky',
    site: { latitudeDeg: site.latitudeDeg, longitudeDeg: site.longitudeDeg, utcOffsetHours: site.utcOffsetHours },
  };
  const sunlit = input.periods.map((period, i): AnalysisLayer => {
    const { season, timeWindow } = periodMetadata(period);
    return {
      key: `pct-sunlit.${periodKey(period)}`,
      analysisType: 'solar-sunlit',
      metric: 'pct-sunlit',
      season: { name: season.name },
      timeRange: timeRange(period.timeWindow),
      qualifiers: { sky: 'Clear sky' },
      showByDefault: i === 0,
      result: {
        positions: surface.positions,
        indices: surface.indices,
        fields: { pctSunlit: input.pctSunlit[i] },
        metadata: { analysis: 'solar-sunlit', metric: 'pct-sunlit', units: '%', legend: legendRef('pct-sunlit'), season, timeWindow, provenance },
      },
    };
  });
  const hours = input.sunHoursRequests.map((request, i): AnalysisLayer => ({
    key: `sun-hours.${request.id}`,
    analysisType: 'solar-sun-hours',
    metric: 'sun-hours',
    singleDate: request.date,
    timeRange: timeRange({ id: request.id, name: request.name, window: request.window }),
    qualifiers: { sky: 'Clear sky', interval: `${request.minuteInterval} min` },
    showByDefault: input.periods.length === 0 && i === 0,
    result: {
      positions: surface.positions,
      indices: surface.indices,
      fields: { sunHours: input.sunHours[i] },
      metadata: {
        analysis: 'solar-sun-hours',
        metric: 'sun-hours',
        units: 'h',
        legend: legendRef('sun-hours'),
        singleDate: request.date,
        timeWindow: { name: request.name, window: request.window },
        provenance: { ...provenance, minuteInterval: request.minuteInterval },
      },
    },
  }));
  return [...sunlit, ...hours];
}
