/**
 * Analysis periods: a season × time-of-day window, the unit every analysis reports per (% sun-lit,
 * % comfortable, comfort class…), and the typical-year calendar all hourly analyses share.
 *
 * One hour index for everything: h = 24·(day of year − 1) + hour of day (0–23), local standard time,
 * 365 days — the index of `engine/solar/sun-directions.ts` (sun sampled at the middle of the hour) and
 * the row of an EPW typical-year file, whose hour-ending value `hour` = h mod 24 + 1 covers the same
 * hour. Masks come from `engine/weather/hour-mask.ts`, so seasons and windows mean the same thing in
 * every analysis (an hour is in a window when its midpoint is).
 */
import type { Epw } from '../weather/epw.ts';
import { hourMask, parseTimeWindow, type HourCalendar, type MonthDay, type Season } from '../weather/hour-mask.ts';
import { HOURS_PER_YEAR, monthAndDay } from '../solar/sun-directions.ts';

export { HOURS_PER_YEAR };

/** A season: months (1–12) or an inclusive date range (may wrap the year end). */
export interface AnalysisSeason {
  id: string;
  name: string;
  months?: number[];
  from?: MonthDay;
  to?: MonthDay;
}

/** A time-of-day window "HH:MM-HH:MM" (hour-ending convention of hour-mask.ts). */
export interface AnalysisTimeWindow {
  id: string;
  name: string;
  window: string;
}

export interface AnalysisPeriod {
  season: AnalysisSeason;
  timeWindow: AnalysisTimeWindow;
}

/** The 8,760-hour calendar of a typical (non-leap) year in the index convention above. */
export function typicalYearCalendar(): HourCalendar {
  const month = new Uint8Array(HOURS_PER_YEAR);
  const day = new Uint8Array(HOURS_PER_YEAR);
  const hour = new Uint8Array(HOURS_PER_YEAR);
  for (let d = 0; d < 365; d++) {
    const md = monthAndDay(d);
    for (let h = 0; h < 24; h++) {
      month[d * 24 + h] = md.month;
      day[d * 24 + h] = md.day;
      hour[d * 24 + h] = h + 1;
    }
  }
  return { hours: HOURS_PER_YEAR, month, day, hour };
}

function toSeason(season: AnalysisSeason): Season | undefined {
  if (season.months) return { months: season.months };
  if (season.from && season.to) return { from: season.from, to: season.to };
  return undefined; // neither: the whole year
}

/** 1 for each hour of the typical year inside the period. */
export function periodMask(period: AnalysisPeriod, calendar: HourCalendar = typicalYearCalendar()): Uint8Array {
  return hourMask(calendar, { season: toSeason(period.season), timeWindow: period.timeWindow.window });
}

/** Hours counted by at least one mask: the only hours an analysis needs to compute. */
export function unionMask(masks: readonly Uint8Array[], hours: number = HOURS_PER_YEAR): Uint8Array {
  const union = new Uint8Array(hours);
  for (const mask of masks) for (let h = 0; h < hours; h++) if (mask[h]) union[h] = 1;
  return union;
}

/**
 * The typical-year rows of an EPW: 8,760 as they are; a leap-year file (8,784 rows) loses 29 February,
 * as EnergyPlus itself does when a weather year is run as a typical one.
 */
export function typicalYearRows(epw: Pick<Epw, 'hours' | 'month' | 'day'>): Int32Array {
  if (epw.hours === HOURS_PER_YEAR) return Int32Array.from({ length: HOURS_PER_YEAR }, (_, i) => i);
  if (epw.hours === HOURS_PER_YEAR + 24) {
    const rows = new Int32Array(HOURS_PER_YEAR);
    let k = 0;
    for (let i = 0; i < epw.hours; i++) if (!(epw.month[i] === 2 && epw.day[i] === 29)) rows[k++] = i;
    if (k === HOURS_PER_YEAR) return rows;
  }
  throw new RangeError(`weather: a full year of hourly data is needed (8,760 or 8,784 rows), this file has ${epw.hours}`);
}

/** Picks the typical-year rows of an hourly series as float32. */
export function pickRows(values: ArrayLike<number>, rows: Int32Array): Float32Array {
  const out = new Float32Array(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = values[rows[i]];
  return out;
}

/** Result metadata of a period (docs/results-format.md: `season`, `timeWindow`). */
export function periodMetadata(period: AnalysisPeriod): {
  season: { name: string; months?: number[]; from?: MonthDay; to?: MonthDay };
  timeWindow: { name: string; window: string };
} {
  const { season, timeWindow } = period;
  return {
    season: { name: season.name, ...(season.months ? { months: season.months } : {}), ...(season.from ? { from: season.from, to: season.to } : {}) },
    timeWindow: { name: timeWindow.name, window: timeWindow.window },
  };
}

function clock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** The window as SPEC §3's time_range: {name, start_time, end_time}. */
export function timeRange(window: AnalysisTimeWindow): { name: string; start_time: string; end_time: string } {
  const parsed = parseTimeWindow(window.window);
  return { name: window.name, start_time: clock(parsed.startMinutes), end_time: clock(parsed.endMinutes) };
}

/** A file- and key-safe slug of a period: "summer.daytime". */
export function periodKey(period: AnalysisPeriod): string {
  const slug = (text: string) =>
    text
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'x';
  return `${slug(period.season.id)}.${slug(period.timeWindow.id)}`;
}

/** Every season × every window, in that order. */
export function crossPeriods(seasons: readonly AnalysisSeason[], windows: readonly AnalysisTimeWindow[]): AnalysisPeriod[] {
  return seasons.flatMap((season) => windows.map((timeWindow) => ({ season, timeWindow })));
}
