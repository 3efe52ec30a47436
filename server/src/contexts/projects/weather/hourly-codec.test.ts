import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseEpw } from '@canopy/engine/weather/epw.ts';
import { CHICAGO_EPW_PATH } from '../../../../test/world-weather.ts';
import { decodeHourly, encodeHourly, HourlyCodecError } from './hourly-codec.ts';
import { greatCircleKm } from './library.ts';

describe('the stored hourly weather format', () => {
  const epw = parseEpw(readFileSync(CHICAGO_EPW_PATH, 'utf8'));

  it('gives back every value exactly, NaN included, and is compact', () => {
    epw.windSpeedMs[5] = Number.NaN;
    const data = encodeHourly(epw);
    expect(data.byteLength).toBeLessThan(400_000);
    const back = decodeHourly(data, epw.location);
    expect(back.hours).toBe(8760);
    for (const key of ['dryBulbC', 'relativeHumidityPct', 'stationPressurePa', 'windDirectionDeg', 'windSpeedMs', 'totalSkyCoverTenths'] as const) {
      expect(Array.from(back[key]), key).toEqual(Array.from(epw[key]));
    }
    expect(Array.from(back.year)).toEqual(Array.from(epw.year));
    expect(Array.from(back.hour)).toEqual(Array.from(epw.hour));
    expect(back.location).toEqual(epw.location);
  });

  it('refuses bytes that are not the format', () => {
    expect(() => decodeHourly(new Uint8Array([1, 2, 3]), epw.location)).toThrow(HourlyCodecError);
  });
});

describe('greatCircleKm', () => {
  it('matches a published distance: London Heathrow → New York JFK ≈ 5540 km', () => {
    // Great-circle (spherical) distance as listed by airport-distance tables: 5539–5555 km.
    expect(greatCircleKm(51.47, -0.4543, 40.6413, -73.7781)).toBeGreaterThan(5530);
    expect(greatCircleKm(51.47, -0.4543, 40.6413, -73.7781)).toBeLessThan(5560);
  });
});
