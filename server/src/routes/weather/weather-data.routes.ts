/**
 * Reading a project's weather: SPEC §7's POST /api/project/{id}/download-weather-data/ {met_id}
 * (CSV named weather_data_<met_id>.csv, SPEC §9) and GET /api/project/{id}/weather-summary/ (what
 * the weather panels draw: wind rose by season and time of day, monthly summaries, coverage).
 */
import { z } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { DownloadWeatherSchema, WeatherSummaryQuerySchema, WeatherSummarySchema } from '@canopy/contract/weather.ts';
import { weatherCsv } from '../../contexts/projects/weather/download.ts';
import { weatherSummary } from '../../contexts/projects/weather/summary.ts';
import { DetailSchema, FieldErrorsSchema, json, jsonBody, unauthenticated } from '../auth/schemas.ts';

const tags = ['Weather'];
const params = z.object({ id: z.string() });
const answers = {
  400: json(FieldErrorsSchema, 'Invalid fields'),
  401: unauthenticated,
  404: json(DetailSchema, 'No such project (or not visible), or the project does not use that met_id'),
} as const;

export const downloadWeatherRoute = defineRoute('user', {
  method: 'post',
  path: '/api/project/{id}/download-weather-data',
  tags,
  summary: 'The hourly weather of one of the project stations as CSV (timestamp, dry bulb, RH, wind, radiation; units in the header)',
  request: { params, body: jsonBody(DownloadWeatherSchema) },
  responses: {
    200: { description: 'weather_data_<met_id>.csv', content: { 'text/csv': { schema: z.string() } } },
    ...answers,
  },
});

export const weatherSummaryRoute = defineRoute('user', {
  method: 'get',
  path: '/api/project/{id}/weather-summary',
  tags,
  summary: 'Wind rose (16 sectors × speed bins, calm share) for a season and time of day; monthly temperature and wind; data coverage',
  request: { params, query: WeatherSummaryQuerySchema },
  responses: { 200: json(WeatherSummarySchema, 'The panels’ data'), ...answers },
});

export function registerWeatherDataRoutes(app: ApiApp): void {
  app.openapi(downloadWeatherRoute, async (c) => {
    const { filename, csv } = await weatherCsv(c.var.db, currentUser(c), pathId(c.req.valid('param').id), c.req.valid('json').met_id);
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="${filename}"`);
    c.header('Cache-Control', 'private, no-cache');
    return c.body(csv, 200);
  });
  app.openapi(weatherSummaryRoute, async (c) =>
    c.json(await weatherSummary(c.var.db, currentUser(c), pathId(c.req.valid('param').id), c.req.valid('query')), 200),
  );
}
