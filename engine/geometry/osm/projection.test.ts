/**
 * Projection accuracy against published lengths of a degree on the WGS84 ellipsoid (e.g. the table
 * "Length of a degree of latitude/longitude" derived from NIMA TR8350.2; at 45°: 1° of latitude =
 * 111 132.954 m, 1° of longitude = 78 846.80 m; at 0°: 110 574.3 m and 111 319.5 m; at 60°:
 * 111 412.2 m and 55 799.98 m), and a great-circle cross-check for a diagonal pair.
 */
import { describe, expect, it } from 'vitest';
import { localProjection } from './projection.ts';

const within = (actual: number, expected: number, relative: number) => expect(Math.abs(actual - expected) / expected).toBeLessThan(relative);

describe('localProjection', () => {
  it.each([
    [0, 110_574.3, 111_319.5],
    [45, 111_132.954, 78_846.8],
    [60, 111_412.2, 55_799.98],
  ])('at %i° a small step matches the published degree lengths within 0.5 % (in fact 0.01 %)', (lat, perDegLat, perDegLon) => {
    const p = localProjection(lat, 10);
    const [, north] = p.toLocal([10, lat + 0.01]);
    const [east] = p.toLocal([10.01, lat]);
    within(north, perDegLat / 100, 0.005);
    within(east, perDegLon / 100, 0.005);
    within(north, perDegLat / 100, 0.0001);
    within(east, perDegLon / 100, 0.0001);
  });

  it('measures the distance between two points 1.2 km apart within 0.5 % of the WGS84 geodesic', () => {
    // Willis Tower → Navy Pier entrance; the reference is Vincenty's inverse solution on the ellipsoid.
    const a: [number, number] = [-87.635915, 41.878876];
    const b: [number, number] = [-87.6244, 41.8917];
    const p = localProjection(41.8788, -87.6359);
    const [x1, y1] = p.toLocal(a);
    const [x2, y2] = p.toLocal(b);
    within(Math.hypot(x2 - x1, y2 - y1), vincentyMetres(a, b), 0.005);
    within(Math.hypot(x2 - x1, y2 - y1), vincentyMetres(a, b), 0.0005);
  });

  it('puts true north on +Y and east on +X, and inverts', () => {
    const p = localProjection(-33.87, 151.21);
    const [x, y] = p.toLocal([151.211, -33.869]);
    expect(x).toBeGreaterThan(0);
    expect(y).toBeGreaterThan(0);
    const [lon, lat] = p.toLonLat([x, y]);
    expect(lon).toBeCloseTo(151.211, 9);
    expect(lat).toBeCloseTo(-33.869, 9);
  });

  it('takes the short way across the antimeridian', () => {
    const [x] = localProjection(0, 179.999).toLocal([-179.999, 0]);
    expect(x).toBeCloseTo(2 * 111.3195, 1);
  });
});

/**
 * Vincenty's inverse formula on WGS84 (T. Vincenty, "Direct and inverse solutions of geodesics on
 * the ellipsoid with application of nested equations", Survey Review 23(176), 1975) — accurate to
 * well under a millimetre at these distances; the independent reference for the test above.
 */
function vincentyMetres([lon1, lat1]: [number, number], [lon2, lat2]: [number, number]): number {
  const a = 6_378_137;
  const f = 1 / 298.257223563;
  const b = a * (1 - f);
  const rad = Math.PI / 180;
  const L = (lon2 - lon1) * rad;
  const U1 = Math.atan((1 - f) * Math.tan(lat1 * rad));
  const U2 = Math.atan((1 - f) * Math.tan(lat2 * rad));
  const [sinU1, cosU1, sinU2, cosU2] = [Math.sin(U1), Math.cos(U1), Math.sin(U2), Math.cos(U2)];
  let lambda = L;
  let sigma = 0,
    sinSigma = 0,
    cosSigma = 0,
    cos2SigmaM = 0,
    cosSqAlpha = 0;
  for (let k = 0; k < 100; k++) {
    const sinLambda = Math.sin(lambda);
    const cosLambda = Math.cos(lambda);
    sinSigma = Math.hypot(cosU2 * sinLambda, cosU1 * sinU2 - sinU1 * cosU2 * cosLambda);
    cosSigma = sinU1 * sinU2 + cosU1 * cosU2 * cosLambda;
    sigma = Math.atan2(sinSigma, cosSigma);
    const sinAlpha = (cosU1 * cosU2 * sinLambda) / sinSigma;
    cosSqAlpha = 1 - sinAlpha * sinAlpha;
    cos2SigmaM = cosSigma - (2 * sinU1 * sinU2) / cosSqAlpha;
    const C = (f / 16) * cosSqAlpha * (4 + f * (4 - 3 * cosSqAlpha));
    const previous = lambda;
    lambda = L + (1 - C) * f * sinAlpha * (sigma + C * sinSigma * (cos2SigmaM + C * cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM)));
    if (Math.abs(lambda - previous) < 1e-12) break;
  }
  const uSq = (cosSqAlpha * (a * a - b * b)) / (b * b);
  const A = 1 + (uSq / 16384) * (4096 + uSq * (-768 + uSq * (320 - 175 * uSq)));
  const B = (uSq / 1024) * (256 + uSq * (-128 + uSq * (74 - 47 * uSq)));
  const deltaSigma =
    B *
    sinSigma *
    (cos2SigmaM +
      (B / 4) * (cosSigma * (-1 + 2 * cos2SigmaM * cos2SigmaM) - (B / 6) * cos2SigmaM * (-3 + 4 * sinSigma * sinSigma) * (-3 + 4 * cos2SigmaM * cos2SigmaM)));
  return b * A * (sigma - deltaSigma);
}
