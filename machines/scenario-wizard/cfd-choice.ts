/**
 * Canopy's CFD wind in the wizard: which chosen analyses Canopy's solver computes, the
 * choices the cost step offers (wind directions, resolution tier), and whether they differ from what
 * was saved and validated — the estimate, the geometry check and the price all belong to the saved
 * ones, so changed choices are saved and checked again before anything is approved.
 */
import type { CfdTier, WizardOptions, WizardValues } from './scenario-wizard.types.ts';
import { capabilityOf } from './scenario-offer.ts';

/** What the solver runs per analysis: one run per simulation (server/src/contexts/compute/cfd/cfd-jobs.ts). */
export const CFD_ANALYSES = ['pedestrian_wind_comfort', 'directional_wind'] as const;
export type CfdAnalysis = (typeof CFD_ANALYSES)[number];

export const CFD_TIER_CHOICES: ReadonlyArray<{ tier: CfdTier; label: string; cellM: number; description: string }> = [
  { tier: 'rapid', label: 'Rapid', cellM: 4, description: '4 m cells near the ground: a quick look at the site' },
  { tier: 'detailed', label: 'Detailed', cellM: 2, description: '2 m cells near the ground: about 8× the cells and 13× the compute' },
];

/** The chosen analyses Canopy's CFD computes at the chosen level (none: the scenario has no CFD run). */
export function canopyCfdAnalyses(v: WizardValues, options: WizardOptions): CfdAnalysis[] {
  if (v.engine !== 'CFD') return [];
  return CFD_ANALYSES.filter((type) => v.analyses.some((a) => a.analysis_type === type) && capabilityOf(options, 'CFD', type)?.computed_by === 'canopy');
}

/** The choices the estimate and the run depend on. */
export interface CfdChoice {
  windDirections: string;
  cfdTier: CfdTier;
}

export const cfdChoiceOf = (v: Pick<WizardValues, 'windDirections' | 'cfdTier'>): CfdChoice => ({
  windDirections: v.windDirections.trim(),
  cfdTier: v.cfdTier,
});

export const sameCfdChoice = (a: CfdChoice | null, b: CfdChoice): boolean => !!a && a.windDirections === b.windDirections && a.cfdTier === b.cfdTier;
