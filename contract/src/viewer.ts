/**
 * The results viewer's API shapes (SPEC §3 Simulation, asset, user-selected layer, camera positions,
 * post-processing tag). Assets carry the derived season_filter, time_filter and qualifier computed by
 * engine/results/asset-fields.ts, so the browser filters on exactly the server's strings.
 */
import { z } from '@hono/zod-openapi';
import { idField, optionalText, text } from './common.ts';

const Season = z.object({ name: z.string(), start: z.string().optional(), end: z.string().optional() });
const TimeRange = z.object({ name: z.string(), start_time: z.string().optional(), end_time: z.string().optional() });
const Tag = z.object({ name: z.string(), description: z.string().optional(), date: z.string().optional() });

export const AssetSchema = z
  .object({
    id: z.number().int(),
    simulation_id: z.number().int(),
    layer_type: z.string(),
    analysis_type: z.string(),
    return_period: z.string().nullable(),
    metric: z.string().nullable(),
    wind_direction: z.string().nullable(),
    season: Season.nullable(),
    season_range: Season.nullable(),
    time_range: TimeRange.nullable(),
    single_date: z.string().nullable(),
    qualifiers: z.record(z.string(), z.string()),
    post_processing_tag: Tag.nullable(),
    filename: z.string(),
    geometry_type: z.string().nullable(),
    geometry_generation: z.string().nullable(),
    remeshed_assets: z.array(z.unknown()),
    show_by_default: z.boolean(),
    subsurface_type: z.string().nullable(),
    metadata: z.record(z.string(), z.unknown()),
    season_filter: z.string().nullable().openapi({ description: "Derived: the season's name, or the season_range's" }),
    time_filter: z.string().nullable().openapi({ description: "Derived: the time range's name, or 'HH:MM-HH:MM' when it is 'custom'" }),
    qualifier: z.string().nullable().openapi({ description: "Derived: qualifier values joined with ' · ' in key order" }),
  })
  .openapi('SimulationAsset');

export const LayerSetSchema = z
  .object({
    id: z.number().int(),
    identifier: z.record(z.string(), z.unknown()).openapi({ description: 'Which layer the file belongs to: files with equal identifiers are one layer' }),
    layer_type: z.enum(['Geometry', 'Volumetric']),
    show_by_default: z.boolean(),
    filename: z.string(),
  })
  .openapi('LayerSet');

export const SimulationSchema = z
  .object({
    id: z.number().int(),
    configuration: z.object({ id: z.number().int() }),
    category: z.string(),
    status: z.string(),
    cfd_parameters: z.unknown(),
    met_source_id: z.number().int().nullable(),
    assets: z.array(AssetSchema),
    layer_sets: z.array(LayerSetSchema),
  })
  .openapi('Simulation');

const Vec3 = z.tuple([z.number(), z.number(), z.number()]);
export const CameraSchema = z.object({ position: Vec3, target: Vec3, up: Vec3.optional(), fov: z.number().gt(0).lt(180).optional() });

export const CameraPositionSchema = z.object({ id: z.number().int(), name: z.string(), camera: CameraSchema }).openapi('CameraPosition');
export const CameraPositionCreateSchema = z.object({ name: optionalText(200), camera: CameraSchema }).openapi('CameraPositionCreate');
export const CameraPositionPatchSchema = z.object({ name: optionalText(200), camera: CameraSchema.optional() }).openapi('CameraPositionPatch');

export const UserLayerSchema = z
  .object({ id: z.number().int(), simulation_id: z.number().int(), identifier: z.string(), view_id: z.string() })
  .openapi('UserSelectedLayer');

export const UserLayersReplaceSchema = z
  .object({
    simulation_id: idField(),
    layers: z.array(z.object({ identifier: text(500), view_id: text(100) })).max(1000),
  })
  .openapi('UserSelectedLayersReplace');

export const PostProcessingTagSchema = z
  .object({ id: z.number().int(), name: z.string(), description: z.string(), date: z.string().nullable() })
  .openapi('PostProcessingTag');

