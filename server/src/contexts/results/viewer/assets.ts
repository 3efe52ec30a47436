/** An `assets` row as the API shows it: SPEC §3 fields plus the derived ones of engine/results/asset-fields.ts. */
import { deriveAssetFields, type AssetSeason, type AssetTimeRange } from '@canopy/engine/results/asset-fields.ts';
import type { assets } from '../../../db/schema/index.ts';

export type AssetRow = typeof assets.$inferSelect;

export interface AssetView {
  id: number;
  simulation_id: number;
  layer_type: string;
  analysis_type: string;
  return_period: string | null;
  metric: string | null;
  wind_direction: string | null;
  season: AssetSeason | null;
  season_range: AssetSeason | null;
  time_range: AssetTimeRange | null;
  single_date: string | null;
  qualifiers: Record<string, string>;
  post_processing_tag: { name: string; description?: string; date?: string } | null;
  filename: string;
  geometry_type: string | null;
  geometry_generation: string | null;
  remeshed_assets: unknown[];
  show_by_default: boolean;
  subsurface_type: string | null;
  metadata: Record<string, unknown>;
  season_filter: string | null;
  time_filter: string | null;
  qualifier: string | null;
}

/** A stored season with start and end is a season_range (SPEC §3: "season or season_range"). */
function splitSeason(value: unknown): { season: AssetSeason | null; season_range: AssetSeason | null } {
  if (!value || typeof value !== 'object') return { season: null, season_range: null };
  const season = value as AssetSeason;
  return season.start !== undefined || season.end !== undefined ? { season: null, season_range: season } : { season, season_range: null };
}

export function assetView(row: AssetRow): AssetView {
  const { season, season_range } = splitSeason(row.season);
  const time_range = (row.timeRange as AssetTimeRange | null) ?? null;
  const qualifiers = (row.qualifiers as Record<string, string>) ?? {};
  return {
    id: row.id,
    simulation_id: row.simulationId,
    layer_type: row.layerType,
    analysis_type: row.analysisType,
    return_period: row.returnPeriod,
    metric: row.metric,
    wind_direction: row.windDirection,
    season,
    season_range,
    time_range,
    single_date: row.singleDate,
    qualifiers,
    post_processing_tag: (row.postProcessingTag as AssetView['post_processing_tag']) ?? null,
    filename: row.filename,
    geometry_type: row.geometryType,
    geometry_generation: row.geometryGeneration,
    remeshed_assets: (row.remeshedAssets as unknown[]) ?? [],
    show_by_default: row.showByDefault,
    subsurface_type: row.subsurfaceType,
    metadata: (row.metadata as Record<string, unknown>) ?? {},
    ...deriveAssetFields({ season, season_range, time_range, qualifiers }),
  };
}
