import { describe, expect, it } from 'vitest';
import { computeFilterOptions, matchingAssets, toggleSelection } from './layer-filter.logic.ts';
import { FILTER_DIMENSIONS, type FilterableAsset, type FilterSelection } from './layer-filter.types.ts';
import { manyAssets, windSimulation } from './layer-filter.fixtures.ts';

/** The definition, checked the slow way: some asset has the value and matches the other dimensions. */
function slowDisabled(assets: FilterableAsset[], selection: FilterSelection, dimension: (typeof FILTER_DIMENSIONS)[number], value: string): boolean {
  const others = { ...selection, [dimension]: [value] };
  return matchingAssets(assets, others).length === 0;
}

describe('filter options', () => {
  it('lists each dimension in SPEC §9 order with distinct values in natural order', () => {
    const options = computeFilterOptions(windSimulation().assets, {});
    expect(Object.keys(options)).toEqual([...FILTER_DIMENSIONS]);
    expect(options.layer_type.map((o) => o.value)).toEqual(['data', 'geometry']);
    expect(options.wind_direction.map((o) => o.value)).toEqual(['0', '90']);
    expect(options.time_filter.map((o) => o.value)).toEqual(['06:00-09:00', 'Daytime']);
    expect(options.post_processing_tag.map((o) => o.value)).toEqual(['Mitigated']);
    expect(options.return_period).toEqual([]);
    expect(
      Object.values(options)
        .flat()
        .every((o) => !o.disabled && !o.selected),
    ).toBe(true);
  });

  it('disables options no layer matches given the other choices, never the own dimension', () => {
    const assets = windSimulation().assets;
    const options = computeFilterOptions(assets, { season_filter: ['Summer'] });
    expect(options.season_filter).toEqual([
      { value: 'Summer', disabled: false, selected: true },
      { value: 'Winter', disabled: false, selected: false },
    ]);
    expect(options.time_filter.find((o) => o.value === '06:00-09:00')?.disabled).toBe(true);
    expect(options.time_filter.find((o) => o.value === 'Daytime')?.disabled).toBe(false);
    // directional-wind layers have no season, so a season choice rules them out
    expect(options.analysis_type.find((o) => o.value === 'wind-directional')?.disabled).toBe(true);
    expect(options.wind_direction.every((o) => o.disabled)).toBe(true);
  });

  it('agrees with the definition on a large random-ish set and selection', () => {
    const assets = manyAssets(600);
    const selection: FilterSelection = { analysis_type: ['wind-comfort', 'solar-sunlit'], season_filter: ['Summer'], time_filter: ['Daytime', 'Evening'] };
    const options = computeFilterOptions(assets, selection);
    for (const dimension of FILTER_DIMENSIONS) {
      for (const option of options[dimension])
        expect(option.disabled, `${dimension}=${option.value}`).toBe(slowDisabled(assets, selection, dimension, option.value));
    }
  });

  it('matchingAssets keeps the assets every chosen dimension allows', () => {
    const assets = windSimulation().assets;
    expect(matchingAssets(assets, {}).length).toBe(assets.length);
    expect(matchingAssets(assets, { season_filter: ['Winter'] }).map((a) => a.time_filter)).toEqual(['Daytime', '06:00-09:00']);
    expect(matchingAssets(assets, { season_filter: [] }).length).toBe(assets.length);
  });

  it('toggleSelection adds and removes one value', () => {
    const once = toggleSelection({}, 'metric', 'utci');
    expect(once).toEqual({ metric: ['utci'] });
    expect(toggleSelection(once, 'metric', 'utci')).toEqual({ metric: [] });
  });
});
