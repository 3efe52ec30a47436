import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEpw } from './epw.ts';
import { countSelected, hourInWindow, hourMask, parseTimeWindow } from './hour-mask.ts';

const epw = parseEpw(readFileSync(new URL('../../tests/fixtures/chicago.epw', import.meta.url), 'utf8'));

describe('parseTimeWindow', () => {
  it('reads HH:MM-HH:MM including 24:00', () => {
    expect(parseTimeWindow('07:00-19:00')).toEqual({ startMinutes: 420, endMinutes: 1140 });
    expect(parseTimeWindow('0:00-24:00')).toEqual({ startMinutes: 0, endMinutes: 1440 });
  });

  it('rejects malformed and empty windows', () => {
    expect(() => parseTimeWindow('7-19')).toThrow("time window '7-19': '7' is not a time HH:MM");
    expect(() => parseTimeWindow('07:00')).toThrow('expected HH:MM-HH:MM');
    expect(() => parseTimeWindow('07:60-08:00')).toThrow(RangeError);
    expect(() => parseTimeWindow('24:30-08:00')).toThrow(RangeError);
    expect(() => parseTimeWindow('08:00-08:00')).toThrow('selects nothing');
  });
});

describe('hourInWindow (hour-ending, by midpoint)', () => {
  it('07:00-19:00 selects hours ending 08…19', () => {
    const window = parseTimeWindow('07:00-19:00');
    const selected = Array.from({ length: 24 }, (_, i) => i + 1).filter((h) => hourInWindow(h, window));
    expect(selected).toEqual([8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
  });

  it('an overnight window wraps midnight', () => {
    const window = parseTimeWindow('22:00-06:00');
    const selected = Array.from({ length: 24 }, (_, i) => i + 1).filter((h) => hourInWindow(h, window));
    expect(selected).toEqual([1, 2, 3, 4, 5, 6, 23, 24]);
  });

  it('a half-hour edge counts the split hour once', () => {
    const morning = parseTimeWindow('06:30-12:00');
    const afternoon = parseTimeWindow('12:00-18:30');
    for (let h = 1; h <= 24; h++) {
      expect(hourInWindow(h, morning) && hourInWindow(h, afternoon)).toBe(false);
    }
    expect(hourInWindow(7, morning)).toBe(true); // 06:00–07:00, midpoint 06:30
  });
});

describe('hourMask on the Chicago year', () => {
  it('selects every hour by default', () => {
    expect(countSelected(hourMask(epw))).toBe(8760);
  });

  it('a list of months: winter Dec–Feb = 90 days', () => {
    expect(countSelected(hourMask(epw, { season: { months: [12, 1, 2] } }))).toBe(90 * 24);
  });

  it('a month/day range wrapping the year end', () => {
    const mask = hourMask(epw, { season: { from: { month: 11, day: 15 }, to: { month: 2, day: 15 } } });
    expect(countSelected(mask)).toBe((16 + 31 + 31 + 15) * 24);
  });

  it('season × time window', () => {
    const mask = hourMask(epw, { season: { months: [6, 7, 8] }, timeWindow: '09:00-17:00' });
    expect(countSelected(mask)).toBe(92 * 8);
    const first = mask.indexOf(1);
    expect([epw.month[first], epw.day[first], epw.hour[first]]).toEqual([6, 1, 10]);
  });

  it('rejects invalid months', () => {
    expect(() => hourMask(epw, { season: { months: [0] } })).toThrow('season: month 0 is not 1–12');
    expect(() => hourMask(epw, { season: { from: { month: 2, day: 40 }, to: { month: 3, day: 1 } } })).toThrow(RangeError);
  });
});
