/**
 * The compute context's request-side heavy work, run in the heavy-work pool's threads (ADR 15):
 * Canopy's CFD checks of a scenario-to-be, for the wizard's estimate and for the validation.
 */
import { planEstimateScene, type EstimateSceneInput } from './cfd/estimate-scene.ts';

export const COMPUTE_HEAVY_TASKS = {
  /** The wizard's estimate and the validation's CFD checks (cfd/estimate-scene.ts). */
  'cfd.planEstimateScene': (input: EstimateSceneInput) => planEstimateScene(input),
};
