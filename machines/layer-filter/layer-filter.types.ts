/** Shapes the layer-filter machine reads and keeps (SPEC §3 asset and user-selected layer fields). */

/** SPEC §9's filter order; the layer picker shows the dimensions in exactly this order. */
export const FILTER_DIMENSIONS = [
  'layer_type',
  'analysis_type',
  'return_period',
  'metric',
  'wind_direction',
  'season_filter',
  'single_date',
  'time_filter',
  'qualifier',
  'post_processing_tag',
] as const;

export type FilterDimension = (typeof FILTER_DIMENSIONS)[number];

/**
 * An asset as the filters see it: the derived fields (season_filter, time_filter, qualifier) come
 * from the server (engine/results/asset-fields.ts); post_processing_tag is filtered by its name.
 */
export interface FilterableAsset {
  id: number;
  layer_type: string;
  analysis_type?: string | null;
  return_period?: string | null;
  metric?: string | null;
  wind_direction?: string | null;
  season_filter?: string | null;
  single_date?: string | null;
  time_filter?: string | null;
  qualifier?: string | null;
  post_processing_tag?: { name: string; description?: string; date?: string } | null;
  filename?: string;
  show_by_default?: boolean;
}

export interface ResultSimulation {
  id: number;
  configuration: { id: number } | number;
  category?: string;
  assets: FilterableAsset[];
}

/** The values chosen per dimension; an empty or missing list means "any". */
export type FilterSelection = Partial<Record<FilterDimension, readonly string[]>>;

export interface FilterOption {
  value: string;
  /** No layer has this value given the other dimensions' choices (SPEC §5): struck through. */
  disabled: boolean;
  selected: boolean;
}

export type FilterOptions = Record<FilterDimension, FilterOption[]>;

/** SPEC §3 user-selected layer: which layer a view shows, kept per simulation on the server. */
export interface UserSelectedLayer {
  id: number;
  simulation_id: number;
  identifier: string;
  view_id: string;
}

/** A layer to add: the server assigns the id. */
export type NewUserLayer = Omit<UserSelectedLayer, 'id' | 'view_id'> & { view_id?: string };

export type { ToastSink } from '@machines/toast/toast-relay.ts';
