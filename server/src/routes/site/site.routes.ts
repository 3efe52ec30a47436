/**
 * The site map's server side (docs/site-map.md): GET /api/site/map-settings/ (the tile server and
 * attribution the operator configured, and which online services are on) and GET
 * /api/site/geocode/?q= (place search through the configured Nominatim-compatible geocoder).
 */
import { z } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { GeocodeResultsSchema, MapSettingsSchema, type MapSettings } from '@canopy/contract/site.ts';
import { OVERPASS_MAX_RADIUS_M } from '@canopy/contract/surrounds.ts';
import { geocode } from '../../contexts/projects/site/geocoder.ts';
import { DetailSchema, FieldErrorsSchema, json, unauthenticated } from '../auth/schemas.ts';

const tags = ['Site'];

export const mapSettingsRoute = defineRoute('user', {
  method: 'get',
  path: '/api/site/map-settings',
  tags,
  summary:
    'How the site map is drawn: tile URL template and attribution (MAP_TILE_URL, MAP_TILE_ATTRIBUTION), and whether place search and OpenStreetMap surroundings are on',
  responses: { 200: json(MapSettingsSchema, 'The settings'), 401: unauthenticated },
});

export const geocodeRoute = defineRoute('user', {
  method: 'get',
  path: '/api/site/geocode',
  tags,
  summary: 'Places matching a name, from the configured geocoder (GEOCODER_URL, Nominatim search?format=jsonv2)',
  request: { query: z.object({ q: z.string().optional() }) },
  responses: {
    200: json(GeocodeResultsSchema, 'Up to six places, best first, with the data’s attribution'),
    400: json(FieldErrorsSchema, '{"q": ["This field may not be blank."]}, or place search is off'),
    401: unauthenticated,
    502: json(DetailSchema, 'The geocoder could not be reached or answered an error'),
    504: json(DetailSchema, 'The geocoder did not answer in time'),
  },
});

export function registerSiteRoutes(app: ApiApp): void {
  app.openapi(mapSettingsRoute, (c) => {
    const config = c.var.deps.config;
    const settings: MapSettings = {
      tile_url: config.MAP_TILE_URL,
      tile_attribution: config.MAP_TILE_ATTRIBUTION,
      geocoder: config.GEOCODER_URL !== 'off',
      overpass: config.OVERPASS_URL !== 'off',
      overpass_max_radius_m: OVERPASS_MAX_RADIUS_M,
    };
    return c.json(settings, 200);
  });
  app.openapi(geocodeRoute, async (c) => c.json(await geocode(c.var.deps, c.req.valid('query').q ?? ''), 200));
}
