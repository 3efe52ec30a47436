/**
 * What each analysis type needs. Who computes which analysis at which job level is the capability
 * list (capabilities.ts): Canopy computes solar and thermal comfort itself; the wind analyses need
 * wind fields from AI (machine-learning) or CFD results ingested through /api/ingestassets/…, so
 * their simulations wait in 'awaiting_external_results' (wind comfort can then be post-processed by
 * Canopy with submit-postprocessing/).
 */
export { computedByCanopy } from './capabilities.ts';

/** Analyses whose results live on the presentation plane (they need one). */
export const NEEDS_PRESENTATION_PLANE: readonly string[] = ['solar', 'thermal_comfort', 'pedestrian_wind_comfort'];
/** Analyses whose cost scales with the number of wind directions. */
export const WIND_DEPENDENT: readonly string[] = ['pedestrian_wind_comfort', 'directional_wind', 'pressure', 'structural_loading', 'thermal_comfort'];
/** Analyses with return periods and a reference height. */
export const LOAD_ANALYSES: readonly string[] = ['directional_wind', 'pressure', 'structural_loading'];
