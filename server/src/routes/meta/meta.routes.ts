/** The OpenAPI document (generated from the zod route definitions) and a readable reference page. */
import type { ApiApp } from '../../http/api-app.ts';
import { renderApiReference } from './api-reference-page.ts';

export const OPENAPI_INFO = {
  openapi: '3.1.0',
  info: {
    title: 'Canopy API',
    version: '0',
    description:
      'Projects, studies, scenarios and simulation results for building microclimate studies. ' +
      'Django REST Framework shapes: `{detail}` errors, `{field: [messages]}` validation errors, ' +
      '`{count, next, previous, results}` pages.',
  },
} as const;

export function registerMetaRoutes(app: ApiApp): void {
  // Both are documentation about the API, so they are not themselves part of the document.
  app.get('/api/openapi.json', (c) => c.json(app.getOpenAPI31Document({ ...OPENAPI_INFO, info: { ...OPENAPI_INFO.info, version: c.var.deps.version } })));
  app.get('/api/docs', (c) =>
    c.html(renderApiReference(app.getOpenAPI31Document({ ...OPENAPI_INFO, info: { ...OPENAPI_INFO.info, version: c.var.deps.version } }))),
  );
}
