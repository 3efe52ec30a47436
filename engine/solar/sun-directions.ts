/**
 * Sun directions for shading studies: the year's hourly sun vectors for a site, season × time-of-day
 * windows over them, and grouping of nearby directions so that one ray per group replaces one ray
 * per hour (DOMAIN.md §4: "hundreds of directions instead of thousands of rays per point").
 *
 * Time convention: a typical-year hour index h = 24·(day of year − 1) + hour of day (0–23) in LOCAL
 * STANDARD time (no daylight saving), i.e. the EPW row h, whose values describe the hour
 * [h, h + 1) ("hour ending" h + 1). The sun is sampled at the middle of that hour by default.
 * The year always has 365 days (8,760 hours); in a leap year 29 February is skipped, as EPW does.
 *
 * Vectors point from the ground towards the sun in world axes x = east, y = north, z = up.
 */
import { sunPositionFast, sunVector, type SunPositionOptions, type Vector3Tuple } from './sun-position.ts';

export interface SunDirection {
  /** Unit vector towards the sun (z ≤ 0: below the horizon, never lights anything). */
  vector: Vector3Tuple;
  /** Number of hours (or any time weight) this direction stands for. */
  weight: number;
}

export const HOURS_PER_YEAR = 8760;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

/** Month (1–12) and day of month of a 0-based day index in a 365-day year. */
export function monthAndDay(dayIndex: number): { month: number; day: number } {
  let remaining = dayIndex;
  for (let m = 0; m < 12; m++) {
    if (remaining < DAYS_IN_MONTH[m]) return { month: m + 1, day: remaining + 1 };
    remaining -= DAYS_IN_MONTH[m];
  }
  throw new RangeError(`day index ${dayIndex} outside a 365-day year`);
}

/** The instant of local standard time (year, month, day, hours) at UTC offset `utcOffsetHours`. */
export function localStandardTime(year: number, month: number, day: number, hours: number, utcOffsetHours: number): Date {
  return new Date(Date.UTC(year, month - 1, day) + (hours - utcOffsetHours) * 3_600_000);
}

export interface HourlySunOptions extends SunPositionOptions {
  /** Calendar year used for the sun's position (default 2023, a recent non-leap year). */
  year?: number;
  /** Minutes past the hour at which each hour is sampled (default 30: the middle of the hour). */
  sampleMinute?: number;
}

export interface HourlySun {
  /** hours × 3 unit vectors towards the sun, hour-major. */
  vectors: Float32Array;
  /** Refraction-corrected elevation per hour, degrees. */
  elevationDeg: Float32Array;
}

/** Sun vector and elevation for each of the 8,760 hours of a typical year at a site. */
export function hourlySunDirections(latitudeDeg: number, longitudeDeg: number, utcOffsetHours: number, options: HourlySunOptions = {}): HourlySun {
  const year = options.year ?? 2023;
  const sampleHours = (options.sampleMinute ?? 30) / 60;
  const vectors = new Float32Array(HOURS_PER_YEAR * 3);
  const elevationDeg = new Float32Array(HOURS_PER_YEAR);
  for (let dayIndex = 0; dayIndex < 365; dayIndex++) {
    const { month, day } = monthAndDay(dayIndex);
    for (let hour = 0; hour < 24; hour++) {
      const h = dayIndex * 24 + hour;
      const sun = sunPositionFast(localStandardTime(year, month, day, hour + sampleHours, utcOffsetHours), latitudeDeg, longitudeDeg, options);
      vectors.set(sunVector(sun.azimuthDeg, sun.elevationDeg), h * 3);
      elevationDeg[h] = sun.elevationDeg;
    }
  }
  return { vectors, elevationDeg };
}

/**
 * A season × time-of-day window: months startMonth…endMonth inclusive (wrapping over the new year
 * when start > end, e.g. 12 → 2 for winter), hours of day [startHour, endHour) local standard time
 * (wrapping past midnight when start > end).
 */
export interface SunWindow {
  startMonth: number;
  endMonth: number;
  startHour: number;
  endHour: number;
}

export const WHOLE_YEAR: SunWindow = { startMonth: 1, endMonth: 12, startHour: 0, endHour: 24 };

function inCyclicRange(value: number, start: number, endInclusive: number): boolean {
  return start <= endInclusive ? value >= start && value <= endInclusive : value >= start || value <= endInclusive;
}

