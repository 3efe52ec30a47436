import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { outdoorLongwaveMrtC, projectedAreaFactor, solarCalErf, solarCalMrt, type SolarCalPosture } from './mrt.ts';

describe('solarCalErf (ASHRAE 55 Appendix C SolarCal)', () => {
  // ASHRAE 55-2017 SolarCal reference cases as published in CBE's validation set
  // FedericoTartarini/validation-data-comfort-models `ts_solar_gain.json` (tolerance 0.1 on ERF and
  // ΔMRT). The indoor model assumes I_diff = 0.2·I_dir, I_TH = I_dir·sin β + I_diff, floor R = 0.6.
  // Columns: altitude, SHARP, I_dir, transmittance, f_svv, f_bes, α_sw, posture, ERF, ΔMRT.
  const cases: [number, number, number, number, number, number, number, SolarCalPosture, number, number][] = [
    [45, 0, 700, 0.8, 0.2, 0.5, 0.7, 'seated', 64.9, 15.5],
    [0, 120, 800, 0.5, 0.5, 0.5, 0.7, 'seated', 43.3, 10.4],
    [60, 120, 800, 0.5, 0.5, 0.5, 0.7, 'seated', 63.2, 15.1],
    [90, 120, 800, 0.5, 0.5, 0.5, 0.7, 'seated', 65.3, 15.6],
    [30, 0, 800, 0.5, 0.5, 0.5, 0.7, 'seated', 63.1, 15.1],
    [30, 30, 800, 0.5, 0.5, 0.5, 0.7, 'seated', 62.4, 14.9],
    [30, 60, 800, 0.5, 0.5, 0.5, 0.7, 'seated', 60.5, 14.5],
    [30, 90, 800, 0.5, 0.5, 0.5, 0.7, 'seated', 57.2, 13.7],
    [30, 150, 800, 0.5, 0.5, 0.5, 0.7, 'seated', 51.7, 12.4],
    [30, 180, 800, 0.5, 0.5, 0.5, 0.7, 'seated', 49.0, 11.7],
    [30, 120, 800, 0.5, 0.5, 0.5, 0.7, 'standing', 59.3, 13.6],
    [30, 120, 400, 0.5, 0.5, 0.5, 0.7, 'seated', 27.4, 6.6],
    [30, 120, 600, 0.5, 0.5, 0.5, 0.7, 'seated', 41.1, 9.8],
    [30, 120, 1000, 0.5, 0.5, 0.5, 0.7, 'seated', 68.5, 16.4],
    [30, 120, 800, 0.1, 0.5, 0.5, 0.7, 'seated', 11.0, 2.6],
    [30, 120, 800, 0.3, 0.5, 0.5, 0.7, 'seated', 32.9, 7.9],
    [30, 120, 800, 0.7, 0.5, 0.5, 0.7, 'seated', 76.7, 18.4],
    [30, 120, 800, 0.5, 0.1, 0.5, 0.7, 'seated', 29.3, 7.0],
    [30, 120, 800, 0.5, 0.3, 0.5, 0.7, 'seated', 42.1, 10.1],
    [30, 120, 800, 0.5, 0.7, 0.5, 0.7, 'seated', 67.5, 16.2],
    [30, 120, 800, 0.5, 0.5, 0.1, 0.7, 'seated', 36.4, 8.7],
    [30, 120, 800, 0.5, 0.5, 0.3, 0.7, 'seated', 45.6, 10.9],
    [30, 120, 800, 0.5, 0.5, 0.7, 0.7, 'seated', 64.0, 15.3],
    [30, 120, 800, 0.5, 0.5, 0.5, 0.3, 'seated', 23.5, 5.6],
    [30, 120, 800, 0.5, 0.5, 0.5, 0.5, 'seated', 39.1, 9.4],
    [30, 120, 800, 0.5, 0.5, 0.5, 0.9, 'seated', 70.4, 16.9],
    [30, 120, 800, 0.5, 0.5, 0.5, 0.7, 'seated', 54.8, 13.1],
  ];
  it.each(cases)('β=%d° SHARP=%d° I=%d T=%d f_svv=%d f_bes=%d α=%d %s → ERF %d, ΔMRT %d', (alt, sharp, dir, t, svv, bes, asw, posture, erf, dMrt) => {
    const diffuse = 0.2 * dir;
    const result = solarCalErf({
      sunAltitudeDeg: alt,
      sharpDeg: sharp,
      directNormalWm2: dir,
      diffuseHorizontalWm2: diffuse,
      globalHorizontalWm2: dir * Math.sin((alt * Math.PI) / 180) + diffuse,
      transmittance: t,
      skyViewFraction: svv,
      bodyExposedFraction: bes,
      bodyAbsorptivity: asw,
      posture,
      floorReflectance: 0.6,
    });
    expect(Math.abs(result.erfWm2 - erf)).toBeLessThanOrEqual(0.1);
    expect(Math.abs(result.deltaMrtK - dMrt)).toBeLessThanOrEqual(0.1);
  });

  it('interpolates the projected-area table and treats SHARP symmetrically', () => {
    expect(projectedAreaFactor(30, 0, 'standing')).toBeCloseTo(0.314, 6);
    expect(projectedAreaFactor(22.5, 7.5, 'standing')).toBeCloseTo((0.35 + 0.314 + 0.342 + 0.31) / 4, 6);
    expect(projectedAreaFactor(40, 200, 'seated')).toBeCloseTo(projectedAreaFactor(40, 160, 'seated'), 12);
  });
});

