/**
 * Wind at the site for thermal comfort, in the UTCI model's convention.
 *
 * UTCI takes the wind speed at 10 m (Bröde et al. 2012); pedestrian-height wind is taken as the 10 m
 * wind divided by 1.5 in that model's convention (ladybug-comfort's note, DOMAIN.md §3). So:
 * - without wind results, the met-station wind (10 m, open country) is moved to 10 m over the site's
 *   terrain with the power law of engine/wind/profile.ts (ASHRAE Fundamentals 2009 ch. 24), and that
 *   is UTCI's input directly;
 * - with wind results (speed-up ratios γ = U_pedestrian / U_reference for simulated directions), the
 *   pedestrian speed of an hour is γ(nearest direction)·C·U_met and UTCI's input is 1.5 × that.
 * The SET/SPMV* model takes the air speed at the person: the pedestrian speed, so U10 / 1.5.
 */
import { classifyHours } from '../wind/hours.ts';
import { powerLawSpeed, type TerrainId } from '../wind/profile.ts';

/** U_10m / U_pedestrian in the UTCI convention. */
export const UTCI_10M_OVER_PEDESTRIAN = 1.5;

/** UTCI's 10 m wind at the site from the met-station series, per hour. */
export function siteWind10mMs(metWindSpeedMs: ArrayLike<number>, siteTerrain: TerrainId): Float32Array {
  const factor = powerLawSpeed(1, 10, { siteTerrain });
  const out = new Float32Array(metWindSpeedMs.length);
  for (let h = 0; h < out.length; h++) out[h] = metWindSpeedMs[h] * factor;
  return out;
}

/** Per-point wind from wind results: γ per point and simulated direction, and the met → reference factor C. */
export interface SpeedRatioWind {
  /** points × directions, row-major. */
  speedRatios: Float32Array;
  directionsDeg: number[];
  speedFactor: number;
}

/**
 * Nearest simulated direction per hour (engine/wind/hours.ts rules), −1 for a calm hour or one with
 * missing wind: such hours get the UTCI floor speed rather than a made-up direction.
 */
export function hourDirections(windDirectionDeg: ArrayLike<number>, windSpeedMs: ArrayLike<number>, directionsDeg: ArrayLike<number>): Int32Array {
  const { direction } = classifyHours(windDirectionDeg, windSpeedMs, directionsDeg);
  return direction.map((d) => (d >= 0 ? d : -1));
}

/**
 * UTCI 10 m wind of one point in one hour from its speed-up ratios; `fallback10mMs` (the met wind
 * moved to the site) where the point has no ratio (NaN: no wind result near it) or the hour's wind
 * is missing.
 */
export function pointWind10mMs(wind: SpeedRatioWind, point: number, direction: number, metSpeedMs: number, fallback10mMs: number): number {
  if (metSpeedMs === 0) return 0; // calm
  const gamma = direction < 0 ? Number.NaN : wind.speedRatios[point * wind.directionsDeg.length + direction];
  if (!(gamma >= 0) || !(metSpeedMs > 0)) return fallback10mMs;
  return UTCI_10M_OVER_PEDESTRIAN * gamma * wind.speedFactor * metSpeedMs;
}
