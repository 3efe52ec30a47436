/**
 * Mean wind speed against height: moving a met-station speed to another height and terrain.
 *
 * Two published profiles (docs/reference/DOMAIN.md §2):
 * - Logarithmic law, neutral surface layer: U(z) = (u_star / κ)·ln(z/z0), so the ratio of two heights
 *   is U(z2) = U(z1)·ln(z2/z0)/ln(z1/z0) (e.g. Wieringa 1993, "Representativeness of wind
 *   observations at airports", BAMS 74; WMO-No. 8, wind chapter).
 * - Power law with a boundary-layer height δ per terrain: U(z) = U_met·(δ_met/z_met)^α_met·(z/δ)^α,
 *   ASHRAE Handbook—Fundamentals (2009) ch. 24 "Airflow Around Buildings", eq. 4 and Table 1 (the
 *   same table drives EnergyPlus's Site:HeightVariation). The wind is taken as constant above δ.
 */

export type TerrainId = 'city' | 'suburban' | 'country' | 'water';

export interface Terrain {
  id: string;
  name: string;
  description: string;
  /** Boundary-layer (gradient) height δ, m — ASHRAE Fundamentals 2009 ch. 24 Table 1. */
  boundaryLayerHeightM: number;
  /** Power-law exponent α — same table. */
  exponent: number;
  /**
   * A representative aerodynamic roughness length for the log law, m: the Davenport terrain
   * classification as revised by Wieringa (Davenport et al. 2000; WMO-No. 8 Annex 5.B).
   */
  roughnessLengthM: number;
}

export const TERRAINS: Readonly<Record<TerrainId, Terrain>> = {
  city: {
    id: 'city',
    name: 'City centre',
    description: 'Large city centres, at least 50 % of buildings taller than 21 m',
    boundaryLayerHeightM: 460,
    exponent: 0.33,
    roughnessLengthM: 2,
  },
  suburban: {
    id: 'suburban',
    name: 'Suburban',
    description: 'Urban and suburban areas, wooded areas, closely spaced obstructions the size of houses',
    boundaryLayerHeightM: 370,
    exponent: 0.22,
    roughnessLengthM: 1,
  },
  country: {
    id: 'country',
    name: 'Open country',
    description: 'Open terrain with scattered obstructions lower than about 9 m; typical of met-station surroundings',
    boundaryLayerHeightM: 270,
    exponent: 0.14,
    roughnessLengthM: 0.03,
  },
  water: {
    id: 'water',
    name: 'Open water',
    description: 'Flat unobstructed areas exposed to wind flowing over water for at least 1.6 km',
    boundaryLayerHeightM: 210,
    exponent: 0.1,
    roughnessLengthM: 0.0002,
  },
};

/** The met station default: open country at 10 m (WMO standard anemometer height). */
export const MET_STATION_TERRAIN: TerrainId = 'country';
export const MET_STATION_HEIGHT_M = 10;

function terrainOf(terrain: TerrainId | Terrain): Terrain {
  if (typeof terrain !== 'string') return terrain;
  const found = TERRAINS[terrain];
  if (!found) throw new RangeError(`unknown terrain '${String(terrain)}'`);
  return found;
}

/** Log law: U(z2) = U(z1)·ln(z2/z0)/ln(z1/z0). Heights must be above the roughness length. */
export function logLawSpeed(speedMs: number, fromHeightM: number, toHeightM: number, roughnessLengthM: number): number {
  if (!(roughnessLengthM > 0)) throw new RangeError(`roughness length must be positive, got ${roughnessLengthM}`);
  if (!(fromHeightM > roughnessLengthM) || !(toHeightM > roughnessLengthM)) {
    throw new RangeError(`log law: heights (${fromHeightM} m, ${toHeightM} m) must exceed the roughness length ${roughnessLengthM} m`);
  }
  return (speedMs * Math.log(toHeightM / roughnessLengthM)) / Math.log(fromHeightM / roughnessLengthM);
}

export interface PowerLawOptions {
  siteTerrain: TerrainId | Terrain;
  metTerrain?: TerrainId | Terrain;
  metHeightM?: number;
}

/**
 * Power law with boundary-layer heights (ASHRAE Fundamentals 2009 ch. 24 eq. 4):
 * U(z) = U_met·(δ_met/z_met)^α_met·(min(z, δ)/δ)^α.
 */
export function powerLawSpeed(
  metSpeedMs: number,
  heightM: number,
  { siteTerrain, metTerrain = MET_STATION_TERRAIN, metHeightM = MET_STATION_HEIGHT_M }: PowerLawOptions,
): number {
  if (!(heightM >= 0)) throw new RangeError(`height must be zero or more, got ${heightM}`);
  if (!(metHeightM > 0)) throw new RangeError(`met station height must be positive, got ${metHeightM}`);
  const site = terrainOf(siteTerrain);
  const met = terrainOf(metTerrain);
  const gradientSpeedMs = metSpeedMs * Math.pow(met.boundaryLayerHeightM / metHeightM, met.exponent);
  return gradientSpeedMs * Math.pow(Math.min(heightM, site.boundaryLayerHeightM) / site.boundaryLayerHeightM, site.exponent);
}

/**
 * The factor C of DOMAIN.md §2 that turns a met-station speed into the simulation's reference
 * speed (site terrain, reference height), by the power law.
 */
export function referenceSpeedFactor(options: PowerLawOptions & { referenceHeightM: number }): number {
  return powerLawSpeed(1, options.referenceHeightM, options);
}

export const DEFAULT_PROFILE_HEIGHTS_M: readonly number[] = [1.5, 2, 5, 10, 15, 20, 30, 50, 75, 100, 150, 200, 300, 400, 500];

export interface ProfileCurve {
  terrain: Terrain;
  heightsM: Float64Array;
  speedsMs: Float64Array;
}

/**
 * Speeds at each height for one terrain, for a met speed (default 1 m/s, so the curve is the
 * ratio to the met station) — what the wind-profiles endpoint and the scenario wizard plot.
 */
export function profileCurve(
  terrain: TerrainId | Terrain,
  heightsM: readonly number[] = DEFAULT_PROFILE_HEIGHTS_M,
  {
    metSpeedMs = 1,
    metTerrain = MET_STATION_TERRAIN,
    metHeightM = MET_STATION_HEIGHT_M,
  }: { metSpeedMs?: number; metTerrain?: TerrainId | Terrain; metHeightM?: number } = {},
): ProfileCurve {
  const site = terrainOf(terrain);
  const heights = Float64Array.from(heightsM);
  const speeds = heights.map((z) => powerLawSpeed(metSpeedMs, z, { siteTerrain: site, metTerrain, metHeightM }));
  return { terrain: site, heightsM: heights, speedsMs: speeds };
}
