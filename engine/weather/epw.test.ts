import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EpwParseError, parseEpw } from './epw.ts';

const chicagoText = readFileSync(new URL('../../tests/fixtures/chicago.epw', import.meta.url), 'utf8');
const chicagoLines = chicagoText.split(/\r?\n/).filter((l) => l.length > 0);

/** Replaces field `column` of data row `row` (0-based) and returns the whole file text. */
function withField(row: number, column: number, value: string): string {
  const lines = [...chicagoLines];
  const fields = lines[8 + row].split(',');
  fields[column] = value;
  lines[8 + row] = fields.join(',');
  return lines.join('\n');
}

function parseError(text: string): EpwParseError {
  try {
    parseEpw(text);
  } catch (error) {
    if (error instanceof EpwParseError) return error;
    throw error;
  }
  throw new Error('expected parseEpw to throw');
}

describe('parseEpw on the Chicago O’Hare TMY3 file (DOMAIN.md §1)', () => {
  const epw = parseEpw(chicagoText);

  it('reads the LOCATION header', () => {
    expect(epw.location).toMatchObject({
      city: 'Chicago Ohare Intl Ap',
      state: 'IL',
      country: 'USA',
      source: 'TMY3',
      wmo: '725300',
      latitudeDeg: 41.98,
      longitudeDeg: -87.92,
      timeZoneHours: -6,
      elevationM: 201,
    });
  });

  it('has 8760 hours in every array', () => {
    expect(epw.hours).toBe(8760);
    for (const array of [epw.month, epw.day, epw.hour, epw.year, epw.dryBulbC, epw.windSpeedMs, epw.directNormalWhM2]) {
      expect(array.length).toBe(8760);
    }
  });

  it('reads the first row: −12.2 °C, RH 73 %, wind from 270° at 2.6 m/s', () => {
    expect(epw.year[0]).toBe(1986);
    expect([epw.month[0], epw.day[0], epw.hour[0]]).toEqual([1, 1, 1]);
    expect(epw.dryBulbC[0]).toBe(-12.2);
    expect(epw.relativeHumidityPct[0]).toBe(73);
    expect(epw.stationPressurePa[0]).toBe(99500);
    expect(epw.windDirectionDeg[0]).toBe(270);
    expect(epw.windSpeedMs[0]).toBe(2.6);
    expect(epw.globalHorizontalWhM2[0]).toBe(0);
    expect(epw.totalSkyCoverTenths[0]).toBe(9);
  });

  it('ends on 31 December, hour 24, with no missing values in this file', () => {
    expect([epw.month[8759], epw.day[8759], epw.hour[8759]]).toEqual([12, 31, 24]);
    expect(epw.dryBulbC.some(Number.isNaN)).toBe(false);
    expect(epw.windSpeedMs.some(Number.isNaN)).toBe(false);
  });

  it('has physically plausible ranges', () => {
    expect(Math.min(...epw.dryBulbC)).toBeGreaterThan(-40);
    expect(Math.max(...epw.dryBulbC)).toBeLessThan(45);
    expect(Math.max(...epw.windDirectionDeg)).toBeLessThanOrEqual(360);
    expect(Math.max(...epw.globalHorizontalWhM2)).toBeLessThan(1200);
  });
});

describe('parseEpw missing-value codes become NaN', () => {
  it.each([
    [6, '99.9', 'dryBulbC'],
    [8, '999', 'relativeHumidityPct'],
    [9, '999999', 'stationPressurePa'],
    [13, '9999', 'globalHorizontalWhM2'],
    [14, '9999', 'directNormalWhM2'],
    [15, '9999', 'diffuseHorizontalWhM2'],
    [20, '999', 'windDirectionDeg'],
    [21, '999', 'windSpeedMs'],
    [22, '99', 'totalSkyCoverTenths'],
  ] as const)('column %i = %s → %s is NaN', (column, code, key) => {
    const epw = parseEpw(withField(5, column, code));
    expect(epw[key][5]).toBeNaN();
    expect(epw[key][4]).not.toBeNaN();
  });

  it('treats values above the code as missing too (EnergyPlus convention)', () => {
    expect(parseEpw(withField(0, 21, '999.0')).windSpeedMs[0]).toBeNaN();
  });
});

describe('parseEpw rejects malformed input with the line and field', () => {
  it('names a non-numeric dry bulb temperature', () => {
    const error = parseError(withField(3, 6, 'abc'));
    expect(error.message).toBe("line 12: dry bulb temperature: 'abc' is not a number");
    expect(error.line).toBe(12);
    expect(error.field).toBe('dry bulb temperature');
  });

  it('names an empty wind speed rather than reading it as 0', () => {
    expect(parseError(withField(0, 21, '')).message).toBe("line 9: wind speed: '' is not a number");
  });

  it('rejects a month out of range', () => {
    expect(parseError(withField(1, 1, '13')).message).toMatch(/^line 10: month: '13' is not a whole number from 1 to 12$/);
  });

  it('rejects a row with the wrong column count', () => {
    const lines = [...chicagoLines];
    lines[108] = `${lines[108]},42`;
    expect(parseError(lines.join('\n')).message).toBe('line 109: expected 35 comma-separated fields, found 36');
    lines[108] = lines[108].split(',').slice(0, 30).join(',');
    expect(parseError(lines.join('\n')).message).toBe('line 109: expected 35 comma-separated fields, found 30');
  });

  it('reports a file truncated at a line boundary', () => {
    const text = chicagoLines.slice(0, 8 + 4000).join('\n');
    expect(parseError(text).message).toBe('truncated file: DATA PERIODS declares 8760 hourly rows, found 4000 (data ends at line 4008)');
  });

  it('reports a file truncated in the middle of a row', () => {
    const text = chicagoText.slice(0, chicagoText.indexOf('\n', 300_000) + 40);
    expect(parseError(text).message).toMatch(/^line \d+: expected 35 comma-separated fields, found \d+ \(the file looks truncated\)$/);
  });

  it('reports a file with only part of the header', () => {
    expect(parseError(chicagoLines.slice(0, 3).join('\n')).message).toMatch(/^truncated file: 3 lines/);
  });

  it('rejects text that is not an EPW file', () => {
    expect(parseError('hello,world\n'.repeat(20)).message).toMatch(/^line 1: expected the LOCATION header/);
  });

  it('rejects extra rows beyond the declared data period', () => {
    const lines = [...chicagoLines, chicagoLines[chicagoLines.length - 1]];
    expect(parseError(lines.join('\n')).message).toMatch(/^line 8769: more data rows than DATA PERIODS declares \(8760\)$/);
  });

  it('accepts CRLF line endings and a byte-order mark', () => {
    const epw = parseEpw(`\uFEFF${chicagoLines.join('\r\n')}\r\n`);
    expect(epw.hours).toBe(8760);
    expect(epw.dryBulbC[0]).toBe(-12.2);
  });
});
