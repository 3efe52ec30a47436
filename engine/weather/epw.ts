/**
 * EnergyPlus weather (EPW) reader.
 *
 * Format: EnergyPlus "Auxiliary Programs", chapter "Weather Converter Program" → "EnergyPlus
 * Weather File (EPW) Data Dictionary": 8 header lines (LOCATION … DATA PERIODS), then one
 * comma-separated row of 35 fields per record. Field positions and missing-value codes are those
 * of that dictionary (summarised in docs/reference/DOMAIN.md §1). Pure: takes the text, returns typed arrays.
 */

/** Station metadata from the LOCATION header line. */
export interface EpwLocation {
  city: string;
  state: string;
  country: string;
  /** Data source, e.g. "TMY3". */
  source: string;
  /** WMO station number, kept as text (some sources append letters). */
  wmo: string;
  latitudeDeg: number;
  longitudeDeg: number;
  /** Standard-time offset from UTC; EPW times are local standard time (no daylight saving). */
  timeZoneHours: number;
  elevationM: number;
}

/** A parsed EPW file: one entry per hour in every array, in file order. */
export interface Epw {
  location: EpwLocation;
  hours: number;
  year: Uint16Array;
  month: Uint8Array;
  day: Uint8Array;
  /** 1–24, hour ENDING: hour 1 covers 00:00–01:00 local standard time. */
  hour: Uint8Array;
  dryBulbC: Float64Array;
  relativeHumidityPct: Float64Array;
  stationPressurePa: Float64Array;
  globalHorizontalWhM2: Float64Array;
  directNormalWhM2: Float64Array;
  diffuseHorizontalWhM2: Float64Array;
  /** Direction the wind blows FROM, degrees clockwise from north; 0 with speed 0 means calm. */
  windDirectionDeg: Float64Array;
  /** Measured at 10 m at the station (EPW convention). */
  windSpeedMs: Float64Array;
  totalSkyCoverTenths: Float64Array;
}

/** Malformed EPW text; `line` is 1-based, `field` names the offending field when there is one. */
export class EpwParseError extends Error {
  readonly line: number | undefined;
  readonly field: string | undefined;
  constructor(message: string, line?: number, field?: string) {
    super(line === undefined ? message : `line ${line}: ${message}`);
    this.name = 'EpwParseError';
    this.line = line;
    this.field = field;
  }
}

/** Fields per data row in the EPW data dictionary (N1–N34 plus the A1 uncertainty flags). */
export const EPW_FIELD_COUNT = 35;
const HEADER_LINES = 8;

type FloatKey =
  | 'dryBulbC'
  | 'relativeHumidityPct'
  | 'stationPressurePa'
  | 'globalHorizontalWhM2'
  | 'directNormalWhM2'
  | 'diffuseHorizontalWhM2'
  | 'windDirectionDeg'
  | 'windSpeedMs'
  | 'totalSkyCoverTenths';

/**
 * Column, human name (for error messages) and missing-value code of each float field we keep.
 * Codes from the EPW data dictionary; EnergyPlus treats a value at or above the code as missing,
 * and so do we (some converters write 999.0 or 9999.9 instead of the exact code).
 */
const FLOAT_FIELDS: ReadonlyArray<{ key: FloatKey; column: number; name: string; missingAtOrAbove: number }> = [
  { key: 'dryBulbC', column: 6, name: 'dry bulb temperature', missingAtOrAbove: 99.9 },
  { key: 'relativeHumidityPct', column: 8, name: 'relative humidity', missingAtOrAbove: 999 },
  { key: 'stationPressurePa', column: 9, name: 'station pressure', missingAtOrAbove: 999999 },
  { key: 'globalHorizontalWhM2', column: 13, name: 'global horizontal radiation', missingAtOrAbove: 9999 },
  { key: 'directNormalWhM2', column: 14, name: 'direct normal radiation', missingAtOrAbove: 9999 },
  { key: 'diffuseHorizontalWhM2', column: 15, name: 'diffuse horizontal radiation', missingAtOrAbove: 9999 },
  { key: 'windDirectionDeg', column: 20, name: 'wind direction', missingAtOrAbove: 999 },
  { key: 'windSpeedMs', column: 21, name: 'wind speed', missingAtOrAbove: 999 },
  { key: 'totalSkyCoverTenths', column: 22, name: 'total sky cover', missingAtOrAbove: 99 },
];

// A plain decimal number; Number() alone would accept '', '0x1F' and 'Infinity'.
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function parseNumber(text: string, line: number, field: string): number {
  const trimmed = text.trim();
  if (!NUMBER.test(trimmed)) throw new EpwParseError(`${field}: '${trimmed}' is not a number`, line, field);
  return Number(trimmed);
}

function parseInteger(text: string, line: number, field: string, min: number, max: number): number {
  const value = parseNumber(text, line, field);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new EpwParseError(`${field}: '${text.trim()}' is not a whole number from ${min} to ${max}`, line, field);
  }
  return value;
}

function parseLocation(line: string): EpwLocation {
  const f = line.split(',');
  if (f[0]?.trim().toUpperCase() !== 'LOCATION') {
    throw new EpwParseError(`expected the LOCATION header, found '${line.slice(0, 40)}'`, 1, 'LOCATION');
  }
  if (f.length < 10) throw new EpwParseError(`LOCATION: expected 10 fields, found ${f.length}`, 1, 'LOCATION');
  return {
    city: f[1].trim(),
    state: f[2].trim(),
    country: f[3].trim(),
    source: f[4].trim(),
    wmo: f[5].trim(),
    latitudeDeg: parseNumber(f[6], 1, 'latitude'),
    longitudeDeg: parseNumber(f[7], 1, 'longitude'),
    timeZoneHours: parseNumber(f[8], 1, 'time zone'),
    elevationM: parseNumber(f[9], 1, 'elevation'),
  };
}