/** 1 for the hours of the year inside the window, else 0 (length 8,760). */
export function windowHourMask(window: SunWindow): Uint8Array {
  const mask = new Uint8Array(HOURS_PER_YEAR);
  const wholeDay = window.endHour - window.startHour >= 24 || (window.startHour === 0 && window.endHour === 24);
  for (let dayIndex = 0; dayIndex < 365; dayIndex++) {
    const { month } = monthAndDay(dayIndex);
    if (!inCyclicRange(month, window.startMonth, window.endMonth)) continue;
    for (let hour = 0; hour < 24; hour++) {
      const inHours =
        wholeDay || (window.startHour < window.endHour ? hour >= window.startHour && hour < window.endHour : hour >= window.startHour || hour < window.endHour);
      if (inHours) mask[dayIndex * 24 + hour] = 1;
    }
  }
  return mask;
}

export interface GroupedSunDirections {
  directions: SunDirection[];
  /** For each input entry, the index of its group in `directions` (−1 where its weight was 0). */
  groupOf: Int32Array;
}

/**
 * Groups directions whose unit vectors fall in the same cell of a cubic grid of pitch
 * `quantisationDeg` (as a chord, in radians); each group's vector is the normalised weighted mean
 * of its members, so a member is never farther from its group's direction than the cell diagonal
 * (√3·quantisationDeg) and on average about a quarter of a cell (0.46° for 2° cells over a year).
 * All below-horizon entries collapse into one group pointing down: they count in the window's
 * total but never light a point. quantisationDeg = 0 keeps every direction.
 * `groupOf` maps each hour back to its group, so per-hour answers (sun-lit or not, for MRT) come
 * from one ray per group.
 */
export function groupSunDirections(vectors: Float32Array, weights: ArrayLike<number> | undefined, quantisationDeg: number): GroupedSunDirections {
  const count = vectors.length / 3;
  const cell = (quantisationDeg * Math.PI) / 180;
  const span = cell > 0 ? Math.ceil(1 / cell) + 2 : 0;
  const side = 2 * span + 1;
  const keyToGroup = new Map<number, number>();
  const sums: number[] = []; // x, y, z, weight per group
  const groupOf = new Int32Array(count).fill(-1);
  let belowWeight = 0;
  const below: number[] = [];
  for (let i = 0; i < count; i++) {
    const weight = weights ? weights[i] : 1;
    if (weight === 0) continue;
    const x = vectors[i * 3];
    const y = vectors[i * 3 + 1];
    const z = vectors[i * 3 + 2];
    if (!(z > 0)) {
      belowWeight += weight;
      below.push(i);
      continue;
    }
    const key = cell > 0 ? ((Math.round(x / cell) + span) * side + (Math.round(y / cell) + span)) * side + (Math.round(z / cell) + span) : i;
    let group = keyToGroup.get(key);
    if (group === undefined) {
      group = sums.length / 4;
      keyToGroup.set(key, group);
      sums.push(0, 0, 0, 0);
    }
    sums[group * 4] += x * weight;
    sums[group * 4 + 1] += y * weight;
    sums[group * 4 + 2] += z * weight;
    sums[group * 4 + 3] += weight;
    groupOf[i] = group;
  }
  const directions: SunDirection[] = [];
  for (let g = 0; g < sums.length / 4; g++) {
    const length = Math.hypot(sums[g * 4], sums[g * 4 + 1], sums[g * 4 + 2]);
    directions.push({ vector: [sums[g * 4] / length, sums[g * 4 + 1] / length, sums[g * 4 + 2] / length], weight: sums[g * 4 + 3] });
  }
  if (belowWeight > 0) {
    for (const i of below) groupOf[i] = directions.length;
    directions.push({ vector: [0, 0, -1], weight: belowWeight });
  }
  return { directions, groupOf };
}

/**
 * Default grouping cell: 2°. On the demo district a year's ~4,400 daylight hours become ~770
 * directions and the per-point sun-lit share moves by 0.1 percentage point on average against one
 * ray per hour (measured in tests/bench/sun-hours.bench.ts).
 */
export const DEFAULT_QUANTISATION_DEG = 2;

export interface WindowDirectionsOptions extends HourlySunOptions {
  /** Grouping cell size in degrees (default `DEFAULT_QUANTISATION_DEG`; 0 = one direction per hour). */
  quantisationDeg?: number;
}

/** The grouped sun directions of a window's hours; their weights sum to the window's hour count. */
export function sunDirectionsForWindow(
  latitudeDeg: number,
  longitudeDeg: number,
  utcOffsetHours: number,
  window: SunWindow,
  options: WindowDirectionsOptions = {},
): SunDirection[] {
  const { vectors } = hourlySunDirections(latitudeDeg, longitudeDeg, utcOffsetHours, options);
  return groupSunDirections(vectors, windowHourMask(window), options.quantisationDeg ?? DEFAULT_QUANTISATION_DEG).directions;
}
