/**
 * Weather reference data: GET /api/wind-profiles/ (study_type filter) and the bad-station list
 * (GET for everyone signed in; POST and DELETE for superusers).
 */
import { z } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { paginate } from '../../http/pagination.ts';
import { listOf } from '../../kernel/list-query.ts';
import { currentUser } from '../../http/authenticate.ts';
import {
  BadStationPageSchema,
  BadStationSchema,
  CreateBadStationSchema,
  PageQuerySchema,
  WindProfilePageSchema,
  WindProfilesQuerySchema,
} from '@canopy/contract/weather.ts';
import { windProfiles } from '../../contexts/projects/weather/wind-profiles.ts';
import { addBadStation, listBadStations, removeBadStation } from '../../contexts/projects/weather/bad-stations.ts';
import { DetailSchema, FieldErrorsSchema, json, jsonBody, unauthenticated } from '../auth/schemas.ts';

const tags = ['Weather'];
const notSuperuser = json(DetailSchema, 'Only superusers manage the bad-station list');

export const windProfilesRoute = defineRoute('user', {
  method: 'get',
  path: '/api/wind-profiles',
  tags,
  summary: 'Terrain categories with roughness length, power-law exponent, boundary-layer height and the profile curve',
  request: { query: WindProfilesQuerySchema },
  responses: {
    200: json(WindProfilePageSchema, 'City, suburban, open country, open water'),
    400: json(FieldErrorsSchema, 'Unknown study_type'),
    401: unauthenticated,
  },
});

export const listBadStationsRoute = defineRoute('user', {
  method: 'get',
  path: '/api/bad-stations',
  tags,
  summary: 'Stations that fetch-met-data skips, with the reason',
  request: { query: PageQuerySchema },
  responses: { 200: json(BadStationPageSchema, 'By WMO number'), 401: unauthenticated, 404: json(DetailSchema, 'Invalid page.') },
});

export const addBadStationRoute = defineRoute('superuser', {
  method: 'post',
  path: '/api/bad-stations',
  tags,
  summary: 'List a station as bad (superusers)',
  request: { body: jsonBody(CreateBadStationSchema) },
  responses: {
    201: json(BadStationSchema, 'Listed'),
    400: json(FieldErrorsSchema, 'Invalid fields or already listed'),
    401: unauthenticated,
    403: notSuperuser,
  },
});

export const removeBadStationRoute = defineRoute('superuser', {
  method: 'delete',
  path: '/api/bad-stations/{stationId}',
  tags,
  summary: 'Take a station off the bad list (superusers)',
  request: { params: z.object({ stationId: z.string() }) },
  responses: { 204: { description: 'Removed' }, 401: unauthenticated, 403: notSuperuser, 404: json(DetailSchema, 'Not listed') },
});

export function registerWeatherReferenceRoutes(app: ApiApp): void {
  app.openapi(windProfilesRoute, async (c) => c.json(await paginate(c, listOf(windProfiles(c.req.valid('query').study_type))), 200));
  app.openapi(listBadStationsRoute, async (c) => c.json(await paginate(c, listBadStations(c.var.db)), 200));
  app.openapi(addBadStationRoute, async (c) => c.json(await addBadStation(c.var.db, currentUser(c), c.req.valid('json')), 201));
  app.openapi(removeBadStationRoute, async (c) => {
    await removeBadStation(c.var.db, pathId(c.req.valid('param').stationId));
    return c.body(null, 204);
  });
}
