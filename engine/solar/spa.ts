/**
 * The steps of the NREL Solar Position Algorithm, parameterised by its term tables so that the
 * full algorithm (`sun-position.ts` → `sunPosition`) and the reduced-term fast path
 * (`sunPositionFast`) share one implementation.
 *
 * Source for every equation below: I. Reda and A. Andreas, "Solar Position Algorithm for Solar
 * Radiation Applications", NREL/TP-560-34302 (revised January 2008); equation numbers in comments
 * refer to §3 of that report.
 */
import type { PeriodicSeries } from './spa-tables.ts';

const DEG = Math.PI / 180;

export interface SpaTables {
  l: readonly PeriodicSeries[];
  b: readonly PeriodicSeries[];
  r: readonly PeriodicSeries[];
  nutation: readonly (readonly number[])[];
}

/** Geocentric apparent sun and sidereal time at one instant (all angles in degrees). */
export interface GeocentricSun {
  /** Apparent sidereal time at Greenwich ν. */
  siderealDeg: number;
  /** Geocentric right ascension α and declination δ. */
  rightAscensionDeg: number;
  declinationDeg: number;
  /** Earth–sun distance R in astronomical units. */
  radiusAu: number;
}

export interface TopocentricInput {
  latitudeDeg: number;
  longitudeDeg: number;
  elevationM: number;
  pressureMbar: number;
  temperatureC: number;
}

export interface TopocentricSun {
  zenithDeg: number;
  azimuthDeg: number;
  elevationDeg: number;
}

/** Reduces an angle in degrees to [0, 360). */
export function limitDegrees(angleDeg: number): number {
  const reduced = angleDeg % 360;
  return reduced < 0 ? reduced + 360 : reduced;
}

/** Julian day (UT) from a JavaScript Date: the Unix epoch is JD 2440587.5 (Eq. 4 for Gregorian dates). */
export function julianDay(date: Date): number {
  return date.getTime() / 86_400_000 + 2_440_587.5;
}

/** Σ A·cos(B + C·JME) over one series (Eq. 9). */
function seriesSum(series: PeriodicSeries, jme: number): number {
  let sum = 0;
  for (let i = 0; i < series.length; i += 3) sum += series[i] * Math.cos(series[i + 1] + series[i + 2] * jme);
  return sum;
}

/** Σ_i S_i·JME^i / 1e8 (Eqs. 10–11): L or B in radians, R in AU. */
function earthValue(tables: readonly PeriodicSeries[], jme: number): number {
  let value = 0;
  let power = 1;
  for (const series of tables) {
    value += seriesSum(series, jme) * power;
    power *= jme;
  }
  return value / 1e8;
}

/** Nutation in longitude Δψ and obliquity Δε in degrees (Eqs. 15–22). */
function nutation(jce: number, rows: readonly (readonly number[])[]): { dPsiDeg: number; dEpsDeg: number } {
  const jce2 = jce * jce;
  const jce3 = jce2 * jce;
  // Mean elongation of the moon, mean anomalies of sun and moon, moon's argument of latitude,
  // longitude of the ascending node (Eqs. 15–19), in degrees.
  const x0 = 297.85036 + 445267.11148 * jce - 0.0019142 * jce2 + jce3 / 189474;
  const x1 = 357.52772 + 35999.05034 * jce - 0.0001603 * jce2 - jce3 / 300000;
  const x2 = 134.96298 + 477198.867398 * jce + 0.0086972 * jce2 + jce3 / 56250;
  const x3 = 93.27191 + 483202.017538 * jce - 0.0036825 * jce2 + jce3 / 327270;
  const x4 = 125.04452 - 1934.136261 * jce + 0.0020708 * jce2 + jce3 / 450000;
  let dPsi = 0;
  let dEps = 0;
  for (const row of rows) {
    const argument = (x0 * row[0] + x1 * row[1] + x2 * row[2] + x3 * row[3] + x4 * row[4]) * DEG;
    dPsi += (row[5] + row[6] * jce) * Math.sin(argument);
    dEps += (row[7] + row[8] * jce) * Math.cos(argument);
  }
  // Coefficients are in 0.0001″: divide by 36,000,000 for degrees (Eqs. 20–21).
  return { dPsiDeg: dPsi / 36_000_000, dEpsDeg: dEps / 36_000_000 };
}

/** Mean obliquity of the ecliptic ε0 in arc seconds (Eq. 23), U = JME/10. */
function meanObliquityArcsec(jme: number): number {
  const u = jme / 10;
  // Horner form of 84381.448 − 4680.93U − 1.55U² + 1999.25U³ − 51.38U⁴ − 249.67U⁵ − 39.05U⁶
  // + 7.12U⁷ + 27.87U⁸ + 5.79U⁹ + 2.45U¹⁰.
  return (
    84381.448 + u * (-4680.93 + u * (-1.55 + u * (1999.25 + u * (-51.38 + u * (-249.67 + u * (-39.05 + u * (7.12 + u * (27.87 + u * (5.79 + u * 2.45)))))))))
  );
}

