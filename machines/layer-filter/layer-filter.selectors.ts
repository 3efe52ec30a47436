/** Reads of the layer-filter snapshot for the layer panel and picker (next slice's components). */
import type { SnapshotFrom } from 'xstate';
import { abbreviateLabel, analysisCode } from '@canopy/engine/results/asset-fields.ts';
import { matchingAssets } from './layer-filter.logic.ts';
import type { layerFilterMachine } from './layer-filter.machine.ts';
import { FILTER_DIMENSIONS, type FilterableAsset, type FilterDimension, type FilterOption, type ResultSimulation } from './layer-filter.types.ts';

type Snapshot = SnapshotFrom<typeof layerFilterMachine>;

export const selectSimulation = (s: Snapshot): ResultSimulation | null =>
  s.context.simulations.find((sim) => sim.id === s.context.selectedSimulationId) ?? null;

/** The dimensions that have at least one option, in SPEC §9 order, for the picker's rows. */
export const selectFilterRows = (s: Snapshot): Array<{ dimension: FilterDimension; options: FilterOption[] }> =>
  FILTER_DIMENSIONS.map((dimension) => ({ dimension, options: s.context.options[dimension] })).filter((row) => row.options.length > 0);

export const selectMatchingAssets = (s: Snapshot): FilterableAsset[] => matchingAssets(selectSimulation(s)?.assets ?? [], s.context.selection);

export const selectUserLayers = (s: Snapshot) => s.context.userLayers;
export const selectError = (s: Snapshot) => s.context.error;
export const selectBusy = (s: Snapshot) => s.hasTag('busy');

/** A short layer label: analysis code, then the abbreviated metric (SPEC §9). */
export function layerLabel(asset: FilterableAsset): string {
  const parts = [asset.analysis_type ? analysisCode(asset.analysis_type) : abbreviateLabel(asset.layer_type)];
  if (asset.metric) parts.push(abbreviateLabel(asset.metric));
  return parts.join(' ');
}
