/** The shapes of a difference map (B − A of two scenarios' layers) as the machine keeps them. */
import type { Asset } from '@canopy/contract/viewer.ts';

/** A data layer of the study that can be one side of a difference. */
export interface DifferenceLayer {
  asset: Asset;
  /** The scenario (configuration) its simulation belongs to. */
  configurationId: number;
  /** The scenario's name, for the pickers and the provenance. */
  scenario: string;
}

export interface DifferenceInput {
  a: DifferenceLayer;
  b: DifferenceLayer;
  maxDistanceM: number;
}

/** What the computed map is: the numbers the legend and the panel tell, and where the map is drawn from. */
export interface DifferenceOutcome {
  aId: number;
  bId: number;
  mode: 'values' | 'classes';
  maxDistanceM: number;
  /** The in-browser layer's `local:` URL. */
  url: string;
  points: number;
  shared: number;
  resampled: number;
  leftOut: number;
  maxAbs: number;
  lower: number;
  same: number;
  higher: number;
  /** The half-range of the diverging scale (values), or the largest class step (classes). */
  limit: number;
  /** The metric's units ('' for classes). */
  unit: string;
}

export interface SavedDifference {
  assetId: number;
  simulationId: number;
}
