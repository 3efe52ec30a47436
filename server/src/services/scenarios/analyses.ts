/**
 * What each analysis type needs and who computes it. Canopy computes solar and thermal comfort
 * itself (jobs analysis.solar / analysis.thermal-comfort); the wind analyses need wind fields that
 * come from AI (machine-learning) or CFD results ingested through /api/ingestassets/…, so their
 * simulations wait in 'awaiting_external_results' (wind comfort can then be post-processed by
 * Canopy with submit-postprocessing/).
 */
import type { AnalysisType } from '../../contract/parameter-sets.ts';
import { ANALYSIS_JOB_TYPES } from '../analyses/settings.ts';

export const CANOPY_JOBS: Partial<Record<AnalysisType, string>> = {
  solar: ANALYSIS_JOB_TYPES.solar,
  thermal_comfort: ANALYSIS_JOB_TYPES.thermal,
};

export function computedByCanopy(analysisType: string): boolean {
  return analysisType in CANOPY_JOBS;
}

/** Analyses whose results live on the presentation plane (they need one). */
export const NEEDS_PRESENTATION_PLANE: readonly string[] = ['solar', 'thermal_comfort', 'pedestrian_wind_comfort'];
/** Analyses whose cost scales with the number of wind directions. */
export const WIND_DEPENDENT: readonly string[] = ['pedestrian_wind_comfort', 'directional_wind', 'pressure', 'structural_loading', 'thermal_comfort'];
/** Analyses with return periods and a reference height. */
export const LOAD_ANALYSES: readonly string[] = ['directional_wind', 'pressure', 'structural_loading'];
