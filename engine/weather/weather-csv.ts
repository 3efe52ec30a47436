/**
 * The hourly weather CSV users download (`weather_data_<met_id>.csv`) and can read back.
 *
 * One header row naming each column with its unit, then one row per hour. The timestamp is the
 * END of the hour (EPW's hour-ending convention) in local standard time with the station's UTC
 * offset, ISO 8601 style: EPW hour 1 of 1 January is `1986-01-01T01:00-06:00`, hour 24 of
 * 31 January is `1986-02-01T00:00-06:00`. Missing values are empty fields. Numbers are written
 * with JavaScript's shortest round-trip formatting, so parsing the CSV gives back identical values.
 */
import type { Epw } from './epw.ts';

export const WEATHER_CSV_COLUMNS = [
  'timestamp',
  'dry_bulb_C',
  'relative_humidity_pct',
  'wind_direction_deg',
  'wind_speed_m_s',
  'global_horizontal_Wh_m2',
  'direct_normal_Wh_m2',
  'diffuse_horizontal_Wh_m2',
] as const;

type ValueKey = 'dryBulbC' | 'relativeHumidityPct' | 'windDirectionDeg' | 'windSpeedMs' | 'globalHorizontalWhM2' | 'directNormalWhM2' | 'diffuseHorizontalWhM2';

/** Value columns in CSV order (after the timestamp). */
const VALUE_KEYS: readonly ValueKey[] = [
  'dryBulbC',
  'relativeHumidityPct',
  'windDirectionDeg',
  'windSpeedMs',
  'globalHorizontalWhM2',
  'directNormalWhM2',
  'diffuseHorizontalWhM2',
];

/** What the CSV holds: the hourly series of an Epw without the station header. */
export type WeatherSeries = Pick<Epw, 'hours' | 'year' | 'month' | 'day' | 'hour' | ValueKey> & {
  timeZoneHours: number;
};

/** Input of `weatherToCsv`: a parsed EPW (or anything with the same arrays). */
export type WeatherCsvInput = Pick<Epw, 'hours' | 'year' | 'month' | 'day' | 'hour' | ValueKey> & {
  location: { timeZoneHours: number };
};

export class WeatherCsvParseError extends Error {
  readonly line: number | undefined;
  constructor(message: string, line?: number) {
    super(line === undefined ? message : `line ${line}: ${message}`);
    this.name = 'WeatherCsvParseError';
    this.line = line;
  }
}

const pad = (value: number, width = 2): string => String(value).padStart(width, '0');

/** "+05:30", "-06:00", "+00:00". */
function formatOffset(timeZoneHours: number): string {
  const totalMinutes = Math.round(Math.abs(timeZoneHours) * 60);
  return `${timeZoneHours < 0 ? '-' : '+'}${pad(Math.floor(totalMinutes / 60))}:${pad(totalMinutes % 60)}`;
}

/** Wall-clock arithmetic in a UTC Date, so hour 24 rolls into the next day (and year) correctly. */
function hourEndingTimestamp(year: number, month: number, day: number, hour: number, offset: string): string {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, 0, 0, 0);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}` + `T${pad(date.getUTCHours())}:00${offset}`;
}

const formatValue = (value: number): string => (Number.isNaN(value) ? '' : String(value));

export function weatherToCsv(epw: WeatherCsvInput): string {
  const offset = formatOffset(epw.location.timeZoneHours);
  const rows: string[] = [WEATHER_CSV_COLUMNS.join(',')];
  for (let h = 0; h < epw.hours; h++) {
    const cells = [hourEndingTimestamp(epw.year[h], epw.month[h], epw.day[h], epw.hour[h], offset)];
    for (const key of VALUE_KEYS) cells.push(formatValue(epw[key][h]));
    rows.push(cells.join(','));
  }
  return `${rows.join('\n')}\n`;
}

const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):00([+-])(\d{2}):(\d{2})$/;
const NUMBER = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

/** Reads a CSV written by `weatherToCsv`; columns are matched by header name. */
export function parseWeatherCsv(text: string): WeatherSeries {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  while (lines.length > 0 && lines[lines.length - 1].trim() === '') lines.pop();
  if (lines.length === 0) throw new WeatherCsvParseError('empty file');
  const header = lines[0].split(',').map((name) => name.trim());
  const columnOf = WEATHER_CSV_COLUMNS.map((name) => {
    const index = header.indexOf(name);
    if (index < 0) throw new WeatherCsvParseError(`missing column '${name}'`, 1);
    return index;
  });

  const hours = lines.length - 1;
  const series: WeatherSeries = {
    hours,
    timeZoneHours: 0,
    year: new Uint16Array(hours),
    month: new Uint8Array(hours),
    day: new Uint8Array(hours),
    hour: new Uint8Array(hours),
    dryBulbC: new Float64Array(hours),
    relativeHumidityPct: new Float64Array(hours),
    windDirectionDeg: new Float64Array(hours),
    windSpeedMs: new Float64Array(hours),
    globalHorizontalWhM2: new Float64Array(hours),
    directNormalWhM2: new Float64Array(hours),
    diffuseHorizontalWhM2: new Float64Array(hours),
  };

  for (let h = 0; h < hours; h++) {
    const lineNo = h + 2;
    const cells = lines[h + 1].split(',');
    if (cells.length !== header.length) {
      throw new WeatherCsvParseError(`expected ${header.length} fields, found ${cells.length}`, lineNo);
    }
    const stamp = TIMESTAMP.exec(cells[columnOf[0]].trim());
    if (!stamp) throw new WeatherCsvParseError(`timestamp: '${cells[columnOf[0]]}' is not YYYY-MM-DDTHH:00±HH:MM`, lineNo);
    const offsetHours = (stamp[5] === '-' ? -1 : 1) * (Number(stamp[6]) + Number(stamp[7]) / 60);
    if (h === 0) series.timeZoneHours = offsetHours;
    else if (offsetHours !== series.timeZoneHours) throw new WeatherCsvParseError('timestamp: UTC offset changes', lineNo);
    // Step back one hour from the hour's end to find the EPW day and hour-ending number.
    const start = new Date(0);
    start.setUTCFullYear(Number(stamp[1]), Number(stamp[2]) - 1, Number(stamp[3]));
    start.setUTCHours(Number(stamp[4]) - 1, 0, 0, 0);
    series.year[h] = start.getUTCFullYear();
    series.month[h] = start.getUTCMonth() + 1;
    series.day[h] = start.getUTCDate();
    series.hour[h] = start.getUTCHours() + 1;

    for (let k = 0; k < VALUE_KEYS.length; k++) {
      const cell = cells[columnOf[k + 1]].trim();
      if (cell === '') {
        series[VALUE_KEYS[k]][h] = Number.NaN;
      } else if (NUMBER.test(cell)) {
        series[VALUE_KEYS[k]][h] = Number(cell);
      } else {
        throw new WeatherCsvParseError(`${WEATHER_CSV_COLUMNS[k + 1]}: '${cell}' is not a number`, lineNo);
      }
    }
  }
  return series;
}
