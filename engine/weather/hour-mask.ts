/**
 * Hour masks: which hours of a weather year a season × time-of-day window selects. Comfort and
 * solar analyses take the mask (1 = hour counted, 0 = not) instead of re-deriving calendars.
 *
 * Hour convention. EPW hours are hour-ENDING in local standard time: hour h covers
 * (h−1):00–h:00 (EnergyPlus Auxiliary Programs, EPW data dictionary, field "Hour"). An hour is in
 * a time window "HH:MM-HH:MM" when its MIDPOINT, (h − ½):00, lies in [start, end). So
 * "07:00-19:00" selects hours ending 08…19 (07:00–19:00, 12 hours), whole-hour windows select
 * exactly the hours inside them, and a window edge at half past counts the hour it splits once.
 * A window whose start is after its end runs overnight ("22:00-06:00"); "00:00-24:00" is all day.
 */
import type { Epw } from './epw.ts';

export interface MonthDay {
  month: number;
  day: number;
}

/** A list of months (1–12), or an inclusive date range that may wrap the year end (Nov 15 → Feb 15). */
export type Season = { months: readonly number[] } | { from: MonthDay; to: MonthDay };

/** Minutes after local midnight; `endMinutes` may be 1440 (24:00). */
export interface TimeWindow {
  startMinutes: number;
  endMinutes: number;
}

export type HourCalendar = Pick<Epw, 'hours' | 'month' | 'day' | 'hour'>;

const CLOCK = /^(\d{1,2}):(\d{2})$/;

function parseClock(text: string, whole: string): number {
  const match = CLOCK.exec(text.trim());
  const hours = match ? Number(match[1]) : Number.NaN;
  const minutes = match ? Number(match[2]) : Number.NaN;
  if (!match || minutes > 59 || hours > 24 || (hours === 24 && minutes !== 0)) {
    throw new RangeError(`time window '${whole}': '${text.trim()}' is not a time HH:MM between 00:00 and 24:00`);
  }
  return hours * 60 + minutes;
}

/** Parses "HH:MM-HH:MM". */
export function parseTimeWindow(text: string): TimeWindow {
  const parts = text.split('-');
  if (parts.length !== 2) throw new RangeError(`time window '${text}': expected HH:MM-HH:MM`);
  const startMinutes = parseClock(parts[0], text);
  const endMinutes = parseClock(parts[1], text);
  if (startMinutes === endMinutes) throw new RangeError(`time window '${text}': start and end are the same, so it selects nothing`);
  return { startMinutes, endMinutes };
}

export const ALL_DAY: TimeWindow = { startMinutes: 0, endMinutes: 1440 };

/** Whether hour-ending `hour` (1–24) belongs to the window, by its midpoint (see header). */
export function hourInWindow(hour: number, window: TimeWindow): boolean {
  const midpoint = hour * 60 - 30;
  const { startMinutes: start, endMinutes: end } = window;
  return start < end ? midpoint >= start && midpoint < end : midpoint >= start || midpoint < end;
}

function validMonthDay(value: MonthDay, label: string): number {
  if (!Number.isInteger(value.month) || value.month < 1 || value.month > 12 || !Number.isInteger(value.day) || value.day < 1 || value.day > 31) {
    throw new RangeError(`season ${label}: ${value.month}/${value.day} is not a month/day`);
  }
  return value.month * 100 + value.day;
}

/** A predicate on (month, day) for the season; undefined season = the whole year. */
function seasonPredicate(season: Season | undefined): (month: number, day: number) => boolean {
  if (season === undefined) return () => true;
  if ('months' in season) {
    const wanted = new Uint8Array(13);
    for (const month of season.months) {
      if (!Number.isInteger(month) || month < 1 || month > 12) throw new RangeError(`season: month ${month} is not 1–12`);
      wanted[month] = 1;
    }
    return (month) => wanted[month] === 1;
  }
  // Comparing month·100 + day orders dates within a year without a calendar.
  const from = validMonthDay(season.from, 'start');
  const to = validMonthDay(season.to, 'end');
  return from <= to
    ? (month, day) => month * 100 + day >= from && month * 100 + day <= to
    : (month, day) => month * 100 + day >= from || month * 100 + day <= to;
}

/** 1 for each hour in the season and time window, else 0. */
export function hourMask(calendar: HourCalendar, options: { season?: Season; timeWindow?: string | TimeWindow } = {}): Uint8Array {
  const inSeason = seasonPredicate(options.season);
  const window = options.timeWindow === undefined ? ALL_DAY : typeof options.timeWindow === 'string' ? parseTimeWindow(options.timeWindow) : options.timeWindow;
  const inWindow = new Uint8Array(25);
  for (let h = 1; h <= 24; h++) inWindow[h] = hourInWindow(h, window) ? 1 : 0;
  const mask = new Uint8Array(calendar.hours);
  for (let i = 0; i < calendar.hours; i++) {
    mask[i] = inWindow[calendar.hour[i]] === 1 && inSeason(calendar.month[i], calendar.day[i]) ? 1 : 0;
  }
  return mask;
}

/** Number of selected hours. */
export function countSelected(mask: Uint8Array): number {
  let count = 0;
  for (let i = 0; i < mask.length; i++) count += mask[i] === 0 ? 0 : 1;
  return count;
}
