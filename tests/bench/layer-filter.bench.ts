/**
 * Layer-picker recompute: every filter dimension's options with disabled flags
 * (machines/layer-filter/layer-filter.logic.ts computeFilterOptions) for 5,000 assets × 10
 * dimensions, with no selection and with a selection in four dimensions (the realistic worst:
 * assets missing one dimension still enable options there). Target (issue 8): ≤ 16 ms, one
 * frame, per full recompute; the ratio printed is ms / 16 (below 1 meets it).
 */
import { computeFilterOptions } from '../../machines/layer-filter/layer-filter.logic.ts';
import { manyAssets } from '../../machines/layer-filter/layer-filter.fixtures.ts';
import type { FilterSelection } from '../../machines/layer-filter/layer-filter.types.ts';
import { report, time } from './harness.ts';

const FRAME_MS = 16;
const ASSETS = 5_000;

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
    const timing = await time(() => computeFilterOptions(assets, selection), { runs: 21, warmup: 3 });
    report({
      name: `layer-filter options, ${ASSETS} assets, ${name}`,
      ratio: timing.medianMs / FRAME_MS,
      target: '≤ 1 (16 ms)',
      pass: timing.medianMs <= FRAME_MS,
      details: { ms: timing.medianMs },
    });
  }
}
