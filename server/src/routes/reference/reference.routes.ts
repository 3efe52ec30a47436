/** Reference data for the sign-up and profile forms; public, because sign-up needs it. */
import { z } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { ApiError } from '../../http/errors.ts';
import { isCountry, listCountries, listProvinces } from '../../contexts/projects/reference/places.ts';
import { errors, json } from '../auth/schemas.ts';

const CountrySchema = z.object({ code: z.string(), name: z.string() }).openapi('Country');
const ProvinceSchema = z.object({ code: z.string(), name: z.string(), type: z.string(), country: z.string() }).openapi('Province');

export const countriesRoute = defineRoute('public', {
  method: 'get',
  path: '/api/countries',
  tags: ['Reference'],
  summary: 'ISO 3166-1 countries, by English name (a plain list, not paginated)',
  responses: { 200: json(z.array(CountrySchema), 'Countries') },
});

export const provincesRoute = defineRoute('public', {
  method: 'get',
  path: '/api/provinces',
  tags: ['Reference'],
  summary: 'ISO 3166-2 subdivisions of `country` (held for CA, US, GB, AU; [] for others), or all held when omitted',
  request: { query: z.object({ country: z.string().optional().openapi({ example: 'CA' }) }) },
  responses: { 200: json(z.array(ProvinceSchema), 'Subdivisions'), 400: errors[400] },
});

export function registerReferenceRoutes(app: ApiApp): void {
  app.openapi(countriesRoute, (c) => {
    // Fixed data: let browsers and proxies keep it for a day.
    c.header('Cache-Control', 'public, max-age=86400');
    return c.json(listCountries(), 200);
  });

  app.openapi(provincesRoute, (c) => {
    const country = c.req.valid('query').country?.trim();
    if (country && !isCountry(country)) throw ApiError.field('country', `"${country}" is not a valid choice.`);
    c.header('Cache-Control', 'public, max-age=86400');
    return c.json(listProvinces(country || undefined), 200);
  });
}
