/**
 * Longitude/latitude → local metres around an origin (x east, y north, true north = +Y): the
 * equirectangular projection on the local tangent plane, with the WGS84 ellipsoid's radii of
 * curvature at the origin's latitude (NIMA TR8350.2, "Department of Defense World Geodetic System
 * 1984", §3 and the standard formulas for the meridional radius M and prime-vertical radius N):
 *
 *   M = a(1 − e²) / (1 − e² sin²φ0)^{3/2},  N = a / √(1 − e² sin²φ0)
 *   x = N cos φ0 · Δλ,  y = M · Δφ  (radians)
 *
 * Accuracy: exact in the limit at the origin; the error grows with distance d as the meridians
 * converge, about (d / R)·tan φ0 relative. Within 2 km of the origin below 60° latitude that is
 * under 0.06 % (6 cm per 100 m) — far below the precision of OSM footprints — and within 10 km
 * under 0.3 %. Surrounds are clipped to a radius of at most a few kilometres.
 */
import type { LonLat, Point2 } from './types.ts';

const WGS84_A = 6_378_137;
const WGS84_F = 1 / 298.257223563;
const WGS84_E2 = WGS84_F * (2 - WGS84_F);
const RAD = Math.PI / 180;

export interface LocalProjection {
  originLatitudeDeg: number;
  originLongitudeDeg: number;
  /** Metres per degree of longitude and latitude at the origin. */
  metresPerDegreeLon: number;
  metresPerDegreeLat: number;
  toLocal(point: LonLat): Point2;
  toLonLat(point: Point2): LonLat;
}

export function localProjection(originLatitudeDeg: number, originLongitudeDeg: number): LocalProjection {
  if (!(Math.abs(originLatitudeDeg) < 89) || !(Math.abs(originLongitudeDeg) <= 180)) {
    throw new RangeError(`projection origin (${originLatitudeDeg}, ${originLongitudeDeg}) must be a latitude within ±89° and a longitude within ±180°`);
  }
  const sin = Math.sin(originLatitudeDeg * RAD);
  const w = 1 - WGS84_E2 * sin * sin;
  const meridional = (WGS84_A * (1 - WGS84_E2)) / Math.pow(w, 1.5);
  const primeVertical = WGS84_A / Math.sqrt(w);
  const metresPerDegreeLat = meridional * RAD;
  const metresPerDegreeLon = primeVertical * Math.cos(originLatitudeDeg * RAD) * RAD;
  // Longitudes across the antimeridian: take the short way round.
  const dLon = (lon: number) => ((((lon - originLongitudeDeg) % 360) + 540) % 360) - 180;
  return {
    originLatitudeDeg,
    originLongitudeDeg,
    metresPerDegreeLon,
    metresPerDegreeLat,
    toLocal: ([lon, lat]) => [dLon(lon) * metresPerDegreeLon, (lat - originLatitudeDeg) * metresPerDegreeLat],
    toLonLat: ([x, y]) => [originLongitudeDeg + x / metresPerDegreeLon, originLatitudeDeg + y / metresPerDegreeLat],
  };
}
