/**
 * What the weather panels draw (SPEC §2 weather data form: the weather panels): a 16-sector
 * wind rose for a season and time of day, monthly temperature and wind summaries, and the data's
 * coverage. The engine does the counting (engine/weather/wind-rose.ts, hour-mask.ts); this module
 * chooses the hours and shapes the answer.
 *
 * Seasons are meteorological (whole months: winter = Dec–Feb, spring = Mar–May, summer = Jun–Aug,
 * autumn = Sep–Nov; WMO climatological practice) and follow the station's hemisphere: south of the
 * equator "winter" is Jun–Aug. The monthly summaries and coverage use every hour; only the wind
 * rose follows the filter.
 */
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { Coverage, MonthSummary, WeatherSummary } from '@canopy/contract/weather.ts';
import type { Epw } from '@canopy/engine/weather/epw.ts';
import { countSelected, hourMask, parseTimeWindow } from '@canopy/engine/weather/hour-mask.ts';
import { DEFAULT_SPEED_BINS_MS, sectorIndex, windRose } from '@canopy/engine/weather/wind-rose.ts';
import { requireVisibleProject } from '../access.ts';
import { metSourceByMetId, representMetSource } from './met-sources.ts';
import { loadStationEpw } from './stations.ts';

const NORTHERN_SEASONS: Record<string, number[]> = {
  winter: [12, 1, 2],
  spring: [3, 4, 5],
  summer: [6, 7, 8],
  autumn: [9, 10, 11],
};
const SOUTHERN: Record<string, string> = { winter: 'summer', spring: 'autumn', summer: 'winter', autumn: 'spring' };

/** Months of a season name or a "12,1,2" list; 400 on the `season` field otherwise. */
export function seasonMonths(season: string, latitudeDeg: number): number[] {
  const name = season.trim().toLowerCase();
  if (name === '' || name === 'all') return [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12];
  if (name in NORTHERN_SEASONS) return [...NORTHERN_SEASONS[latitudeDeg < 0 ? SOUTHERN[name]! : name]!].sort((a, b) => a - b);
  const months = name.split(',').map((m) => Number(m.trim()));
  if (months.length > 0 && months.every((m) => Number.isInteger(m) && m >= 1 && m <= 12)) return [...new Set(months)].sort((a, b) => a - b);
  throw DomainError.field('season', `"${season}" is not a season: use all, winter, spring, summer, autumn or months such as 12,1,2.`);
}

function speedBins(raw: string | undefined): readonly number[] {
  if (raw === undefined || raw.trim() === '') return DEFAULT_SPEED_BINS_MS;
  const bins = raw.split(',').map((b) => Number(b.trim()));
  const ascending = bins.every((b, i) => Number.isFinite(b) && b > 0 && (i === 0 || b > bins[i - 1]!));
  if (!ascending || bins.length > 12) throw DomainError.field('speed_bins', 'Give up to 12 positive speeds in m/s, ascending, separated by commas.');
  return bins;
}

const round = (value: number, digits = 2) => {
  const f = 10 ** digits;
  return Math.round(value * f) / f;
};
const orNull = (value: number, digits = 2) => (Number.isFinite(value) ? round(value, digits) : null);

function monthly(epw: Epw): MonthSummary[] {
  const out: MonthSummary[] = [];
  for (let month = 1; month <= 12; month++) {
    let hours = 0;
    let tSum = 0;
    let tCount = 0;
    let tMin = Infinity;
    let tMax = -Infinity;
    const dailyMin = new Map<number, number>();
    const dailyMax = new Map<number, number>();
    let wSum = 0;
    let wCount = 0;
    let wMax = -Infinity;
    let calm = 0;
    const sectors = new Uint32Array(16);
    for (let h = 0; h < epw.hours; h++) {
      if (epw.month[h] !== month) continue;
      hours++;
      const t = epw.dryBulbC[h]!;
      if (Number.isFinite(t)) {
        tSum += t;
        tCount++;
        tMin = Math.min(tMin, t);
        tMax = Math.max(tMax, t);
        const day = epw.day[h]!;
        dailyMin.set(day, Math.min(dailyMin.get(day) ?? Infinity, t));
        dailyMax.set(day, Math.max(dailyMax.get(day) ?? -Infinity, t));
      }
      const speed = epw.windSpeedMs[h]!;
      if (Number.isFinite(speed)) {
        wSum += speed;
        wCount++;
        wMax = Math.max(wMax, speed);
        if (speed === 0) calm++;
        else if (Number.isFinite(epw.windDirectionDeg[h]!)) sectors[sectorIndex(epw.windDirectionDeg[h]!, 16)]!++;
      }
    }
    const mean = (values: Iterable<number>) => {
      let sum = 0;
      let n = 0;
      for (const v of values) {
        sum += v;
        n++;
      }
      return n === 0 ? Number.NaN : sum / n;
    };
    let prevailing = -1;
    for (let s = 0; s < 16; s++) if (sectors[s]! > 0 && (prevailing < 0 || sectors[s]! > sectors[prevailing]!)) prevailing = s;
    out.push({
      month,
      hours,
      temperature_c: {
        min: orNull(tMin, 1),
        mean_daily_min: orNull(mean(dailyMin.values())),
        mean: orNull(tCount ? tSum / tCount : Number.NaN),
        mean_daily_max: orNull(mean(dailyMax.values())),
        max: orNull(tMax, 1),
      },
      wind: {
        mean_speed_ms: orNull(wCount ? wSum / wCount : Number.NaN),
        max_speed_ms: orNull(wMax, 1),
        calm_share: wCount ? round(calm / wCount, 4) : null,
        prevailing_direction_deg: prevailing < 0 ? null : prevailing * 22.5,
      },
    });
  }
  return out;
}

