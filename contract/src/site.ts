/**
 * The site map's shapes: what the browser needs to draw it (tile server, attribution, whether
 * place search and OpenStreetMap surroundings are available) and place search results.
 */
import { z } from '@hono/zod-openapi';

export const MapSettingsSchema = z
  .object({
    tile_url: z.string().openapi({ description: 'Raster tile URL template with {z}, {x}, {y} (and optionally {s})' }),
    tile_attribution: z.string().openapi({ description: 'Shown on the map, as the tiles’ licence requires' }),
    geocoder: z.boolean().openapi({ description: 'Whether place search is available (GET /api/site/geocode/)' }),
    overpass: z.boolean().openapi({ description: 'Whether surroundings can be fetched from OpenStreetMap (POST …/surrounds/generate-overpass/)' }),
    overpass_max_radius_m: z.number(),
  })
  .openapi('MapSettings');

export const GeocodeResultsSchema = z
  .object({
    results: z.array(z.object({ name: z.string(), kind: z.string(), latitude: z.number(), longitude: z.number() })),
    attribution: z.string().openapi({ description: "The geocoder's data licence, shown with the results" }),
  })
  .openapi('GeocodeResults');

export type MapSettings = z.infer<typeof MapSettingsSchema>;
export type GeocodeResults = z.infer<typeof GeocodeResultsSchema>;
export type GeocodeResult = GeocodeResults['results'][number];
