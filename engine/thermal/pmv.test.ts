import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { pmvPpd, ppdFromPmv, withinIso7730Range, type ComfortInput } from './pmv.ts';

function input(ta: number, tr: number, v: number, rh: number, met: number, clo: number): ComfortInput {
  return { airTemperatureC: ta, meanRadiantTemperatureC: tr, airSpeedMs: v, relativeHumidityPct: rh, metabolicRateMet: met, clothingClo: clo };
}

describe('pmvPpd (ISO 7730:2005)', () => {
  // ISO 7730:2005 Annex D, Table D.1 (PMV to two decimals, PPD in whole percent); the same rows,
  // rounded, are in CBE's validation set FedericoTartarini/validation-data-comfort-models
  // `ts_pmv_ppd.json` ("source": "ISO 7730 2005").
  it.each([
    [22, 22, 0.1, 60, 1.2, 0.5, -0.75, 17],
    [27, 27, 0.1, 60, 1.2, 0.5, 0.77, 17],
    [27, 27, 0.3, 60, 1.2, 0.5, 0.44, 9],
    [23.5, 25.5, 0.1, 60, 1.2, 0.5, -0.01, 5],
    [23.5, 25.5, 0.3, 60, 1.2, 0.5, -0.55, 11],
    [19, 19, 0.1, 40, 1.2, 1.0, -0.6, 13],
    [23.5, 23.5, 0.3, 40, 1.2, 1.0, 0.12, 5],
    [23, 21, 0.1, 40, 1.2, 1.0, 0.05, 5],
    [23, 21, 0.3, 40, 1.2, 1.0, -0.16, 6],
    [22, 22, 0.1, 60, 1.6, 0.5, 0.05, 5],
    [27, 27, 0.1, 60, 1.6, 0.5, 1.17, 34],
    [27, 27, 0.3, 60, 1.6, 0.5, 0.95, 24],
  ])('ta=%d tr=%d v=%d RH=%d %d met %d clo → PMV %d, PPD %d %%', (ta, tr, v, rh, met, clo, pmv, ppd) => {
    const result = pmvPpd(input(ta, tr, v, rh, met, clo));
    expect(Math.abs(result.pmv - pmv)).toBeLessThanOrEqual(0.01);
    expect(Math.abs(result.ppd - ppd)).toBeLessThanOrEqual(0.6);
  });

  // ASHRAE 55-2017 Appendix (compliance examples at the ±0.5 PMV limits), as listed in
  // validation-data-comfort-models `ts_pmv_ppd.json` with PMV to 0.1 and PPD to 0.1 %.
  it.each([
    [19.6, 19.6, 0.1, 86, 1.1, 1, -0.5, 9.7],
    [23.9, 23.9, 0.1, 66, 1.1, 1, 0.5, 9.8],
    [25.7, 25.7, 0.1, 15, 1.1, 1, 0.5, 10.8],
    [21.2, 21.2, 0.1, 20, 1.1, 1, -0.5, 9.7],
    [23.6, 23.6, 0.1, 67, 1.1, 0.5, -0.5, 9.7],
    [26.8, 26.8, 0.1, 56, 1.1, 0.5, 0.5, 10.6],
    [27.9, 27.9, 0.1, 13, 1.1, 0.5, 0.5, 10.2],
    [24.7, 24.7, 0.1, 16, 1.1, 0.5, -0.5, 9.9],
  ])('ASHRAE 55 example ta=%d RH=%d %d clo → PMV %d, PPD %d %%', (ta, tr, v, rh, met, clo, pmv, ppd) => {
    const result = pmvPpd(input(ta, tr, v, rh, met, clo));
    expect(Math.abs(result.pmv - pmv)).toBeLessThanOrEqual(0.05);
    expect(Math.abs(result.ppd - ppd)).toBeLessThanOrEqual(0.1);
  });

  it('gives PPD ≈ 10 % at PMV = ±0.5 and the 5 % floor at neutrality', () => {
    expect(ppdFromPmv(-0.5)).toBeCloseTo(10.2, 1);
    expect(ppdFromPmv(0.5)).toBeCloseTo(10.2, 1);
    expect(ppdFromPmv(0)).toBe(5);
  });

  it('rises with air temperature (warmer feels warmer)', () => {
    fc.assert(
      fc.property(fc.double({ min: 10, max: 29, noNaN: true }), fc.double({ min: 0.1, max: 1, noNaN: true }), (ta, step) => {
        const a = pmvPpd(input(ta, 22, 0.15, 50, 1.2, 0.7)).pmv;
        const b = pmvPpd(input(ta + step, 22, 0.15, 50, 1.2, 0.7)).pmv;
        expect(b).toBeGreaterThan(a);
      }),
    );
  });

  it('reports the ISO 7730 application range', () => {
    expect(withinIso7730Range(input(22, 22, 0.1, 60, 1.2, 0.5))).toBe(true);
    expect(withinIso7730Range(input(35, 22, 0.1, 60, 1.2, 0.5))).toBe(false);
  });
});
