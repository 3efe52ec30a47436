/**
 * SPEC §7: GET /api/project/{id}/surrounds/, POST /api/project/{id}/surrounds/generate-osm/ (from an
 * uploaded .osm extract or GeoJSON), POST …/surrounds/generate-overpass/ (fetched from the Overpass
 * API), and GET …/surrounds/glb/ (the closed meshes for the viewer).
 */
import { z } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { GenerateOsmSchema, GenerateOverpassSchema, OVERPASS_MAX_RADIUS_M, ProjectSurroundsSchema, SurroundsSchema } from '@canopy/contract/surrounds.ts';
import { generateOsmSurrounds, generateOverpassSurrounds, getSurrounds, surroundsGlbBytes } from '../../contexts/projects/surrounds/surrounds.ts';
import { DetailSchema, FieldErrorsSchema, json, jsonBody, unauthenticated } from '../auth/schemas.ts';

const tags = ['Site'];
const params = z.object({ id: z.string() });
const notFound = json(DetailSchema, 'No such project, or not visible to the user');

export const getSurroundsRoute = defineRoute('user', {
  method: 'get',
  path: '/api/project/{id}/surrounds',
  tags,
  summary: "The project's surrounding buildings (footprints in local metres) and its coordinates",
  request: { params },
  responses: { 200: json(ProjectSurroundsSchema, 'surrounds is null until generated'), 401: unauthenticated, 404: notFound },
});

export const generateOsmRoute = defineRoute('user', {
  method: 'post',
  path: '/api/project/{id}/surrounds/generate-osm',
  tags,
  summary: 'Build the surrounds from an uploaded OSM extract or GeoJSON: closed meshes 1 m into the ground, clipped to a radius, with a ground slab',
  request: { params, body: jsonBody(GenerateOsmSchema) },
  responses: {
    201: json(SurroundsSchema, 'Generated (replacing earlier surrounds)'),
    400: json(FieldErrorsSchema, 'Not readable: {"upload_id": ["site.osm: The OSM file is not well-formed XML: … line 12, column 3: …"]}'),
    401: unauthenticated,
    403: json(DetailSchema, 'The user may see the project but not change it'),
    404: notFound,
  },
});

export const generateOverpassRoute = defineRoute('user', {
  method: 'post',
  path: '/api/project/{id}/surrounds/generate-overpass',
  tags,
  summary: `Build the surrounds from the buildings OpenStreetMap holds within radius_m (at most ${OVERPASS_MAX_RADIUS_M} m), fetched from the configured Overpass API`,
  request: { params, body: jsonBody(GenerateOverpassSchema) },
  responses: {
    201: json(SurroundsSchema, 'Generated (replacing earlier surrounds); source_format "overpass"'),
    400: json(
      FieldErrorsSchema,
      `{"radius_m": ["At most ${OVERPASS_MAX_RADIUS_M} m is fetched from OpenStreetMap at once; …"]}, or no coordinates, or OVERPASS_URL=off`,
    ),
    401: unauthenticated,
    403: json(DetailSchema, 'The user may see the project but not change it'),
    404: notFound,
    413: json(DetailSchema, 'The area holds more map data than OVERPASS_MAX_BYTES; choose a smaller radius'),
    502: json(DetailSchema, 'The Overpass server could not be reached, answered an error, or could not complete the query'),
    503: json(DetailSchema, 'The Overpass server is limiting requests (Retry-After)'),
    504: json(DetailSchema, 'The Overpass server ran out of time or did not answer in time'),
  },
});

export const surroundsGlbRoute = defineRoute('user', {
  method: 'get',
  path: '/api/project/{id}/surrounds/glb',
  tags,
  summary: 'The surrounds as GLB (Z-up site metres under a Y-up node, per-vertex role and building)',
  request: { params },
  responses: { 200: { description: 'model/gltf-binary' }, 401: unauthenticated, 404: json(DetailSchema, 'No such project, or no surrounds yet') },
});

export function registerSurroundsRoutes(app: ApiApp): void {
  app.openapi(getSurroundsRoute, async (c) => c.json(await getSurrounds(c.var.db, currentUser(c), pathId(c.req.valid('param').id)), 200));
  app.openapi(generateOsmRoute, async (c) =>
    c.json(await generateOsmSurrounds(c.var.deps, c.var.db, currentUser(c), pathId(c.req.valid('param').id), c.req.valid('json')), 201),
  );
  app.openapi(generateOverpassRoute, async (c) =>
    c.json(await generateOverpassSurrounds(c.var.deps, c.var.db, currentUser(c), pathId(c.req.valid('param').id), c.req.valid('json')), 201),
  );
  app.openapi(surroundsGlbRoute, async (c) => {
    const bytes = await surroundsGlbBytes(c.var.deps, c.var.db, currentUser(c), pathId(c.req.valid('param').id));
    c.header('Content-Type', 'model/gltf-binary');
    c.header('Cache-Control', 'private, no-cache');
    return c.body(new Uint8Array(bytes), 200);
  });
}
