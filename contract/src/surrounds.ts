/**
 * The site API's shapes (SPEC §3 surrounds; §7 GET surrounds/, POST surrounds/generate-osm/).
 * Footprints are local metres around the surrounds' origin (x east, y north = true north), as the
 * site map draws them; the 3D geometry is the GLB behind `glb_url`.
 */
import { z } from '@hono/zod-openapi';

const INTEGER_REQUIRED = 'A valid integer is required.';

export const GenerateOsmSchema = z
  .object({
    upload_id: z
      .number({ error: (issue) => (issue.input === undefined ? undefined : INTEGER_REQUIRED) })
      .int(INTEGER_REQUIRED)
      .min(1)
      .openapi({ description: 'An upload of this project holding an .osm XML extract or GeoJSON' }),
    radius_m: z
      .number()
      .gt(0, 'Ensure this value is greater than 0.')
      .max(5000, 'Ensure this value is less than or equal to 5000.')
      .optional()
      .openapi({ description: 'Default 300 m' }),
    origin_latitude: z.number().min(-89).max(89).optional().openapi({ description: "Default: the project's latitude" }),
    origin_longitude: z.number().min(-180).max(180).optional().openapi({ description: "Default: the project's longitude" }),
  })
  .openapi('GenerateOsm');

/**
 * The largest radius fetched from the Overpass API. 2 km around a dense city centre is tens of
 * thousands of buildings, far more than a wind study needs (a few hundred metres: docs/site-map.md),
 * and keeps an answer within the public interpreter's fair-use guidance.
 */
export const OVERPASS_MAX_RADIUS_M = 2000;

export const GenerateOverpassSchema = z
  .object({
    radius_m: z
      .number({ error: (issue) => (issue.input === undefined ? 'This field is required.' : 'A valid number is required.') })
      .gt(0, 'Ensure this value is greater than 0.')
      .max(
        OVERPASS_MAX_RADIUS_M,
        `At most ${OVERPASS_MAX_RADIUS_M} m is fetched from OpenStreetMap at once; choose a smaller radius, or upload an .osm extract of the larger area.`,
      )
      .openapi({ description: `Metres around the origin; at most ${OVERPASS_MAX_RADIUS_M}` }),
    origin_latitude: z.number().min(-89).max(89).optional().openapi({ description: "Default: the project's latitude" }),
    origin_longitude: z.number().min(-180).max(180).optional().openapi({ description: "Default: the project's longitude" }),
  })
  .openapi('GenerateOverpass');

const Point = z.tuple([z.number(), z.number()]);

export const FootprintSchema = z.object({
  outer: z.array(Point),
  holes: z.array(z.array(Point)),
  height_m: z.number(),
  height_source: z.enum(['height', 'levels', 'default']).openapi({ description: 'Which tag gave the height; "default" = neither height nor building:levels' }),
  name: z.string(),
});

const LandscapeSchema = z.object({
  kind: z
    .enum(['tree', 'tree_row', 'wood', 'park', 'grass'])
    .openapi({ description: 'natural=tree, natural=tree_row (one per tree), natural=wood or landuse=forest, leisure=park, landuse=grass' }),
  outer: z.array(Point).openapi({ description: "Plan outline in local metres: a tree's crown, an area cut to the radius" }),
  height_m: z.number(),
  height_source: z.enum(['height', 'default']).openapi({ description: '"default": no height tag; Canopy assumed one (docs/site-map.md)' }),
});

export const SurroundsSchema = z
  .object({
    id: z.number().int(),
    origin_latitude: z.number(),
    origin_longitude: z.number(),
    radius_m: z.number(),
    source_upload_id: z.number().int().nullable(),
    source_format: z.string(),
    building_count: z.number().int(),
    triangle_count: z.number().int(),
    footprints: z.array(FootprintSchema),
    /** Trees and green areas mapped within the radius: a scenario using the project's surroundings gets them as its landscaping. */
    landscaping: z.array(LandscapeSchema),
    warnings: z.array(z.string()),
    glb_url: z
      .string()
      .openapi({ description: 'The closed meshes (buildings 1 m into the ground, a ground slab, the landscaping: per-vertex role 0/1/2) as GLB' }),
    created_at: z.string(),
  })
  .openapi('Surrounds');

export const ProjectSurroundsSchema = z
  .object({
    /** The project's name (the Resources page's breadcrumb names it). */
    project_name: z.string(),
    project_latitude: z.number().nullable(),
    project_longitude: z.number().nullable(),
    surrounds: SurroundsSchema.nullable(),
    /** Why the surroundings asked for at the project's creation could not be fetched, until some are made. */
    surrounds_error: z.string().nullable(),
  })
  .openapi('ProjectSurrounds');

export type Surrounds = z.infer<typeof SurroundsSchema>;
export type ProjectSurrounds = z.infer<typeof ProjectSurroundsSchema>;
export type Footprint = z.infer<typeof FootprintSchema>;
export type GenerateOsm = z.infer<typeof GenerateOsmSchema>;
export type GenerateOverpass = z.infer<typeof GenerateOverpassSchema>;