/** 1-based month lengths; February gets 29 only when the file says leap days are observed. */
function daysInMonth(month: number, leap: boolean): number {
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1];
}

function dayOfYear(month: number, day: number, leap: boolean): number {
  let total = day;
  for (let m = 1; m < month; m++) total += daysInMonth(m, leap);
  return total;
}

/** "m/d" or " m/ d" as written in DATA PERIODS. */
function parseMonthDay(text: string, field: string): { month: number; day: number } {
  const parts = text.split('/');
  if (parts.length < 2) throw new EpwParseError(`${field}: '${text.trim()}' is not a month/day`, HEADER_LINES, field);
  const month = parseInteger(parts[0], HEADER_LINES, field, 1, 12);
  const day = parseInteger(parts[1], HEADER_LINES, field, 1, 31);
  return { month, day };
}

/**
 * Number of data rows the header promises: the DATA PERIODS line gives the count of periods, the
 * records per hour and each period's start/end dates (data dictionary, "DATA PERIODS").
 */
function expectedRows(headerLines: string[]): number {
  const holidays = headerLines[4].split(',');
  const leap = holidays[0]?.trim().toUpperCase().startsWith('HOLIDAYS') && holidays[1]?.trim().toLowerCase() === 'yes';
  const f = headerLines[7].split(',');
  if (f[0]?.trim().toUpperCase() !== 'DATA PERIODS') {
    throw new EpwParseError(`expected the DATA PERIODS header, found '${headerLines[7].slice(0, 40)}'`, HEADER_LINES, 'DATA PERIODS');
  }
  const periods = parseInteger(f[1] ?? '', HEADER_LINES, 'number of data periods', 1, 366);
  const perHour = parseInteger(f[2] ?? '', HEADER_LINES, 'records per hour', 1, 60);
  if (perHour !== 1) {
    throw new EpwParseError(`records per hour: only hourly files are supported, this one has ${perHour}`, HEADER_LINES, 'records per hour');
  }
  let days = 0;
  for (let p = 0; p < periods; p++) {
    const start = parseMonthDay(f[5 + p * 4] ?? '', 'data period start');
    const end = parseMonthDay(f[6 + p * 4] ?? '', 'data period end');
    const first = dayOfYear(start.month, start.day, leap);
    const last = dayOfYear(end.month, end.day, leap);
    // A period may wrap the year end (e.g. 7/1–6/30).
    days += last >= first ? last - first + 1 : last + (leap ? 366 : 365) - first + 1;
  }
  return days * 24 * perHour;
}

/** Parses EPW text. Throws `EpwParseError` naming the line and field of the first problem. */
export function parseEpw(text: string): Epw {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  if (lines.length < HEADER_LINES) {
    throw new EpwParseError(`truncated file: ${lines.length} lines, an EPW file has ${HEADER_LINES} header lines before the data`);
  }
  const location = parseLocation(lines[0]);
  const rows = expectedRows(lines.slice(0, HEADER_LINES));
  const found = lines.length - HEADER_LINES;
  if (found > rows) {
    throw new EpwParseError(`more data rows than DATA PERIODS declares (${rows})`, HEADER_LINES + rows + 1);
  }

  const epw: Epw = {
    location,
    hours: rows,
    year: new Uint16Array(rows),
    month: new Uint8Array(rows),
    day: new Uint8Array(rows),
    hour: new Uint8Array(rows),
    dryBulbC: new Float64Array(rows),
    relativeHumidityPct: new Float64Array(rows),
    stationPressurePa: new Float64Array(rows),
    globalHorizontalWhM2: new Float64Array(rows),
    directNormalWhM2: new Float64Array(rows),
    diffuseHorizontalWhM2: new Float64Array(rows),
    windDirectionDeg: new Float64Array(rows),
    windSpeedMs: new Float64Array(rows),
    totalSkyCoverTenths: new Float64Array(rows),
  };

  for (let i = 0; i < found; i++) {
    const lineNo = HEADER_LINES + i + 1;
    const f = lines[HEADER_LINES + i].split(',');
    if (f.length !== EPW_FIELD_COUNT) {
      const truncated = i === found - 1 && f.length < EPW_FIELD_COUNT ? ' (the file looks truncated)' : '';
      throw new EpwParseError(`expected ${EPW_FIELD_COUNT} comma-separated fields, found ${f.length}${truncated}`, lineNo, 'row');
    }
    epw.year[i] = parseInteger(f[0], lineNo, 'year', 0, 9999);
    const month = parseInteger(f[1], lineNo, 'month', 1, 12);
    epw.month[i] = month;
    epw.day[i] = parseInteger(f[2], lineNo, 'day', 1, daysInMonth(month, true));
    epw.hour[i] = parseInteger(f[3], lineNo, 'hour', 1, 24);
    for (const field of FLOAT_FIELDS) {
      const value = parseNumber(f[field.column], lineNo, field.name);
      epw[field.key][i] = value >= field.missingAtOrAbove ? Number.NaN : value;
    }
  }
  if (found < rows) {
    throw new EpwParseError(`truncated file: DATA PERIODS declares ${rows} hourly rows, found ${found} (data ends at line ${HEADER_LINES + found})`);
  }
  return epw;
}
