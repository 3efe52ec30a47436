/** Under /api/project/{id}/: parameter sets (save, update, delete) and save-project-file. */
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { answers, json, jsonBody, pathParams } from '@canopy/contract/common.ts';
import { DeleteParameterSetSchema, ParameterSetSchema, SaveParameterSetSchema, UpdateParameterSetSchema } from '@canopy/contract/parameter-sets.ts';
import { ProjectFileSchema, SaveProjectFileSchema } from '@canopy/contract/project-files.ts';
import { deleteParameterSet, saveParameterSet, updateParameterSet } from '../../contexts/projects/parameter-sets/parameter-sets.ts';
import { saveProjectFile } from '../../contexts/projects/project-files/project-files.ts';

const tags = ['Project settings'];
const changeAnswers = { 400: answers[400], 401: answers[401], 403: answers[403], 404: answers[404] } as const;

export const saveParameterSetRoute = defineRoute(
  'user',
  {
    method: 'post',
    path: '/api/project/{id}/save-parameter-set',
    tags,
    summary: 'Save a new parameter set (values checked per analysis type)',
    request: { params: pathParams('id'), body: jsonBody(SaveParameterSetSchema) },
    responses: { 201: json(ParameterSetSchema, 'Saved'), ...changeAnswers },
  },
  { body: 'document' },
);

export const updateParameterSetRoute = defineRoute(
  'user',
  {
    method: 'post',
    path: '/api/project/{id}/update-parameter-set',
    tags,
    summary: 'Change a parameter set by id',
    request: { params: pathParams('id'), body: jsonBody(UpdateParameterSetSchema) },
    responses: { 200: json(ParameterSetSchema, 'Changed'), ...changeAnswers },
  },
  { body: 'document' },
);

export const deleteParameterSetRoute = defineRoute('user', {
  method: 'post',
  path: '/api/project/{id}/delete-parameter-set',
  tags,
  summary: 'Delete a parameter set by id',
  request: { params: pathParams('id'), body: jsonBody(DeleteParameterSetSchema) },
  responses: { 204: { description: 'Deleted' }, ...changeAnswers },
});

export const saveProjectFileRoute = defineRoute('user', {
  method: 'post',
  path: '/api/project/{id}/save-project-file',
  tags,
  summary: "Attach an upload of this project's project-assets to the project (201 new, 200 already attached)",
  request: { params: pathParams('id'), body: jsonBody(SaveProjectFileSchema) },
  responses: { 201: json(ProjectFileSchema, 'Attached'), 200: json(ProjectFileSchema, 'Already attached'), ...changeAnswers },
});

export function registerProjectResourceRoutes(app: ApiApp): void {
  app.openapi(saveParameterSetRoute, async (c) =>
    c.json(await saveParameterSet(c.var.db, currentUser(c), pathId(c.req.valid('param').id), c.req.valid('json')), 201),
  );

  app.openapi(updateParameterSetRoute, async (c) =>
    c.json(await updateParameterSet(c.var.db, currentUser(c), pathId(c.req.valid('param').id), c.req.valid('json')), 200),
  );

  app.openapi(deleteParameterSetRoute, async (c) => {
    await deleteParameterSet(c.var.db, currentUser(c), pathId(c.req.valid('param').id), c.req.valid('json').id);
    return c.body(null, 204);
  });

  app.openapi(saveProjectFileRoute, async (c) => {
    const { file, created } = await saveProjectFile(c.var.db, currentUser(c), pathId(c.req.valid('param').id), c.req.valid('json'));
    return created ? c.json(file, 201) : c.json(file, 200);
  });
}
