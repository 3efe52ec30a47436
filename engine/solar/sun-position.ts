/**
 * Sun position for a site and instant.
 *
 * `sunPosition` is the full NREL SPA (Reda & Andreas 2004, NREL/TP-560-34302): topocentric,
 * refraction-corrected, azimuth measured eastward from true north, stated uncertainty ±0.0003°.
 *
 * `sunPositionFast` is the same algorithm with reduced term tables: the periodic terms whose
 * summed amplitude stays far inside a 0.01° budget are dropped (all of the heliocentric latitude
 * series, the small Earth-longitude/radius terms, all but the four largest nutation rows). It
 * evaluates ~30 periodic terms instead of ~230 and stays within 0.003° of the full SPA over
 * 1950–2050 (see the test), which is what hourly shading work needs.
 *
 * World/scene convention used by every solar module (and `sunVector`): metres, x = east,
 * y = true north, z = up — the STL convention of the geometry uploads (DOMAIN.md §5: true north is
 * +Y, up is +Z). A viewer with y-up must rotate; the engine never does.
 */
import { B_TERMS, L_TERMS, NUTATION_ROWS, R_TERMS, type PeriodicSeries } from './spa-tables.ts';
import { geocentricSun, julianDay, topocentricSun, type SpaTables } from './spa.ts';

export interface SunPositionOptions {
  /** Site elevation above sea level, metres (default 0). */
  elevationM?: number;
  /** Annual mean local pressure, millibars (default 1013.25). */
  pressureMbar?: number;
  /** Annual mean local temperature, °C (default 12, the pvlib/NREL convention). */
  temperatureC?: number;
  /** TT − UT in seconds; default: the Espenak–Meeus polynomial for the date's year. */
  deltaTSeconds?: number;
}

export interface SunPosition {
  /** Topocentric zenith angle, refraction-corrected, degrees. */
  zenithDeg: number;
  /** Topocentric azimuth eastward from true north, degrees in [0, 360). */
  azimuthDeg: number;
  /** 90 − zenith: the refraction-corrected elevation above the horizon, degrees. */
  elevationDeg: number;
}

export type Vector3Tuple = [number, number, number];

const FULL_TABLES: SpaTables = { l: L_TERMS, b: B_TERMS, r: R_TERMS, nutation: NUTATION_ROWS };

/** Keeps the terms of each series whose amplitude A is at least `minAmplitude` (units 1e-8 rad/AU). */
function truncate(series: readonly PeriodicSeries[], minAmplitudes: readonly number[]): PeriodicSeries[] {
  return minAmplitudes.map((minAmplitude, order) => {
    const kept: number[] = [];
    const terms = series[order];
    for (let i = 0; i < terms.length; i += 3) if (terms[i] >= minAmplitude) kept.push(terms[i], terms[i + 1], terms[i + 2]);
    return kept;
  });
}

/**
 * Reduced tables. Budget (worst case, all dropped terms in phase, |JME| ≤ 0.05 for 1950–2050):
 * L0 terms < 400e-8 rad sum to 0.0028°; L1..L2 small terms × JME add < 0.0002°; B (≤ 0.0003°) is
 * dropped whole; R terms only move aberration/parallax by micro-degrees; the dropped nutation rows
 * sum to < 0.0002°. Total well under 0.01°.
 */
const FAST_TABLES: SpaTables = {
  l: truncate(L_TERMS, [400, 400, 300]),
  b: [],
  r: truncate(R_TERMS, [1000, 1000]),
  nutation: NUTATION_ROWS.slice(0, 4),
};

/**
 * ΔT = TT − UT in seconds from the Espenak & Meeus polynomial expressions (NASA "Five Millennium
 * Canon of Solar Eclipses", 2006; eclipse.gsfc.nasa.gov/SEhelp/deltatpoly2004.html), for the
 * ranges the product meets (1900–2150) plus their long-term parabola outside. ΔT only shifts the
 * ephemeris time of the heliocentric series, so a few seconds of error move the sun by ~1e-5°.
 */
