/**
 * Which two layers can be differenced: data layers of two different scenarios with the same
 * analysis, metric and slice (season, time of day, direction, return period, date, qualifiers such
 * as the criterion) — the same quantity, so B − A means "what the design change did".
 */
import type { Asset } from '@canopy/contract/viewer.ts';
import type { DifferenceLayer } from './difference.types.ts';

const sliceKey = (a: Asset) =>
  JSON.stringify([a.analysis_type, a.metric, a.season_filter, a.time_filter, a.wind_direction, a.return_period, a.single_date, a.qualifier]);

export function canDifference(a: DifferenceLayer, b: DifferenceLayer): boolean {
  return a.asset.layer_type === 'data' && b.asset.layer_type === 'data' && a.configurationId !== b.configurationId && sliceKey(a.asset) === sliceKey(b.asset);
}

/** The layers B may be for a chosen A. */
export function partnersOf(a: DifferenceLayer | undefined, layers: readonly DifferenceLayer[]): DifferenceLayer[] {
  return a ? layers.filter((b) => canDifference(a, b)) : [];
}

/** The layers that have at least one partner (the ones worth offering as A). */
export function differenceable(layers: readonly DifferenceLayer[]): DifferenceLayer[] {
  return layers.filter((a) => layers.some((b) => canDifference(a, b)));
}

/** Comfort-class maps are differenced in classes; everything else in its units. */
export function differenceModeOf(asset: Asset): 'values' | 'classes' {
  const units = (asset.metadata as { units?: unknown } | undefined)?.units;
  return asset.metric === 'comfort-class' || units === 'class' ? 'classes' : 'values';
}
