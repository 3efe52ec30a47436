/**
 * Layer-picker recompute: every filter dimension's options with disabled flags
 * (machines/layer-filter/layer-filter.logic.ts computeFilterOptions, one pass over the assets)
 * for 5,000 assets × 10 dimensions, with no selection and with a selection in four dimensions (the
 * realistic worst: assets missing one dimension still enable options there), against the direct
 * alternative measured in the same run: for each option, look for an asset that has the value and
 * matches every other dimension's selection (options × assets × dimensions, stopping at the first
 * match, selections as Sets). Both must give the same options. Targets: ≤ 0.5× the direct way's
 * time, and ≤ 16 ms (one frame) per full recompute.
 */
import { assetValue, computeFilterOptions, sortValues } from '../../machines/layer-filter/layer-filter.logic.ts';
import { manyAssets } from '../../machines/layer-filter/layer-filter.fixtures.ts';
import { FILTER_DIMENSIONS, type FilterableAsset, type FilterOptions, type FilterSelection } from '../../machines/layer-filter/layer-filter.types.ts';
import { report, time } from './harness.ts';

const FRAME_MS = 16;
const ASSETS = 5_000;

/** The options the direct way: each option tested against the assets until one enables it. */
function directOptions(assets: readonly FilterableAsset[], selection: FilterSelection): FilterOptions {
  const chosen = FILTER_DIMENSIONS.map((d) => (selection[d]?.length ? new Set(selection[d]) : null));
  const matchesOthers = (asset: FilterableAsset, skip: number) =>
    FILTER_DIMENSIONS.every((d, i) => {
      if (i === skip || !chosen[i]) return true;
      const value = assetValue(asset, d);
      return value !== null && chosen[i].has(value);
    });
  const options = {} as FilterOptions;
  FILTER_DIMENSIONS.forEach((dimension, i) => {
    const values = new Set<string>();
    for (const asset of assets) {
      const value = assetValue(asset, dimension);
      if (value !== null) values.add(value);
    }
    options[dimension] = sortValues(values).map((value) => ({
      value,
      disabled: !assets.some((asset) => assetValue(asset, dimension) === value && matchesOthers(asset, i)),
      selected: chosen[i]?.has(value) ?? false,
    }));
  });
  return options;
}

export default async function layerFilterBench(): Promise<void> {
  const assets = manyAssets(ASSETS);
  const selections: Array<[string, FilterSelection]> = [
    ['no selection', {}],
    [
      '4 dimensions chosen',
      { analysis_type: ['wind-comfort', 'solar-sunlit'], season_filter: ['Summer', 'Winter'], time_filter: ['Daytime'], wind_direction: ['0', '90', '180'] },
    ],
  ];
  for (const [name, selection] of selections) {
    if (JSON.stringify(computeFilterOptions(assets, selection)) !== JSON.stringify(directOptions(assets, selection))) {
      throw new Error(`layer-filter: the one-pass and direct options differ (${name})`);
    }
    // In turns (A B A B …), so a change in the machine's load touches both alike.
    const oursRuns: number[] = [];
    const directRuns: number[] = [];
    for (let round = 0; round < 7; round++) {
      oursRuns.push((await time(() => computeFilterOptions(assets, selection), { runs: 3, warmup: 1 })).medianMs);
      directRuns.push((await time(() => directOptions(assets, selection), { runs: 3, warmup: 1 })).medianMs);
    }
    const median = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!;
    const ours = { medianMs: median(oursRuns) };
    const direct = { medianMs: median(directRuns) };
    const ratio = ours.medianMs / direct.medianMs;
    report({
      name: `layer-filter options, ${ASSETS} assets, ${name}: one pass / direct`,
      ratio,
      target: '≤ 0.5 and ≤ 16 ms',
      pass: ratio <= 0.5 && ours.medianMs <= FRAME_MS,
      details: { ms: ours.medianMs, directMs: direct.medianMs },
    });
  }
}
