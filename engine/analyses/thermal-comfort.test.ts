import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseEpw } from '../weather/epw.ts';
import { buildSceneBvh } from '../solar/sun-hours.ts';
import { outdoorLongwaveMrtC, solarCalMrt } from '../solar/mrt.ts';
import { utci } from '../thermal/utci.ts';
import { spmvStar } from '../thermal/set.ts';
import { periodMask, type AnalysisPeriod } from './periods.ts';
import { siteSun } from './solar.ts';
import { horizontalInfraredWm2 } from './sky.ts';
import { acceptableMrtInterval, spmvBounds, SPMV_AIR_SPEED_BINS_MS } from './spmv-bounds.ts';
import { DEFAULT_PERSON, dynamicClothingClo, prepareThermalHours, thermalWeatherFromEpw } from './thermal-hours.ts';
import { thermalChunk, thermalLayers } from './thermal-comfort.ts';
import { testScene } from './test-scene.ts';
import { UTCI_10M_OVER_PEDESTRIAN } from './site-wind.ts';

const epw = parseEpw(readFileSync(new URL('../../tests/fixtures/chicago.epw', import.meta.url), 'utf8'));
const CHICAGO = { latitudeDeg: epw.location.latitudeDeg, longitudeDeg: epw.location.longitudeDeg, utcOffsetHours: epw.location.timeZoneHours };
const scene = testScene();
const bvh = buildSceneBvh(scene.triangles);
const sun = siteSun(CHICAGO);
const weather = thermalWeatherFromEpw(epw);
const hours = prepareThermalHours(weather, sun, DEFAULT_PERSON);
const july: AnalysisPeriod = { season: { id: 'july', name: 'July', months: [7] }, timeWindow: { id: 'midday', name: 'Midday', window: '10:00-16:00' } };
const january: AnalysisPeriod = {
  season: { id: 'january', name: 'January', months: [1] },
  timeWindow: { id: 'midday', name: 'Midday', window: '10:00-16:00' },
};
const masks = [periodMask(july), periodMask(january)];
const points = Float32Array.of(...scene.plane.positions.slice(scene.underRoof * 3, scene.underRoof * 3 + 3), ...scene.plane.positions.slice(0, 3));
const spmv = spmvBounds({
  hours,
  metabolicRateMet: 1.2,
  posture: 'standing',
  start: 0,
  end: 8760,
  hourMask: masks[0].map((v, h) => v | masks[1][h]),
  airSpeed: { perHourMs: hours.wind10mMs.map((w) => w / UTCI_10M_OVER_PEDESTRIAN) },
});
const result = thermalChunk({ points, hourVectors: sun.vectors, hours, masks, spmv }, bvh);
const [UNDER, OPEN] = [0, 1];

