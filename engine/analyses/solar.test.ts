import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { buildSceneBvh } from '../solar/sun-hours.ts';
import { readResultGlb, writeResultGlb } from '../results/glb.ts';
import { concatChunks } from './layers.ts';
import { periodMask, type AnalysisPeriod } from './periods.ts';
import { siteSun, solarChunk, solarLayers, windowHours, parseIsoDate } from './solar.ts';
import { testScene } from './test-scene.ts';

const CHICAGO = { latitudeDeg: 41.98, longitudeDeg: -87.92, utcOffsetHours: -6 };
const scene = testScene();
const bvh = buildSceneBvh(scene.triangles);
const sun = siteSun(CHICAGO);
const summer = { id: 'summer', name: 'Summer', months: [6, 7, 8] };
const noon: AnalysisPeriod = { season: summer, timeWindow: { id: 'noon', name: 'Noon', window: '11:00-13:00' } };
const night: AnalysisPeriod = { season: { id: 'annual', name: 'Annual' }, timeWindow: { id: 'night', name: 'Night', window: '00:00-03:00' } };
const midsummer = { id: 'midsummer', name: 'Midsummer', date: '2023-06-21', window: '10:00-14:00', minuteInterval: 15 };

function run(points: Float32Array, periods: AnalysisPeriod[]) {
  return solarChunk({ points, hourVectors: sun.vectors, masks: periods.map((p) => periodMask(p)), site: CHICAGO, sunHours: [midsummer] }, bvh);
}

describe('solar pipeline (% sun-lit, sun hours) by grouped BVH rays', () => {
  const result = run(scene.plane.positions, [noon, night]);

  it('never lights a point under a roof, and lights an open point at noon in summer', () => {
    expect(result.pctSunlit[0][scene.underRoof]).toBe(0);
    expect(result.pctSunlit[0][scene.open]).toBe(100);
    expect(result.sunHours[0][scene.underRoof]).toBe(0);
    expect(result.sunHours[0][scene.open]).toBe(4);
  });

  it('never lights anything at night (sun below the horizon)', () => {
    expect(Array.from(result.pctSunlit[1]).every((v) => v === 0)).toBe(true);
  });

  it('gives the same answers when the points are split into chunks', () => {
    const first = run(scene.plane.positions.slice(0, 30 * 3), [noon, night]);
    const second = run(scene.plane.positions.slice(30 * 3), [noon, night]);
    const joined = concatChunks([first, second]);
    expect(joined.pctSunlit[0]).toEqual(result.pctSunlit[0]);
    expect(joined.sunHours[0]).toEqual(result.sunHours[0]);
  });

  it('is bounded 0–100 % for any window, and 0 % for any point under the roof (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 22 }), fc.integer({ min: 1, max: 12 }), (startHour, month) => {
        const period: AnalysisPeriod = {
          season: { id: 'm', name: 'M', months: [month] },
          timeWindow: { id: 'w', name: 'W', window: `${String(startHour).padStart(2, '0')}:00-${String(startHour + 1).padStart(2, '0')}:00` },
        };
        const out = run(Float32Array.of(0, 0, 1.5, 20, 20, 1.5), [period]).pctSunlit[0];
        return out[0] === 0 && out[1] >= 0 && out[1] <= 100;
      }),
      { numRuns: 12 },
    );
  });

  it('writes one layer per period and per sun-hours date, with units, legend and provenance', async () => {
    const layers = solarLayers({
      surface: { positions: scene.plane.positions, indices: scene.plane.indices },
      periods: [noon, night],
      sunHoursRequests: [midsummer],
      pctSunlit: result.pctSunlit,
      sunHours: result.sunHours,
      site: CHICAGO,
      provenance: { engine: 'canopy', version: 'test' },
    });
    expect(layers.map((l) => l.key)).toEqual(['pct-sunlit.summer.noon', 'pct-sunlit.annual.night', 'sun-hours.midsummer']);
    expect(layers[0].timeRange).toEqual({ name: 'Noon', start_time: '11:00', end_time: '13:00' });
    expect(layers[2].singleDate).toBe('2023-06-21');
    const read = await readResultGlb(await writeResultGlb(layers[2].result));
    expect(read.metadata).toMatchObject({ analysis: 'solar-sun-hours', units: 'h', legend: { name: 'sun-hours', version: '1' } });
    expect(read.fields.sunHours[scene.open]).toBe(4);
  });

  it('checks dates and windows', () => {
    expect(windowHours('06:30-18:00')).toEqual({ startHour: 6.5, endHour: 18 });
    expect(() => windowHours('22:00-02:00')).toThrow(/midnight/);
    expect(parseIsoDate('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(() => parseIsoDate('2023-02-29')).toThrow(/not a date/);
  });
});