export function deltaTSecondsEstimate(decimalYear: number): number {
  const y = decimalYear;
  if (y >= 2005 && y < 2050) {
    const t = y - 2000;
    return 62.92 + 0.32217 * t + 0.005589 * t * t;
  }
  if (y >= 1986 && y < 2005) {
    const t = y - 2000;
    return 63.86 + t * (0.3345 + t * (-0.060374 + t * (0.0017275 + t * (0.000651814 + t * 0.00002373599))));
  }
  if (y >= 1961 && y < 1986) {
    const t = y - 1975;
    return 45.45 + 1.067 * t - (t * t) / 260 - (t * t * t) / 718;
  }
  if (y >= 1941 && y < 1961) {
    const t = y - 1950;
    return 29.07 + 0.407 * t - (t * t) / 233 + (t * t * t) / 2547;
  }
  if (y >= 1920 && y < 1941) {
    const t = y - 1920;
    return 21.2 + 0.84493 * t - 0.0761 * t * t + 0.0020936 * t * t * t;
  }
  if (y >= 1900 && y < 1920) {
    const t = y - 1900;
    return -2.79 + 1.494119 * t - 0.0598939 * t * t + 0.0061966 * t * t * t - 0.000197 * t * t * t * t;
  }
  const u = (y - 1820) / 100;
  if (y >= 2050 && y < 2150) return -20 + 32 * u * u - 0.5628 * (2150 - y);
  return -20 + 32 * u * u;
}

function decimalYear(date: Date): number {
  return 1970 + date.getTime() / (365.2425 * 86_400_000);
}

function compute(date: Date, latitudeDeg: number, longitudeDeg: number, options: SunPositionOptions, tables: SpaTables): SunPosition {
  if (!Number.isFinite(date.getTime())) throw new RangeError('sunPosition: invalid date');
  if (!(latitudeDeg >= -90 && latitudeDeg <= 90)) throw new RangeError(`sunPosition: latitude ${latitudeDeg} outside [-90, 90]`);
  if (!(longitudeDeg >= -180 && longitudeDeg <= 180)) throw new RangeError(`sunPosition: longitude ${longitudeDeg} outside [-180, 180]`);
  const deltaT = options.deltaTSeconds ?? deltaTSecondsEstimate(decimalYear(date));
  const geo = geocentricSun(julianDay(date), deltaT, tables);
  return topocentricSun(geo, {
    latitudeDeg,
    longitudeDeg,
    elevationM: options.elevationM ?? 0,
    pressureMbar: options.pressureMbar ?? 1013.25,
    temperatureC: options.temperatureC ?? 12,
  });
}

/** Full NREL SPA. `date` is an absolute instant (UT); longitude positive east of Greenwich. */
export function sunPosition(date: Date, latitudeDeg: number, longitudeDeg: number, options: SunPositionOptions = {}): SunPosition {
  return compute(date, latitudeDeg, longitudeDeg, options, FULL_TABLES);
}

/** Reduced-term SPA for hourly work: within 0.01° of `sunPosition` over 1950–2050. */
export function sunPositionFast(date: Date, latitudeDeg: number, longitudeDeg: number, options: SunPositionOptions = {}): SunPosition {
  return compute(date, latitudeDeg, longitudeDeg, options, FAST_TABLES);
}

/**
 * Unit vector from the observer towards the sun in world axes (x = east, y = north, z = up).
 * Azimuth is eastward from north, elevation above the horizon, both in degrees.
 */
export function sunVector(azimuthDeg: number, elevationDeg: number): Vector3Tuple {
  const azimuth = (azimuthDeg * Math.PI) / 180;
  const elevation = (elevationDeg * Math.PI) / 180;
  const horizontal = Math.cos(elevation);
  return [horizontal * Math.sin(azimuth), horizontal * Math.cos(azimuth), Math.sin(elevation)];
}