const COVERAGE_FIELDS = {
  dry_bulb: 'dryBulbC',
  relative_humidity: 'relativeHumidityPct',
  wind_speed: 'windSpeedMs',
  wind_direction: 'windDirectionDeg',
  global_horizontal: 'globalHorizontalWhM2',
  direct_normal: 'directNormalWhM2',
  diffuse_horizontal: 'diffuseHorizontalWhM2',
} as const;

function coverage(epw: Epw): Coverage {
  const missing: Record<string, number> = {};
  for (const [name, key] of Object.entries(COVERAGE_FIELDS)) {
    let n = 0;
    for (let h = 0; h < epw.hours; h++) if (!Number.isFinite(epw[key][h]!)) n++;
    missing[name] = n;
  }
  const byMonth = new Array<number>(12).fill(0);
  const byDay: number[] = [];
  let complete = 0;
  let previousDay = -1;
  for (let h = 0; h < epw.hours; h++) {
    const dayKey = epw.month[h]! * 100 + epw.day[h]!;
    if (dayKey !== previousDay) {
      byDay.push(0);
      previousDay = dayKey;
    }
    const anyMissing = Object.values(COVERAGE_FIELDS).some((key) => !Number.isFinite(epw[key][h]!));
    if (anyMissing) {
      byMonth[epw.month[h]! - 1]!++;
      byDay[byDay.length - 1]!++;
    } else {
      complete++;
    }
  }
  return {
    hours: epw.hours,
    expected_hours: byDay.length * 24,
    missing,
    missing_by_month: byMonth,
    missing_by_day: byDay,
    complete_share: epw.hours ? round(complete / epw.hours, 4) : 0,
  };
}

export interface SummaryQuery {
  met_id: string;
  season?: string | undefined;
  time?: string | undefined;
  speed_bins?: string | undefined;
}

export function summarise(epw: Epw, query: Omit<SummaryQuery, 'met_id'>) {
  const months = seasonMonths(query.season ?? 'all', epw.location.latitudeDeg);
  const time = query.time?.trim() || '00:00-24:00';
  let window;
  try {
    window = parseTimeWindow(time);
  } catch (error) {
    throw DomainError.field('time', error instanceof Error ? error.message : 'Use HH:MM-HH:MM.');
  }
  const bins = speedBins(query.speed_bins);
  const mask = hourMask(epw, { season: { months }, timeWindow: window });
  const rose = windRose(epw.windDirectionDeg, epw.windSpeedMs, { sectors: 16, speedBinsMs: bins, hourMask: mask });
  const binCount = rose.speedBinsMs.length + 1;
  const counts = Array.from({ length: rose.sectors }, (_, s) => Array.from(rose.speedBinCounts.subarray(s * binCount, (s + 1) * binCount)));
  return {
    filter: { season: query.season?.trim() || 'all', months, time, hours_selected: countSelected(mask) },
    wind_rose: {
      sectors: rose.sectors,
      sector_width_deg: rose.sectorWidthDeg,
      sector_centres_deg: Array.from(rose.sectorCentresDeg),
      speed_bins_ms: [...rose.speedBinsMs],
      speed_bin_labels: rose.speedBinLabels,
      counts,
      sector_counts: Array.from(rose.sectorCounts),
      calm_count: rose.calmCount,
      missing_count: rose.missingCount,
      total_count: rose.totalCount,
      calm_share: rose.totalCount ? round(rose.calmCount / rose.totalCount, 4) : 0,
    },
    monthly: monthly(epw),
    coverage: coverage(epw),
  };
}

export async function weatherSummary(db: Db, user: AuthUser, projectId: number, query: SummaryQuery): Promise<WeatherSummary> {
  await requireVisibleProject(db, user, projectId);
  const row = await metSourceByMetId(db, projectId, query.met_id);
  const epw = await loadStationEpw(db, row.stationId);
  const { id: _id, distance_km: _d, upload_id: _u, created_at: _c, ...station } = representMetSource(row);
  return { met_id: row.metId, station, ...summarise(epw, query) };
}
