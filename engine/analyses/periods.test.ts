import { describe, expect, it } from 'vitest';
import { hourlySunDirections } from '../solar/sun-directions.ts';
import { countSelected } from '../weather/hour-mask.ts';
import { crossPeriods, periodKey, periodMask, timeRange, typicalYearCalendar, typicalYearRows, unionMask } from './periods.ts';

describe('analysis periods on the typical year', () => {
  it('uses the sun-directions hour index: hour h is hour-ending (h mod 24) + 1', () => {
    const calendar = typicalYearCalendar();
    expect(calendar.hours).toBe(8760);
    expect([calendar.month[0], calendar.day[0], calendar.hour[0]]).toEqual([1, 1, 1]);
    expect([calendar.month[8759], calendar.day[8759], calendar.hour[8759]]).toEqual([12, 31, 24]);
    // Noon (hour index 12, sampled at 12:30) is the highest sun of 21 June in Chicago standard time.
    const sun = hourlySunDirections(41.98, -87.92, -6);
    const june21 = (31 + 28 + 31 + 30 + 31 + 20) * 24;
    const elevations = Array.from(sun.elevationDeg.slice(june21, june21 + 24));
    expect(elevations.indexOf(Math.max(...elevations))).toBe(11);
    expect(calendar.hour[june21 + 11]).toBe(12);
  });

  it('selects a season × window by hour midpoints', () => {
    const summerDay = periodMask({ season: { id: 's', name: 'Summer', months: [6, 7, 8] }, timeWindow: { id: 'd', name: 'Day', window: '07:00-19:00' } });
    expect(countSelected(summerDay)).toBe(92 * 12);
    const winterNight = periodMask({
      season: { id: 'w', name: 'Winter', from: { month: 12, day: 1 }, to: { month: 2, day: 28 } },
      timeWindow: { id: 'n', name: 'Night', window: '22:00-06:00' },
    });
    expect(countSelected(winterNight)).toBe(90 * 8);
    expect(countSelected(unionMask([summerDay, winterNight]))).toBe(92 * 12 + 90 * 8);
  });

  it('drops 29 February from a leap-year file, keeps a typical year as it is', () => {
    const leap = { hours: 8784, month: new Uint8Array(8784), day: new Uint8Array(8784) };
    for (let i = 0; i < 8784; i++) {
      const d = Math.floor(i / 24);
      leap.month[i] = d < 31 ? 1 : d < 60 ? 2 : 3;
      leap.day[i] = d < 31 ? d + 1 : d < 60 ? d - 30 : d - 59;
    }
    const rows = typicalYearRows(leap);
    expect(rows.length).toBe(8760);
    expect(rows[59 * 24]).toBe(60 * 24); // 1 March follows 28 February
    expect(() => typicalYearRows({ hours: 100, month: new Uint8Array(100), day: new Uint8Array(100) })).toThrow(/8,760/);
  });

  it('describes periods as SPEC time ranges and keys', () => {
    const [first, second] = crossPeriods(
      [{ id: 'annual', name: 'Annual' }],
      [
        { id: 'all-day', name: 'All day', window: '00:00-24:00' },
        { id: 'Eve', name: 'Evening', window: '18:30-22:00' },
      ],
    );
    expect(timeRange(first.timeWindow)).toEqual({ name: 'All day', start_time: '00:00', end_time: '24:00' });
    expect(timeRange(second.timeWindow)).toEqual({ name: 'Evening', start_time: '18:30', end_time: '22:00' });
    expect(periodKey(second)).toBe('annual.eve');
  });
});