describe('thermal comfort pipeline (UTCI, SolarCal MRT, SPMV*)', () => {
  it('gives shares that add up to 100 % and lie in 0–100', () => {
    for (let m = 0; m < 2; m++)
      for (const p of [UNDER, OPEN]) {
        const sum = result.pctComfortable[m][p] + result.pctHot[m][p] + result.pctCold[m][p];
        expect(sum).toBeCloseTo(100, 3);
        expect(result.spmvPctAcceptable[m][p]).toBeGreaterThanOrEqual(0);
        expect(result.spmvPctAcceptable[m][p]).toBeLessThanOrEqual(100);
      }
  });

  it('sees no sky under the roof and nearly all of it in the open', () => {
    expect(result.skyView[UNDER]).toBe(0);
    expect(result.skyView[OPEN]).toBeGreaterThan(0.9);
  });

  it('makes July middays hotter in the sun than in the shade, and January colder in the shade', () => {
    expect(result.pctHot[0][OPEN]).toBeGreaterThan(result.pctHot[0][UNDER]);
    expect(result.pctCold[1][UNDER]).toBeGreaterThanOrEqual(result.pctCold[1][OPEN]);
    expect(result.pctCold[1][OPEN]).toBeGreaterThan(50); // Chicago in January
  });

  it('matches UTCI computed hour by hour with the published functions (open point, July middays)', () => {
    let valid = 0;
    let comfortable = 0;
    const mask = masks[0];
    const svf = result.skyView[OPEN];
    for (let h = 0; h < 8760; h++) {
      if (!mask[h]) continue;
      const ta = weather.airTemperatureC[h];
      const ir = horizontalInfraredWm2(ta, weather.relativeHumidityPct[h], weather.skyCoverTenths[h]);
      const mrt = solarCalMrt({
        longwaveMrtC: outdoorLongwaveMrtC(ta, ir, svf),
        directNormalWm2: weather.directNormalWm2[h],
        diffuseHorizontalWm2: weather.diffuseHorizontalWm2[h],
        globalHorizontalWm2: weather.globalHorizontalWm2[h],
        sunAltitudeDeg: sun.elevationDeg[h],
        sunlit: sun.elevationDeg[h] > 0, // the open corner sees the sun at every July midday hour
        skyViewFactor: svf,
      });
      const u = utci(ta, mrt, hours.wind10mMs[h], weather.relativeHumidityPct[h]);
      if (Number.isNaN(u)) continue;
      valid++;
      if (u > 9 && u <= 26) comfortable++;
    }
    expect(result.pctComfortable[0][OPEN]).toBeCloseTo((100 * comfortable) / valid, 1);
  });

  it('finds the SPMV* acceptable MRT interval: inside ⇔ |SPMV*| ≤ 0.5 (property, 0.1 K tolerance)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -5, max: 35, noNaN: true }),
        fc.double({ min: 20, max: 90, noNaN: true }),
        fc.constantFrom(...SPMV_AIR_SPEED_BINS_MS),
        fc.double({ min: -25, max: 65, noNaN: true }),
        (ta, rh, v, dMrt) => {
          const f = (mrt: number) =>
            spmvStar({
              airTemperatureC: ta,
              meanRadiantTemperatureC: mrt,
              airSpeedMs: v,
              relativeHumidityPct: rh,
              metabolicRateMet: 1.2,
              clothingClo: dynamicClothingClo(ta),
            });
          const [lo, hi] = acceptableMrtInterval(f, ta);
          const mrt = ta + dMrt;
          if (Math.abs(mrt - lo) < 0.2 || Math.abs(mrt - hi) < 0.2) return true;
          return (mrt >= lo && mrt <= hi) === Math.abs(f(mrt)) <= 0.5;
        },
      ),
      { numRuns: 60 },
    );
  });

  it('follows the published dynamic clothing model (Schiavon & Lee 2013)', () => {
    expect(dynamicClothingClo(27)).toBeCloseTo(0.46, 2);
    expect(dynamicClothingClo(25)).toBeCloseTo(0.47, 2);
    expect(dynamicClothingClo(0)).toBeCloseTo(0.818, 3);
    expect(dynamicClothingClo(-10)).toBe(1);
  });

  it('writes four layers per period (comfortable, hot, cold, SPMV* acceptable) in %', () => {
    const layers = thermalLayers({
      surface: { positions: points },
      periods: [july, january],
      values: { pctComfortable: result.pctComfortable, pctHot: result.pctHot, pctCold: result.pctCold, spmvPctAcceptable: result.spmvPctAcceptable },
      provenance: { engine: 'canopy', version: 'test', weatherSource: 'EPW', years: 'TMY3' },
    });
    expect(layers).toHaveLength(8);
    expect(layers.map((l) => l.metric).slice(0, 4)).toEqual(['utci-pct-comfortable', 'utci-pct-hot', 'utci-pct-cold', 'spmv-pct-acceptable']);
    expect(layers.every((l) => l.result.metadata.units === '%')).toBe(true);
    expect(layers.filter((l) => l.showByDefault)).toHaveLength(1);
  });
});