/** Steps 3.1–3.9: from the Julian day and ΔT to the geocentric apparent sun. */
export function geocentricSun(jd: number, deltaTSeconds: number, tables: SpaTables): GeocentricSun {
  const jde = jd + deltaTSeconds / 86_400; // Eq. 5
  const jc = (jd - 2_451_545) / 36_525; // Eq. 6
  const jce = (jde - 2_451_545) / 36_525; // Eq. 7
  const jme = jce / 10; // Eq. 8

  const lDeg = limitDegrees(earthValue(tables.l, jme) / DEG); // Eqs. 9–12
  const bDeg = earthValue(tables.b, jme) / DEG; // Eq. 13
  const radiusAu = earthValue(tables.r, jme); // Eq. 14

  const thetaDeg = limitDegrees(lDeg + 180); // geocentric longitude, Eq. 13
  const betaDeg = -bDeg; // geocentric latitude, Eq. 14

  const { dPsiDeg, dEpsDeg } = nutation(jce, tables.nutation);
  const epsilonDeg = meanObliquityArcsec(jme) / 3600 + dEpsDeg; // Eq. 24
  const aberrationDeg = -20.4898 / (3600 * radiusAu); // Eq. 25
  const lambdaDeg = thetaDeg + dPsiDeg + aberrationDeg; // apparent sun longitude, Eq. 26

  // Apparent sidereal time at Greenwich (Eqs. 27–29).
  const nu0 = limitDegrees(280.46061837 + 360.98564736629 * (jd - 2_451_545) + 0.000387933 * jc * jc - (jc * jc * jc) / 38_710_000);
  const epsilon = epsilonDeg * DEG;
  const siderealDeg = nu0 + dPsiDeg * Math.cos(epsilon);

  // Geocentric right ascension and declination (Eqs. 30–31).
  const lambda = lambdaDeg * DEG;
  const beta = betaDeg * DEG;
  const rightAscensionDeg = limitDegrees(Math.atan2(Math.sin(lambda) * Math.cos(epsilon) - Math.tan(beta) * Math.sin(epsilon), Math.cos(lambda)) / DEG);
  const declinationDeg = Math.asin(Math.sin(beta) * Math.cos(epsilon) + Math.cos(beta) * Math.sin(epsilon) * Math.sin(lambda)) / DEG;

  return { siderealDeg, rightAscensionDeg, declinationDeg, radiusAu };
}

/** Sun radius and standard atmospheric refraction at sunrise/sunset, degrees (SPA §3.14 note). */
const SUN_RADIUS_DEG = 0.26667;
const SUNRISE_REFRACTION_DEG = 0.5667;

/** Steps 3.10–3.15: observer hour angle, parallax, refraction, zenith and azimuth. */
export function topocentricSun(sun: GeocentricSun, site: TopocentricInput): TopocentricSun {
  const latitude = site.latitudeDeg * DEG;
  const hourAngle = limitDegrees(sun.siderealDeg + site.longitudeDeg - sun.rightAscensionDeg) * DEG; // Eq. 32
  const declination = sun.declinationDeg * DEG;

  // Parallax (Eqs. 33–38): equatorial horizontal parallax ξ and the observer's geocentric position.
  const xi = (8.794 / (3600 * sun.radiusAu)) * DEG;
  const u = Math.atan(0.99664719 * Math.tan(latitude));
  const x = Math.cos(u) + (site.elevationM / 6_378_140) * Math.cos(latitude);
  const y = 0.99664719 * Math.sin(u) + (site.elevationM / 6_378_140) * Math.sin(latitude);
  const denominator = Math.cos(declination) - x * Math.sin(xi) * Math.cos(hourAngle);
  const dAlpha = Math.atan2(-x * Math.sin(xi) * Math.sin(hourAngle), denominator);
  const topoDeclination = Math.atan2((Math.sin(declination) - y * Math.sin(xi)) * Math.cos(dAlpha), denominator);
  const topoHourAngle = hourAngle - dAlpha; // Eq. 40

  // Elevation without refraction (Eq. 41), then the refraction correction (Eq. 42) applied only
  // while the sun's upper limb can be above the horizon, as the SPA reference does.
  const e0Deg = Math.asin(Math.sin(latitude) * Math.sin(topoDeclination) + Math.cos(latitude) * Math.cos(topoDeclination) * Math.cos(topoHourAngle)) / DEG;
  let refractionDeg = 0;
  if (e0Deg >= -1 * (SUN_RADIUS_DEG + SUNRISE_REFRACTION_DEG)) {
    refractionDeg = (site.pressureMbar / 1010) * (283 / (273 + site.temperatureC)) * (1.02 / (60 * Math.tan((e0Deg + 10.3 / (e0Deg + 5.11)) * DEG)));
  }
  const elevationDeg = e0Deg + refractionDeg; // Eq. 43

  // Astronomers' azimuth Γ (westward from south), then navigators' Φ = Γ + 180 (Eqs. 45–46).
  const gamma = Math.atan2(Math.sin(topoHourAngle), Math.cos(topoHourAngle) * Math.sin(latitude) - Math.tan(topoDeclination) * Math.cos(latitude));
  const azimuthDeg = limitDegrees(gamma / DEG + 180);

  return { zenithDeg: 90 - elevationDeg, azimuthDeg, elevationDeg };
}
