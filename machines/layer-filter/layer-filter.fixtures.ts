/** Test fixtures (not product data): small simulations with assets across the ten filter dimensions. */
import type { FilterableAsset, ResultSimulation } from './layer-filter.types.ts';

let nextId = 1;

export function asset(fields: Partial<FilterableAsset>): FilterableAsset {
  return { id: nextId++, layer_type: 'data', ...fields };
}

/** Wind comfort for two seasons, directional wind for two directions, and one geometry layer. */
export function windSimulation(id = 10): ResultSimulation {
  return {
    id,
    configuration: { id: 1 },
    assets: [
      asset({ layer_type: 'geometry', filename: 'study.glb' }),
      asset({ analysis_type: 'wind-comfort', metric: 'comfort-class', season_filter: 'Summer', time_filter: 'Daytime' }),
      asset({ analysis_type: 'wind-comfort', metric: 'comfort-class', season_filter: 'Winter', time_filter: 'Daytime' }),
      asset({ analysis_type: 'wind-comfort', metric: 'comfort-class', season_filter: 'Winter', time_filter: '06:00-09:00' }),
      asset({ analysis_type: 'wind-directional', metric: 'speed-ratio', wind_direction: '0' }),
      asset({ analysis_type: 'wind-directional', metric: 'speed-ratio', wind_direction: '90', post_processing_tag: { name: 'Mitigated' } }),
    ],
  };
}

export function solarSimulation(id = 20): ResultSimulation {
  return {
    id,
    configuration: { id: 2 },
    assets: [
      asset({ analysis_type: 'solar-sunlit', metric: 'pct-sunlit', season_filter: 'Summer', single_date: '2026-06-21', qualifier: '1.5 m' }),
      asset({ analysis_type: 'solar-sunlit', metric: 'pct-sunlit', season_filter: 'Winter', single_date: '2026-12-21', qualifier: '1.5 m' }),
    ],
  };
}

/** `count` data assets spread over every dimension, for the bench and the scale test. */
export function manyAssets(count: number): FilterableAsset[] {
  const pick = <T>(values: readonly T[], i: number, stride: number) => values[Math.floor(i / stride) % values.length];
  const out: FilterableAsset[] = [];
  for (let i = 0; i < count; i++) {
    out.push({
      id: i + 1,
      layer_type: pick(['data', 'geometry', 'volumetric'], i, 1),
      analysis_type: pick(['wind-comfort', 'wind-directional', 'thermal-comfort', 'solar-sunlit'], i, 3),
      return_period: pick(['1', '10', '50', null], i, 7),
      metric: pick(['speed-ratio', 'comfort-class', 'utci', 'pct-sunlit', 'gust'], i, 11),
      wind_direction: String(pick([0, 22.5, 45, 67.5, 90, 112.5, 135, 157.5, 180, 202.5, 225, 247.5, 270, 292.5, 315, 337.5], i, 13)),
      season_filter: pick(['Annual', 'Spring', 'Summer', 'Autumn', 'Winter'], i, 17),
      single_date: pick([null, '2026-06-21', '2026-12-21'], i, 19),
      time_filter: pick(['Daytime', 'Evening', '06:00-09:00', 'All hours'], i, 23),
      qualifier: pick(['1.5 m', '1.5 m · 5 m/s', null], i, 29),
      post_processing_tag: pick([null, { name: 'Mitigated' }, { name: 'Baseline' }], i, 31),
    });
  }
  return out;
}
