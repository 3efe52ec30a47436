import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { logLawSpeed, powerLawSpeed, profileCurve, referenceSpeedFactor, TERRAINS } from './profile.ts';

const within = (actual: number, expected: number, relative: number) => expect(Math.abs(actual - expected) / expected).toBeLessThanOrEqual(relative);

describe('logLawSpeed (DOMAIN.md §2 checks, ±1 %)', () => {
  it('6.52 m/s at 10 m, z0 = 0.01 m → 5.0 m/s at 2 m', () => {
    within(logLawSpeed(6.52, 10, 2, 0.01), 5.0, 0.01);
  });

  it('5.0 m/s at 10 m, z0 = 0.1 m → 7.39 m/s at 90 m', () => {
    within(logLawSpeed(5.0, 10, 90, 0.1), 7.39, 0.01);
  });

  it('is its own inverse', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.1, max: 40, noNaN: true }), fc.double({ min: 1, max: 300, noNaN: true }), (speed, height) => {
        const there = logLawSpeed(speed, 10, height, 0.03);
        expect(logLawSpeed(there, height, 10, 0.03)).toBeCloseTo(speed, 9);
      }),
    );
  });

  it('rejects heights at or below the roughness length', () => {
    expect(() => logLawSpeed(5, 10, 0.5, 1)).toThrow(RangeError);
    expect(() => logLawSpeed(5, 10, 2, 0)).toThrow(RangeError);
  });
});

describe('TERRAINS (ASHRAE Fundamentals 2009 ch. 24 Table 1, as in DOMAIN.md §2)', () => {
  it('holds δ and α of each category', () => {
    expect([TERRAINS.city.boundaryLayerHeightM, TERRAINS.city.exponent]).toEqual([460, 0.33]);
    expect([TERRAINS.suburban.boundaryLayerHeightM, TERRAINS.suburban.exponent]).toEqual([370, 0.22]);
    expect([TERRAINS.country.boundaryLayerHeightM, TERRAINS.country.exponent]).toEqual([270, 0.14]);
    expect([TERRAINS.water.boundaryLayerHeightM, TERRAINS.water.exponent]).toEqual([210, 0.1]);
  });
});

describe('powerLawSpeed', () => {
  it('is the identity for a country site at the met height', () => {
    expect(powerLawSpeed(7.3, 10, { siteTerrain: 'country' })).toBeCloseTo(7.3, 12);
  });

  it('matches hand-computed values U·(270/10)^0.14·(z/δ)^α', () => {
    within(powerLawSpeed(1, 10, { siteTerrain: 'city' }), 0.448416, 1e-5);
    within(powerLawSpeed(1, 100, { siteTerrain: 'suburban' }), 1.189561, 1e-5);
    within(powerLawSpeed(1, 2, { siteTerrain: 'water' }), 0.996029, 1e-5);
  });

  it('is constant above the boundary-layer height', () => {
    expect(powerLawSpeed(5, 600, { siteTerrain: 'city' })).toBe(powerLawSpeed(5, 460, { siteTerrain: 'city' }));
  });

  it('slows down over rougher terrain at pedestrian height', () => {
    const at2m = (['water', 'country', 'suburban', 'city'] as const).map((t) => powerLawSpeed(5, 2, { siteTerrain: t }));
    for (let i = 1; i < at2m.length; i++) expect(at2m[i]).toBeLessThan(at2m[i - 1]);
  });

  it('accepts a custom terrain and met station', () => {
    const custom = { ...TERRAINS.suburban, id: 'custom' };
    expect(powerLawSpeed(4, 30, { siteTerrain: custom, metTerrain: 'city', metHeightM: 30 })).toBeCloseTo(
      4 * Math.pow(460 / 30, 0.33) * Math.pow(30 / 370, 0.22),
      12,
    );
    expect(() => powerLawSpeed(4, 30, { siteTerrain: 'moon' as 'city' })).toThrow("unknown terrain 'moon'");
  });

  it('referenceSpeedFactor is the speed for 1 m/s at the met station', () => {
    expect(referenceSpeedFactor({ siteTerrain: 'city', referenceHeightM: 10 })).toBeCloseTo(0.448416, 6);
  });
});

describe('profileCurve', () => {
  it('gives a rising curve that passes through the met speed for open country at 10 m', () => {
    const curve = profileCurve('country', [2, 10, 50, 270, 400], { metSpeedMs: 6 });
    expect(curve.terrain.id).toBe('country');
    expect(curve.speedsMs[1]).toBeCloseTo(6, 12);
    for (let i = 1; i < 4; i++) expect(curve.speedsMs[i]).toBeGreaterThan(curve.speedsMs[i - 1]);
    expect(curve.speedsMs[4]).toBe(curve.speedsMs[3]);
  });

  it('defaults to standard heights and a unit met speed', () => {
    const curve = profileCurve('city');
    expect(curve.heightsM.length).toBe(curve.speedsMs.length);
    expect(curve.heightsM.length).toBeGreaterThan(10);
  });
});
