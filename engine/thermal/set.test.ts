import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { percentAcceptable, spmvAcceptable, spmvStar, standardEffectiveTemperature, type SetInput } from './set.ts';

function input(ta: number, tr: number, v: number, rh: number, met: number, clo: number): SetInput {
  return { airTemperatureC: ta, meanRadiantTemperatureC: tr, airSpeedMs: v, relativeHumidityPct: rh, metabolicRateMet: met, clothingClo: clo };
}

describe('standardEffectiveTemperature (ASHRAE 55 two-node model)', () => {
  it('gives 24.3 °C for 25 °C, 0.1 m/s, 50 %, 1.2 met, 0.5 clo (CBE comfort tool / pythermalcomfort docs)', () => {
    expect(Math.abs(standardEffectiveTemperature(input(25, 25, 0.1, 50, 1.2, 0.5)) - 24.3)).toBeLessThanOrEqual(0.1);
  });

  // ASHRAE 55-2017 SET reference table, as published in CBE's validation set
  // FedericoTartarini/validation-data-comfort-models `ts_set.json` ("source": "ASHRAE 55 2017",
  // tolerance 0.1 K). Columns: ta, tr, v, RH, met, clo, SET.
  it.each([
    [25, 25, 0.15, 10, 1, 0.5, 23.3],
    [0, 25, 0.15, 50, 1, 0.5, 12.1],
    [10, 25, 0.15, 50, 1, 0.5, 16.8],
    [15, 25, 0.15, 50, 1, 0.5, 19.2],
    [20, 25, 0.15, 50, 1, 0.5, 21.5],
    [30, 25, 0.15, 50, 1, 0.5, 26.4],
    [40, 25, 0.15, 50, 1, 0.5, 34.3],
    [25, 25, 0.15, 90, 1, 0.5, 24.9],
    [25, 25, 0.1, 50, 1, 0.5, 24.0],
    [25, 25, 0.6, 50, 1, 0.5, 21.3],
    [25, 25, 1.1, 50, 1, 0.5, 20.2],
    [25, 25, 3, 50, 1, 0.5, 18.6],
    [25, 10, 0.15, 50, 1, 0.5, 15.3],
    [25, 40, 0.15, 50, 1, 0.5, 31.6],
    [25, 25, 0.15, 50, 1, 0.1, 20.7],
    [25, 25, 0.15, 50, 1, 1, 27.2],
    [25, 25, 0.15, 50, 1, 2, 32.4],
    [25, 25, 0.15, 50, 1, 4, 37.6],
    [25, 25, 0.15, 50, 0.8, 0.5, 23.3],
    [25, 25, 0.15, 50, 2, 0.5, 25.9],
    [25, 25, 0.15, 50, 4, 0.5, 30.5],
    [25, 25, 0.15, 50, 1, 0.5, 23.8],
    [25, 25, 1.1, 50, 2, 0.5, 24.0],
    [25, 25, 1.1, 50, 3, 0.5, 27.4],
    [25, 25, 1.1, 50, 4, 0.5, 30.3],
    [25, 25, 1.1, 50, 1.5, 0.5, 22.3],
    [25, 25, 1.1, 50, 1.5, 0.75, 24.8],
    [25, 25, 1.1, 50, 1.5, 0.1, 17.6],
    [29, 25, 1.1, 50, 1.5, 0.5, 25.0],
    [27, 25, 1.1, 50, 1.5, 0.75, 26.2],
    [20, 25, 1.1, 50, 1.5, 0.1, 13.3],
    [25, 27, 1.1, 50, 1.5, 0.5, 22.9],
    [25, 29, 1.1, 50, 1.5, 0.5, 23.5],
    [25, 31, 1.1, 50, 1.5, 0.5, 24.0],
    [25, 27, 1.3, 50, 1.5, 0.5, 22.5],
    [25, 29, 1.5, 50, 1.5, 0.5, 22.8],
    [25, 31, 1.7, 50, 1.5, 0.5, 23.1],
  ])('ta=%d tr=%d v=%d RH=%d %d met %d clo → SET %d', (ta, tr, v, rh, met, clo, expected) => {
    expect(Math.abs(standardEffectiveTemperature(input(ta, tr, v, rh, met, clo)) - expected)).toBeLessThanOrEqual(0.1);
  });

  it('changes little between standing and seated and accepts pressure', () => {
    const standing = standardEffectiveTemperature(input(25, 25, 0.1, 50, 1.2, 0.5));
    const seated = standardEffectiveTemperature({ ...input(25, 25, 0.1, 50, 1.2, 0.5), posture: 'seated' });
    expect(Math.abs(standing - seated)).toBeLessThan(0.5);
    expect(standardEffectiveTemperature({ ...input(25, 25, 0.1, 50, 1.2, 0.5), atmosphericPressurePa: 82000 })).toBeGreaterThan(15);
  });
});

describe('spmvStar (Gagge et al. 1986 PMV* at SET)', () => {
  it('is near neutral in the ASHRAE reference office condition and signs follow warmth', () => {
    expect(Math.abs(spmvStar(input(25, 25, 0.1, 50, 1.2, 0.5)))).toBeLessThan(0.5);
    expect(spmvStar(input(10, 10, 0.15, 50, 1.2, 0.5))).toBeLessThan(-1);
    expect(spmvStar(input(35, 40, 0.15, 50, 1.2, 0.5))).toBeGreaterThan(1);
  });

  it('rises with air temperature (2 K steps, 0–32 °C) across typical pedestrian conditions, as SET does', () => {
    // Deterministic grid rather than a random property: the published two-node algorithm is not
    // strictly monotone at fine steps (see the note in two-node.ts), but every 2 K step rises.
    let checked = 0;
    for (const met of [1.2, 1.6, 2, 2.4])
      for (const clo of [0.3, 0.6, 1])
        for (const v of [0.1, 0.5, 1, 2])
          for (const rh of [20, 50, 80])
            for (let ta = 0; ta <= 30; ta += 2) {
              const at = (t: number): SetInput => input(t, t, v, rh, met, clo);
              expect(spmvStar(at(ta + 2))).toBeGreaterThan(spmvStar(at(ta)));
              expect(standardEffectiveTemperature(at(ta + 2))).toBeGreaterThan(standardEffectiveTemperature(at(ta)));
              checked++;
            }
    expect(checked).toBe(2304);
  });

  it('falls with air speed in warm conditions', () => {
    fc.assert(
      fc.property(fc.double({ min: 26, max: 32, noNaN: true }), fc.double({ min: 0.1, max: 0.5, noNaN: true }), (ta, v) => {
        expect(spmvStar(input(ta, ta, v + 1.5, 50, 1.2, 0.5))).toBeLessThan(spmvStar(input(ta, ta, v, 50, 1.2, 0.5)));
      }),
      { numRuns: 100, seed: 11 },
    );
  });

  it('counts the acceptable share inside ±0.5 and ignores NaN', () => {
    expect(spmvAcceptable(0.5)).toBe(true);
    expect(spmvAcceptable(-0.51)).toBe(false);
    expect(percentAcceptable([0, 0.4, -0.6, 1, Number.NaN])).toBe(50);
    expect(percentAcceptable([Number.NaN])).toBeNaN();
    expect(percentAcceptable([0.9, 1.1], 1)).toBe(50);
  });
});