export const PostProcessingTagCreateSchema = z
  .object({
    name: text(200),
    description: optionalText(2000),
    date: z.iso.date('Date has wrong format. Use one of these formats instead: YYYY-MM-DD.').nullable().optional(),
  })
  .openapi('PostProcessingTagCreate');

/** One uploaded result file and the SPEC §3 fields of the layer it becomes. */
export const ResultFileSchema = z
  .object({
    upload_id: idField().openapi({ description: 'An upload of the project (.glb, .stl, .csv, or .json for graph and wind-rose layers)' }),
    layer_type: z
      .string()
      .trim()
      .min(1)
      .max(50)
      .optional()
      .openapi({ description: "Default 'data' (GLB, CSV), 'geometry' (STL), 'graph' or 'windrose' (JSON)" }),
    analysis_type: z.string().max(100).optional(),
    metric: z.string().max(100).optional(),
    units: z.string().max(50).optional().openapi({ description: 'CSV only: units of the values' }),
    return_period: z.string().max(50).optional(),
    wind_direction: z.string().max(50).optional(),
    season: Season.optional(),
    season_range: Season.optional(),
    time_range: TimeRange.optional(),
    single_date: z.string().max(50).optional(),
    qualifiers: z.record(z.string(), z.string()).optional(),
    post_processing_tag: z.string().max(200).optional().openapi({ description: "Name of one of the project's post-processing tags" }),
    geometry_type: z.string().max(100).optional(),
    geometry_generation: z.string().max(100).optional(),
    subsurface_type: z.string().max(100).optional(),
    show_by_default: z.boolean().optional(),
    presentation_plane_asset_id: idField()
      .optional()
      .openapi({ description: "CSV only: an asset of the project whose GLB's vertices the points are interpolated onto" }),
    layer_set: z
      .object({ identifier: z.record(z.string(), z.unknown()), layer_type: z.enum(['Geometry', 'Volumetric']) })
      .optional()
      .openapi({ description: 'Store the file as a member of a layer set (SPEC §3) instead of as an asset' }),
    interpolation: z
      .enum(['nearest', 'idw'])
      .optional()
      .openapi({ description: "CSV only: 'nearest' neighbour or 'idw' (inverse distance, 8 nearest, power 2; default)" }),
  })
  .openapi('ResultFile');

const results = z.array(ResultFileSchema).min(1, 'Give at least one result file.').max(500);

export const SimulationResultsSchema = z
  .object({ project_id: idField(), configuration_id: idField(), category: text(100), results })
  .openapi('IngestSimulationResults');

export const AppendResultsSchema = z.object({ project_id: idField(), simulation_id: idField(), results }).openapi('IngestAppendResults');

export const AddResultSimulationsSchema = z.object({ category: text(100), results }).openapi('AddResultSimulations');

export type Asset = z.infer<typeof AssetSchema>;
export type Simulation = z.infer<typeof SimulationSchema>;
export type LayerSet = z.infer<typeof LayerSetSchema>;
export type CameraPosition = z.infer<typeof CameraPositionSchema>;
export type CameraPositionCreate = z.input<typeof CameraPositionCreateSchema>;
export type CameraPositionPatch = z.input<typeof CameraPositionPatchSchema>;
export type UserLayer = z.infer<typeof UserLayerSchema>;
export type UserLayersReplace = z.input<typeof UserLayersReplaceSchema>;
export type PostProcessingTag = z.infer<typeof PostProcessingTagSchema>;
export type PostProcessingTagCreate = z.input<typeof PostProcessingTagCreateSchema>;
export type ResultFile = z.input<typeof ResultFileSchema>;
export type AddResultSimulations = z.input<typeof AddResultSimulationsSchema>;

/** GET /api/global-template: the sections a new insight or report opens with (`{analysis}` etc. are filled by the client). */
export interface GlobalTemplate {
  id: string;
  kind: 'insight' | 'report';
  name: string;
  sections: Array<{ title: string; body: string }>;
}
