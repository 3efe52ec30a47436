/**
 * A comfort map re-classified in the browser as a layer of the pane: an asset-shaped
 * description (so the layer list logic, the legend, the colour scale, the probe and the data panel
 * treat it as any comfort map) whose file is the in-browser layer's `local:` URL. While it shows,
 * the simulation's other data layers step aside (two maps on one plane would fight for the pixels).
 */
import { comfortLegendName } from '@canopy/engine/analyses/legends.ts';
import type { Asset } from '@canopy/contract/viewer.ts';
import type { ReclassInputs, ReclassResult } from '@machines/wind-reclass/wind-reclass.types.ts';
import type { ColourLegend } from '@machines/viewer/reference-data.ts';

/** Negative: never an id of a stored asset. */
export const RECLASS_ASSET_ID = -15;

export interface ReclassLayer {
  simulationId: number;
  asset: Asset;
  url: string;
  /** The criterion's classes as the pane's legend (from the table itself: a company's own criterion has no stored legend). */
  legend: ColourLegend;
}

export function reclassLayer(result: ReclassResult, inputs: ReclassInputs): ReclassLayer {
  const criterion = inputs.criteria.find((c) => c.id === result.choice.criterionId);
  const season = inputs.seasons.find((s) => s.id === result.choice.seasonId);
  const window = inputs.windows.find((w) => w.id === result.choice.windowId);
  const weather = inputs.weather.find((w) => w.metId === result.choice.metId);
  const asset: Asset = {
    id: RECLASS_ASSET_ID,
    simulation_id: inputs.simulationId,
    layer_type: 'data',
    analysis_type: 'wind-comfort',
    return_period: null,
    metric: 'comfort-class',
    wind_direction: null,
    season: season ? { name: season.name } : null,
    season_range: null,
    time_range: window ? { name: window.name, start_time: window.window.slice(0, 5), end_time: window.window.slice(6) } : null,
    single_date: null,
    qualifiers: {
      criterion: criterion?.name ?? result.choice.criterionId,
      computed: `re-classified in the browser with ${weather?.name ?? result.choice.metId}`,
    },
    post_processing_tag: null,
    filename: 'reclassified.glb',
    geometry_type: null,
    geometry_generation: null,
    remeshed_assets: [],
    show_by_default: true,
    subsurface_type: null,
    metadata: {
      legend: { name: comfortLegendName(result.choice.criterionId), version: '1' },
      fields: ['comfortClass'],
      units: 'class',
      criterion: { id: result.choice.criterionId, name: criterion?.name },
    },
    season_filter: season?.name ?? null,
    time_filter: window?.name ?? null,
    qualifier: `${criterion?.name ?? result.choice.criterionId} · re-classified`,
  } as Asset;
  const legend: ColourLegend = {
    name: result.legend.name,
    version: '1',
    kind: 'classes',
    title: result.legend.title,
    units: 'class',
    classes: result.legend.classes,
  };
  return { simulationId: inputs.simulationId, asset, url: result.url, legend };
}
