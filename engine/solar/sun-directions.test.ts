import { describe, expect, it } from 'vitest';
import { hourlySunDirections, localStandardTime, monthAndDay, windowHourMask, WHOLE_YEAR } from './sun-directions.ts';

describe('typical-year hours', () => {
  it('maps day indices to calendar dates of a 365-day year', () => {
    expect(monthAndDay(0)).toEqual({ month: 1, day: 1 });
    expect(monthAndDay(58)).toEqual({ month: 2, day: 28 });
    expect(monthAndDay(59)).toEqual({ month: 3, day: 1 });
    expect(monthAndDay(364)).toEqual({ month: 12, day: 31 });
    expect(() => monthAndDay(365)).toThrow(RangeError);
  });

  it('reads local standard time with the UTC offset', () => {
    expect(localStandardTime(2023, 6, 21, 12.5, -6).toISOString()).toBe('2023-06-21T18:30:00.000Z');
  });

  it('places the Chicago solstice noon sun at the expected elevation (90 − φ + ε ≈ 71.5°)', () => {
    const { elevationDeg, vectors } = hourlySunDirections(41.98, -87.92, -6);
    const h = 171 * 24 + 11; // 21 June, hour 11:00–12:00 sampled at 11:30 CST (solar noon ≈ 11:51)
    expect(elevationDeg[h]).toBeGreaterThan(70);
    expect(elevationDeg[h]).toBeLessThan(71.6);
    expect(vectors[h * 3 + 1]).toBeLessThan(0); // sun to the south: −y
    expect(elevationDeg[0]).toBeLessThan(0); // 1 January 00:30 — night
  });
});

describe('windowHourMask', () => {
  const count = (mask: Uint8Array): number => mask.reduce((sum, v) => sum + v, 0);

  it('selects whole years, seasons and time-of-day windows, wrapping where asked', () => {
    expect(count(windowHourMask(WHOLE_YEAR))).toBe(8760);
    expect(count(windowHourMask({ startMonth: 6, endMonth: 8, startHour: 9, endHour: 17 }))).toBe(92 * 8);
    expect(count(windowHourMask({ startMonth: 12, endMonth: 2, startHour: 22, endHour: 2 }))).toBe(90 * 4);
  });
});
