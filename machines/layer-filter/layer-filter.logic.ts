/**
 * The layer picker's arithmetic, pure so the machine, the bench and the tests share it.
 *
 * An option is enabled when at least one asset has that value AND matches every OTHER dimension's
 * selection (its own dimension is left out, so choosing 'Summer' does not disable 'Winter').
 * Rather than testing every option against every asset (options × assets × dimensions), each asset
 * is checked once per dimension: with zero mismatches it enables its value in every dimension, with
 * exactly one it enables its value only in the dimension it misses, with more it enables nothing.
 * That is O(assets × dimensions) per recompute.
 *
 * An asset without a value in a dimension (a geometry layer has no metric) has no option there and
 * does not match a non-empty selection in that dimension.
 */
import { FILTER_DIMENSIONS, type FilterableAsset, type FilterDimension, type FilterOptions, type FilterSelection } from './layer-filter.types.ts';

/** The value an asset shows in one dimension, or null when it has none. */
export function assetValue(asset: FilterableAsset, dimension: FilterDimension): string | null {
  if (dimension === 'post_processing_tag') return asset.post_processing_tag?.name ?? null;
  const value = asset[dimension];
  return value === undefined || value === null || value === '' ? null : String(value);
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/** Natural order so wind directions read 0, 22.5, 45 … 337.5 and return periods 1, 10, 50. */
export function sortValues(values: Iterable<string>): string[] {
  return [...values].sort(collator.compare);
}

function isSelected(selection: FilterSelection, dimension: FilterDimension, value: string | null): boolean {
  const chosen = selection[dimension];
  if (!chosen || chosen.length === 0) return true;
  return value !== null && chosen.includes(value);
}

/** The assets that match every dimension's selection: the layers the picker lists. */
export function matchingAssets<T extends FilterableAsset>(assets: readonly T[], selection: FilterSelection): T[] {
  return assets.filter((asset) => FILTER_DIMENSIONS.every((d) => isSelected(selection, d, assetValue(asset, d))));
}

/** Every dimension's options (distinct values, natural order), each marked disabled and selected. */
export function computeFilterOptions(assets: readonly FilterableAsset[], selection: FilterSelection): FilterOptions {
  const all = FILTER_DIMENSIONS.map(() => new Set<string>());
  const enabled = FILTER_DIMENSIONS.map(() => new Set<string>());
  // Selections as Sets once per recompute: `includes` on long lists would make this quadratic.
  const chosen = FILTER_DIMENSIONS.map((d) => {
    const values = selection[d];
    return values && values.length > 0 ? new Set(values) : null;
  });
  const values: Array<string | null> = new Array(FILTER_DIMENSIONS.length);
  for (const asset of assets) {
    let misses = 0;
    let missed = -1;
    for (let i = 0; i < FILTER_DIMENSIONS.length; i++) {
      const value = assetValue(asset, FILTER_DIMENSIONS[i]);
      values[i] = value;
      if (value !== null) all[i].add(value);
      const want = chosen[i];
      if (want && (value === null || !want.has(value))) {
        misses++;
        missed = i;
      }
    }
    if (misses === 0) {
      for (let i = 0; i < values.length; i++) if (values[i] !== null) enabled[i].add(values[i] as string);
    } else if (misses === 1 && values[missed] !== null) {
      enabled[missed].add(values[missed] as string);
    }
  }
  const options = {} as FilterOptions;
  FILTER_DIMENSIONS.forEach((dimension, i) => {
    const want = chosen[i];
    options[dimension] = sortValues(all[i]).map((value) => ({
      value,
      disabled: !enabled[i].has(value),
      selected: want?.has(value) ?? false,
    }));
  });
  return options;
}

/** Adds the value to the dimension's choice, or takes it out when it is already chosen. */
export function toggleSelection(selection: FilterSelection, dimension: FilterDimension, value: string): FilterSelection {
  const current = selection[dimension] ?? [];
  const next = current.includes(value) ? current.filter((v) => v !== value) : [...current, value];
  return { ...selection, [dimension]: next };
}
