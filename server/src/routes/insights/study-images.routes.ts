/**
 * Study images (SPEC §3, §7 `study-image/`): GET (list), POST (a captured image as base64, or an
 * upload of the project by id), GET/PUT (rename)/DELETE by id, and GET {id}/file for the bytes.
 */
import { z } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { answers, json, jsonBody, pathParams } from '@canopy/contract/common.ts';
import { StudyImageCreateSchema, StudyImageSchema, StudyImageUpdateSchema } from '@canopy/contract/insights.ts';
import {
  deleteStudyImage,
  getStudyImage,
  listStudyImages,
  readStudyImage,
  renameStudyImage,
  storeStudyImage,
} from '../../contexts/results/insights/study-images.ts';

const tags = ['Insights'];
const base = '/api/project/{id}/study/{studyId}/study-image';
const seeAnswers = { 401: answers[401], 404: answers[404] };
const changeAnswers = { 400: answers[400], 401: answers[401], 403: answers[403], 404: answers[404] };

export const listStudyImagesRoute = defineRoute('user', {
  method: 'get',
  path: base,
  tags,
  summary: "The study's images",
  request: { params: pathParams('id', 'studyId') },
  responses: { 200: json(z.array(StudyImageSchema), 'Images'), ...seeAnswers },
});

export const createStudyImageRoute = defineRoute(
  'user',
  {
    method: 'post',
    path: base,
    tags,
    summary: 'Add an image: image_base64 (PNG or JPEG captured by the viewer) or upload_id (an upload of the project)',
    request: { params: pathParams('id', 'studyId'), body: jsonBody(StudyImageCreateSchema) },
    responses: { 201: json(StudyImageSchema, 'Stored'), ...changeAnswers },
  },
  { body: 'image' },
);

export const getStudyImageRoute = defineRoute('user', {
  method: 'get',
  path: `${base}/{imageId}`,
  tags,
  summary: 'One image',
  request: { params: pathParams('id', 'studyId', 'imageId') },
  responses: { 200: json(StudyImageSchema, 'The image'), ...seeAnswers },
});

export const studyImageFileRoute = defineRoute('user', {
  method: 'get',
  path: `${base}/{imageId}/file`,
  tags,
  summary: 'The image bytes (image/png or image/jpeg)',
  request: { params: pathParams('id', 'studyId', 'imageId') },
  responses: { 200: { description: 'The image' }, ...seeAnswers },
});

export const renameStudyImageRoute = defineRoute('user', {
  method: 'put',
  path: `${base}/{imageId}`,
  tags,
  summary: 'Rename an image',
  request: { params: pathParams('id', 'studyId', 'imageId'), body: jsonBody(StudyImageUpdateSchema) },
  responses: { 200: json(StudyImageSchema, 'Renamed'), ...changeAnswers },
});

export const deleteStudyImageRoute = defineRoute('user', {
  method: 'delete',
  path: `${base}/{imageId}`,
  tags,
  summary: 'Delete an image (and the image views showing it)',
  request: { params: pathParams('id', 'studyId', 'imageId') },
  responses: { 204: { description: 'Deleted' }, ...changeAnswers },
});

const ids = (p: { id: string; studyId: string }) => ({ projectId: pathId(p.id), studyId: pathId(p.studyId) });

export function registerStudyImageRoutes(app: ApiApp): void {
  app.openapi(listStudyImagesRoute, async (c) => c.json(await listStudyImages(c.var.db, currentUser(c), ids(c.req.valid('param'))), 200));
  app.openapi(createStudyImageRoute, async (c) =>
    c.json(await storeStudyImage(c.var.deps, c.var.db, currentUser(c), ids(c.req.valid('param')), c.req.valid('json')), 201),
  );
  app.openapi(getStudyImageRoute, async (c) => {
    const p = c.req.valid('param');
    return c.json(await getStudyImage(c.var.db, currentUser(c), ids(p), pathId(p.imageId)), 200);
  });
  app.openapi(studyImageFileRoute, async (c) => {
    const p = c.req.valid('param');
    const image = await readStudyImage(c.var.deps, c.var.db, currentUser(c), ids(p), pathId(p.imageId));
    c.header('Content-Type', image.contentType);
    c.header('Cache-Control', 'private, max-age=300');
    return c.body(image.bytes as Uint8Array<ArrayBuffer>, 200);
  });
  app.openapi(renameStudyImageRoute, async (c) => {
    const p = c.req.valid('param');
    return c.json(await renameStudyImage(c.var.db, currentUser(c), ids(p), pathId(p.imageId), c.req.valid('json').name), 200);
  });
  app.openapi(deleteStudyImageRoute, async (c) => {
    const p = c.req.valid('param');
    await deleteStudyImage(c.var.deps, c.var.db, currentUser(c), ids(p), pathId(p.imageId));
    return c.body(null, 204);
  });
}