describe('solarCalMrt (outdoor)', () => {
  const summerNoon = {
    longwaveMrtC: 28,
    directNormalWm2: 850,
    diffuseHorizontalWm2: 120,
    globalHorizontalWm2: 850 * Math.sin((65 * Math.PI) / 180) + 120,
    sunAltitudeDeg: 65,
  };

  it('adds the direct beam only when the person is sun-lit', () => {
    const sun = solarCalMrt({ ...summerNoon, sunlit: true });
    const shade = solarCalMrt({ ...summerNoon, sunlit: false });
    expect(sun - shade).toBeGreaterThan(5);
    expect(shade).toBeGreaterThan(summerNoon.longwaveMrtC); // diffuse + ground reflection remain
    // Outdoor ΔMRT in full summer sun is typically +15 to +40 K; by hand here: f_p ≈ 0.17 (standing,
    // 65°, SHARP 135°) → ERF ≈ 0.737·(105 direct + 43 diffuse + 81 reflected) ≈ 169 W/m² → ≈ 38.8 K.
    expect(sun - summerNoon.longwaveMrtC).toBeGreaterThan(15);
    expect(sun - summerNoon.longwaveMrtC).toBeLessThan(40);
  });

  it('is the long-wave MRT at night and never lowers MRT', () => {
    expect(solarCalMrt({ ...summerNoon, directNormalWm2: 0, diffuseHorizontalWm2: 0, globalHorizontalWm2: 0, sunAltitudeDeg: -10, sunlit: true })).toBe(28);
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1000, noNaN: true }),
        fc.double({ min: 0, max: 500, noNaN: true }),
        fc.double({ min: -20, max: 90, noNaN: true }),
        fc.boolean(),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (dni, dhi, alt, sunlit, svf) => {
          const ghi = dni * Math.max(0, Math.sin((alt * Math.PI) / 180)) + dhi;
          const mrt = solarCalMrt({
            longwaveMrtC: 10,
            directNormalWm2: dni,
            diffuseHorizontalWm2: dhi,
            globalHorizontalWm2: ghi,
            sunAltitudeDeg: alt,
            sunlit,
            skyViewFactor: svf,
          });
          expect(mrt).toBeGreaterThanOrEqual(10);
        },
      ),
    );
  });

  it('derives a long-wave MRT below air temperature under a cold clear sky', () => {
    // Clear winter night: IR ≈ 230 W/m² → sky ≈ −14 °C; half the view is sky.
    const mrt = outdoorLongwaveMrtC(0, 230, 1);
    expect(mrt).toBeLessThan(0);
    expect(mrt).toBeGreaterThan(-10);
    expect(outdoorLongwaveMrtC(5, 230, 0)).toBe(5); // no sky in view → surroundings only
  });
});
