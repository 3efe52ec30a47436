import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEpw } from './epw.ts';
import { parseWeatherCsv, weatherToCsv, WeatherCsvParseError } from './weather-csv.ts';

const epw = parseEpw(readFileSync(new URL('../../tests/fixtures/chicago.epw', import.meta.url), 'utf8'));

describe('weatherToCsv', () => {
  const csv = weatherToCsv(epw);
  const lines = csv.trimEnd().split('\n');

  it('writes a header naming the units and one row per hour', () => {
    expect(lines[0]).toBe(
      'timestamp,dry_bulb_C,relative_humidity_pct,wind_direction_deg,wind_speed_m_s,global_horizontal_Wh_m2,direct_normal_Wh_m2,diffuse_horizontal_Wh_m2',
    );
    expect(lines.length).toBe(8761);
  });

  it('stamps each row with the end of its hour in local standard time', () => {
    expect(lines[1]).toBe('1986-01-01T01:00-06:00,-12.2,73,270,2.6,0,0,0');
    expect(lines[24]).toBe('1986-01-02T00:00-06:00,' + lines[24].split(',').slice(1).join(','));
    // The last hour of the TMY year rolls into the next calendar year of its source month.
    expect(lines[8760].startsWith('1982-01-01T00:00-06:00,')).toBe(true);
  });

  it('writes missing values as empty fields and fractional offsets', () => {
    const copy = { ...epw, location: { ...epw.location, timeZoneHours: 5.5 }, windSpeedMs: epw.windSpeedMs.slice() };
    copy.windSpeedMs[0] = Number.NaN;
    const first = weatherToCsv(copy).split('\n')[1];
    expect(first).toBe('1986-01-01T01:00+05:30,-12.2,73,270,,0,0,0');
  });
});

describe('parseWeatherCsv round trip', () => {
  const back = parseWeatherCsv(weatherToCsv(epw));

  it('gives 8760 rows with the same times and values', () => {
    expect(back.hours).toBe(8760);
    expect(back.timeZoneHours).toBe(-6);
    expect(back.year).toEqual(epw.year);
    expect(back.month).toEqual(epw.month);
    expect(back.day).toEqual(epw.day);
    expect(back.hour).toEqual(epw.hour);
    for (const key of [
      'dryBulbC',
      'relativeHumidityPct',
      'windDirectionDeg',
      'windSpeedMs',
      'globalHorizontalWhM2',
      'directNormalWhM2',
      'diffuseHorizontalWhM2',
    ] as const) {
      expect(back[key], key).toEqual(epw[key]);
    }
  });

  it('keeps NaN for missing values', () => {
    const copy = { ...epw, dryBulbC: epw.dryBulbC.slice() };
    copy.dryBulbC[10] = Number.NaN;
    expect(parseWeatherCsv(weatherToCsv(copy)).dryBulbC[10]).toBeNaN();
  });

  it('rejects a bad number with its line and column', () => {
    const text = weatherToCsv(epw).replace('1986-01-01T02:00-06:00,-11.7', '1986-01-01T02:00-06:00,warm');
    expect(() => parseWeatherCsv(text)).toThrow(new WeatherCsvParseError("dry_bulb_C: 'warm' is not a number", 3));
  });

  it('rejects a file without the expected columns', () => {
    expect(() => parseWeatherCsv('time,temp\n1,2\n')).toThrow("line 1: missing column 'timestamp'");
  });
});
