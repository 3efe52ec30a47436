/**
 * The sky seen from a point, for outdoor mean radiant temperature:
 * - `skyViewFractions`: SolarCal's f_svv, the fraction of the sky vault in view (ASHRAE 55-2020
 *   Appendix C; an unweighted share of the hemisphere, not the cosine-weighted view factor of a
 *   horizontal surface), by casting rays to the centres of equal-solid-angle sky patches;
 * - `horizontalInfraredWm2`: long-wave radiation from the sky on a horizontal surface, for weather
 *   files whose parsed form carries no infrared column — the EnergyPlus method (EnergyPlus
 *   Engineering Reference, "Sky Radiation Modeling": Clark & Allen 1978 clear-sky emissivity with
 *   Walton's cloud-cover correction), which is also how EPW converters fill that column.
 *
 * Axes: x = east, y = north, z = up (metres).
 */
import { DoubleSide, Ray } from 'three';
import type { MeshBVH } from 'three-mesh-bvh';

export interface SkyViewOptions {
  /** Altitude bands of equal solid angle (default 6). */
  bands?: number;
  /** Azimuth sectors per band (default 24). */
  sectors?: number;
  /** Ray origin lift along +Z, metres (default 0.01). */
  offsetM?: number;
}

/**
 * Directions to the centres of bands × sectors equal-solid-angle patches of the upper hemisphere.
 * The solid angle of a band is 2π·Δz (dΩ = dz·dφ with z = sin(altitude)), so bands of equal height in
 * z hold equal solid angle; each band's sectors are offset by half a sector from the band below so
 * no vertical street canyon lines up with every ray.
 */
export function skyPatchDirections(bands = 6, sectors = 24): Float32Array {
  const directions = new Float32Array(bands * sectors * 3);
  let k = 0;
  for (let b = 0; b < bands; b++) {
    const z = (b + 0.5) / bands;
    const horizontal = Math.sqrt(1 - z * z);
    for (let s = 0; s < sectors; s++) {
      const azimuth = ((s + (b % 2) * 0.5) * 2 * Math.PI) / sectors;
      directions[k++] = horizontal * Math.sin(azimuth);
      directions[k++] = horizontal * Math.cos(azimuth);
      directions[k++] = z;
    }
  }
  return directions;
}

/** f_svv per point (0–1): share of sky patches whose centre ray meets no geometry. */
export function skyViewFractions(points: Float32Array, bvh: MeshBVH, options: SkyViewOptions = {}): Float32Array {
  if (points.length % 3 !== 0) throw new RangeError('points must hold xyz per point');
  const directions = skyPatchDirections(options.bands ?? 6, options.sectors ?? 24);
  const patches = directions.length / 3;
  const offset = options.offsetM ?? 0.01;
  const ray = new Ray();
  const result = new Float32Array(points.length / 3);
  for (let p = 0; p < result.length; p++) {
    let open = 0;
    for (let d = 0; d < patches; d++) {
      ray.origin.set(points[p * 3], points[p * 3 + 1], points[p * 3 + 2] + offset);
      ray.direction.set(directions[d * 3], directions[d * 3 + 1], directions[d * 3 + 2]);
      if (bvh.raycastFirst(ray, DoubleSide) === null) open++;
    }
    result[p] = open / patches;
  }
  return result;
}

const STEFAN_BOLTZMANN = 5.6697e-8; // W/(m²K⁴), the value EnergyPlus uses

/**
 * Dew point, °C, from air temperature and relative humidity by the Magnus formula with the
 * coefficients of Alduchov & Eskridge (1996), "Improved Magnus form approximation of saturation vapor
 * pressure", J. Appl. Meteor. 35:601–609 (a = 17.625, b = 243.04 °C); within 0.1 K over −40…50 °C.
 */
export function dewPointC(airTemperatureC: number, relativeHumidityPct: number): number {
  const rh = Math.min(100, Math.max(1, relativeHumidityPct));
  const gamma = Math.log(rh / 100) + (17.625 * airTemperatureC) / (243.04 + airTemperatureC);
  return (243.04 * gamma) / (17.625 - gamma);
}

/**
 * Horizontal infrared radiation from the sky, W/m² (EnergyPlus Engineering Reference, "Sky Radiation
 * Modeling"): ε_sky = (0.787 + 0.764·ln(T_dp/273))·(1 + 0.0224·N − 0.0035·N² + 0.00028·N³),
 * IR = ε_sky·σ·T_db⁴, temperatures in kelvin, N the (opaque) sky cover in tenths. The parsed EPW
 * holds total sky cover only; it stands in for opaque cover, which is at most equal to it.
 */
export function horizontalInfraredWm2(airTemperatureC: number, relativeHumidityPct: number, skyCoverTenths: number): number {
  const dewPointK = dewPointC(airTemperatureC, relativeHumidityPct) + 273.15;
  const n = Number.isFinite(skyCoverTenths) ? Math.min(10, Math.max(0, skyCoverTenths)) : 0;
  const clearSky = 0.787 + 0.764 * Math.log(dewPointK / 273);
  const emissivity = Math.min(1, Math.max(0, clearSky * (1 + 0.0224 * n - 0.0035 * n * n + 0.00028 * n * n * n)));
  return emissivity * STEFAN_BOLTZMANN * (airTemperatureC + 273.15) ** 4;
}
