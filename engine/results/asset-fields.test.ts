import { describe, expect, it } from 'vitest';
import { abbreviateLabel, analysisCode, deriveAssetFields, qualifierLabel, seasonFilter, timeFilter, validateTimeFilter } from './asset-fields.ts';

describe('derived asset fields', () => {
  it('season_filter is the season name, else the season range name', () => {
    expect(seasonFilter({ season: { name: 'Summer' } })).toBe('Summer');
    expect(seasonFilter({ season_range: { name: 'Jun–Aug', start: '06-01', end: '08-31' } })).toBe('Jun–Aug');
    expect(seasonFilter({ season: { name: 'Winter' }, season_range: { name: 'other' } })).toBe('Winter');
    expect(seasonFilter({})).toBeNull();
  });

  it("time_filter is the range name, or start-end when the name is 'custom'", () => {
    expect(timeFilter({ time_range: { name: 'Daytime', start_time: '07:00', end_time: '23:00' } })).toBe('Daytime');
    expect(timeFilter({ time_range: { name: 'custom', start_time: '09:00:00', end_time: '17:30:00' } })).toBe('09:00-17:30');
    expect(timeFilter({ time_range: { name: 'custom', start_time: '9:00', end_time: '17:30' } })).toBe('09:00-17:30');
    expect(timeFilter({ time_range: null })).toBeNull();
  });

  it("qualifier joins values with ' · ' in key order, whatever order they were written in", () => {
    expect(qualifierLabel({ qualifiers: { threshold: '5 m/s', height: '1.5 m' } })).toBe('1.5 m · 5 m/s');
    expect(qualifierLabel({ qualifiers: { height: '1.5 m', threshold: '5 m/s' } })).toBe('1.5 m · 5 m/s');
    expect(qualifierLabel({ qualifiers: {} })).toBeNull();
    expect(qualifierLabel({ qualifiers: { a: '', b: 2 } })).toBe('2');
  });

  it('derives all three at once', () => {
    expect(
      deriveAssetFields({ season: { name: 'Annual' }, time_range: { name: 'custom', start_time: '06:00', end_time: '18:00' }, qualifiers: { x: 'A' } }),
    ).toEqual({
      season_filter: 'Annual',
      time_filter: '06:00-18:00',
      qualifier: 'A',
    });
  });
});

describe('validateTimeFilter', () => {
  it.each(['00:00-23:59', '07:00-23:00', '23:59-00:00', '12:30-12:31'])('accepts %s', (value) => {
    expect(validateTimeFilter(value)).toBe(true);
  });
  it.each(['24:00-01:00', '7:00-23:00', '07:60-08:00', '07:00 - 08:00', '07:00-', 'Daytime', '07:00-08:00x'])('rejects %s', (value) => {
    expect(validateTimeFilter(value)).toBe(false);
  });
});

describe('labels', () => {
  it('cuts words to 3 characters and the whole to 7', () => {
    expect(abbreviateLabel('speed ratio')).toBe('SpeRat');
    expect(abbreviateLabel('pedestrian level wind')).toBe('PedLevW');
    expect(abbreviateLabel('percentSunlit')).toBe('PerSun');
    expect(abbreviateLabel('a')).toBe('A');
    expect(abbreviateLabel('')).toBe('');
    for (const text of ['very long label with many words', 'x_y-z w']) expect(abbreviateLabel(text).length).toBeLessThanOrEqual(7);
  });

  it('maps the SPEC §9 analysis names and the engine analysis types to codes', () => {
    expect(analysisCode('directional wind')).toBe('Dir');
    expect(analysisCode('Pedestrian Wind Comfort')).toBe('PLW');
    expect(analysisCode('thermal comfort')).toBe('TC');
    expect(analysisCode('solar')).toBe('Sun');
    expect(analysisCode('wind-comfort')).toBe('PLW');
    expect(analysisCode('wind-directional')).toBe('Dir');
    expect(analysisCode('thermal_comfort')).toBe('TC');
    expect(analysisCode('unknown analysis kind')).toBe('UnkAnaK');
  });
});
