/** geometry-import/: an uploaded model read into a binary STL geometry file (contexts/scenarios/model-import). */
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { answers, json, jsonBody, pathParams } from '@canopy/contract/common.ts';
import { ModelImportRequestSchema, ModelImportResultSchema } from '@canopy/contract/geometry-import.ts';
import { importUploadedModel } from '../../contexts/scenarios/model-import/import-upload.ts';

export const geometryImportRoute = defineRoute('user', {
  method: 'post',
  path: '/api/project/{id}/geometry-import',
  tags: ['Scenarios'],
  summary: 'Read an uploaded OBJ, glTF/GLB, IFC or Rhino 3DM model (or an STL to rescale) into a binary STL geometry file in metres, Z-up',
  request: { params: pathParams('id'), body: jsonBody(ModelImportRequestSchema) },
  responses: { 201: json(ModelImportResultSchema, 'The imported file'), 400: answers[400], 401: answers[401], 403: answers[403], 404: answers[404] },
});

export function registerGeometryImportRoutes(app: ApiApp): void {
  app.openapi(geometryImportRoute, async (c) =>
    c.json(await importUploadedModel(c.var.deps, c.var.db, currentUser(c), pathId(c.req.valid('param').id), c.req.valid('json')), 201),
  );
}
