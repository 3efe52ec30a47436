import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { B_TERMS, L_TERMS, NUTATION_ROWS, R_TERMS } from './spa-tables.ts';
import { deltaTSecondsEstimate, sunPosition, sunPositionFast, sunVector } from './sun-position.ts';

/** Angle in degrees between the directions given by two (azimuth, elevation) pairs. */
function separationDeg(a: { azimuthDeg: number; elevationDeg: number }, b: { azimuthDeg: number; elevationDeg: number }): number {
  const u = sunVector(a.azimuthDeg, a.elevationDeg);
  const v = sunVector(b.azimuthDeg, b.elevationDeg);
  const dot = Math.min(1, u[0] * v[0] + u[1] * v[1] + u[2] * v[2]);
  // acos loses precision near 1; use the chord length instead.
  const chord = Math.hypot(u[0] - v[0], u[1] - v[1], u[2] - v[2]);
  return dot > 0.99 ? (2 * Math.asin(chord / 2) * 180) / Math.PI : (Math.acos(dot) * 180) / Math.PI;
}

describe('SPA term tables (Reda & Andreas 2004, Tables A4.2–A4.3)', () => {
  it('have the published number of rows per series', () => {
    expect(L_TERMS.map((s) => s.length / 3)).toEqual([64, 34, 20, 7, 3, 1]);
    expect(B_TERMS.map((s) => s.length / 3)).toEqual([5, 2]);
    expect(R_TERMS.map((s) => s.length / 3)).toEqual([40, 10, 6, 2, 1]);
    expect(NUTATION_ROWS).toHaveLength(63);
    expect(NUTATION_ROWS.every((row) => row.length === 9)).toBe(true);
  });
});

describe('sunPosition (full NREL SPA)', () => {
  // The SPA report's worked example (§A5): 2003-10-17 12:30:30 local time, UTC−7, Golden, Colorado.
  const example = new Date(Date.UTC(2003, 9, 17, 19, 30, 30));
  const options = { elevationM: 1830.14, pressureMbar: 820, temperatureC: 11, deltaTSeconds: 67 };

  it('reproduces the SPA report example: zenith 50.11162°, azimuth 194.340241°', () => {
    const sun = sunPosition(example, 39.742476, -105.1786, options);
    expect(Math.abs(sun.zenithDeg - 50.11162)).toBeLessThan(1e-4);
    expect(Math.abs(sun.azimuthDeg - 194.340241)).toBeLessThan(1e-4);
    expect(sun.elevationDeg).toBeCloseTo(90 - sun.zenithDeg, 12);
  });

  it('puts the sun near the zenith at the subsolar point of an equinox noon', () => {
    // 2023-03-20 12:00 UT (equinox at 21:24 UT): declination ≈ −0.1°; equation of time ≈ −7.5 min,
    // so the sun transits Greenwich at ≈ 12:07.5 UT and stands over longitude ≈ +1.9° at noon UT.
    const sun = sunPosition(new Date(Date.UTC(2023, 2, 20, 12)), 0, 1.9);
    expect(sun.zenithDeg).toBeLessThan(0.5);
  });

  it('rejects impossible coordinates with a clear message', () => {
    expect(() => sunPosition(example, 91, 0)).toThrow(/latitude/);
    expect(() => sunPosition(new Date(Number.NaN), 0, 0)).toThrow(/invalid date/);
  });
});

describe('deltaTSecondsEstimate (Espenak & Meeus 2006 polynomials)', () => {
  it('matches the tabulated ΔT of recent epochs within a second', () => {
    expect(deltaTSecondsEstimate(2000)).toBeCloseTo(63.86, 1); // observed 63.8 s
    expect(deltaTSecondsEstimate(1975)).toBeCloseTo(45.45, 1); // observed 45.5 s
    expect(Math.abs(deltaTSecondsEstimate(2003.8) - 64.6)).toBeLessThan(1.5); // SPA example uses 67 s (predicted)
  });
});

describe('sunPositionFast (reduced-term SPA)', () => {
  it('stays within 0.01° of the full SPA over 1950–2050 at all latitudes', () => {
    const start = Date.UTC(1950, 0, 1);
    const end = Date.UTC(2050, 11, 31, 23);
    fc.assert(
      fc.property(
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.double({ min: -89, max: 89, noNaN: true }),
        fc.double({ min: -180, max: 180, noNaN: true }),
        (share, latitudeDeg, longitudeDeg) => {
          const date = new Date(start + share * (end - start));
          const full = sunPosition(date, latitudeDeg, longitudeDeg);
          const fast = sunPositionFast(date, latitudeDeg, longitudeDeg);
          expect(Math.abs(full.zenithDeg - fast.zenithDeg)).toBeLessThan(0.01);
          expect(separationDeg(full, fast)).toBeLessThan(0.01);
        },
      ),
      { numRuns: 3000, seed: 7 },
    );
  });

  it('agrees on the SPA example to better than 0.001°', () => {
    const date = new Date(Date.UTC(2003, 9, 17, 19, 30, 30));
    const fast = sunPositionFast(date, 39.742476, -105.1786, { elevationM: 1830.14, pressureMbar: 820, temperatureC: 11, deltaTSeconds: 67 });
    expect(Math.abs(fast.zenithDeg - 50.11162)).toBeLessThan(1e-3);
    expect(Math.abs(fast.azimuthDeg - 194.340241)).toBeLessThan(1e-3);
  });
});

describe('sunVector (world axes x = east, y = north, z = up)', () => {
  it('maps compass directions onto the axes', () => {
    const north = sunVector(0, 0);
    const east = sunVector(90, 0);
    const zenith = sunVector(123, 90);
    expect(north[0]).toBeCloseTo(0, 12);
    expect(north[1]).toBeCloseTo(1, 12);
    expect(east[0]).toBeCloseTo(1, 12);
    expect(east[1]).toBeCloseTo(0, 12);
    expect(zenith[2]).toBeCloseTo(1, 12);
  });

  it('is a unit vector whose z is the sine of the elevation', () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 360, noNaN: true }), fc.double({ min: -90, max: 90, noNaN: true }), (az, el) => {
        const v = sunVector(az, el);
        expect(Math.hypot(v[0], v[1], v[2])).toBeCloseTo(1, 12);
        expect(v[2]).toBeCloseTo(Math.sin((el * Math.PI) / 180), 12);
      }),
    );
  });
});
