/**
 * SPEC §7: GET /api/project/{id}/asset-upload-url/ (simulation assets) and
 * /api/project/{id}/project-asset-upload-url/ (project files) → {container_url, uuid, sas_token}.
 */
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { ApiApp } from '../../http/api-app.ts';
import type { AppEnv } from '../../deps.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { publicBaseUrl } from '../../http/public-base-url.ts';
import { currentUser } from '../../http/authenticate.ts';
import { issueUploadUrl } from '../../contexts/projects/uploads/grants.ts';
import { UploadUrlSchema } from '@canopy/contract/uploads.ts';
import { DetailSchema, json, unauthenticated } from '../auth/schemas.ts';
import type { BlobContainer } from '../../db/schema/index.ts';

const ProjectParams = z.object({ id: z.string() });

const uploadUrlRoute = (path: string, container: BlobContainer, what: string) =>
  defineRoute('user', {
    method: 'get',
    path,
    tags: ['Uploads'],
    summary: `A signed URL to upload ${what} to (create/write only, valid one hour)`,
    request: { params: ProjectParams },
    responses: {
      200: json(UploadUrlSchema, `Where to PUT the files; container "${container}"`),
      401: unauthenticated,
      403: json(DetailSchema, 'The user may see the project but not change it'),
      404: json(DetailSchema, 'No such project, or not visible to the user'),
      413: json(DetailSchema, "The company's storage is full (the operator's limit)"),
    },
  });

export const assetUploadUrlRoute = uploadUrlRoute('/api/project/{id}/asset-upload-url', 'assets', 'simulation assets (geometry, results)');
export const projectAssetUploadUrlRoute = uploadUrlRoute('/api/project/{id}/project-asset-upload-url', 'project-assets', 'project files');

export function registerUploadUrlRoutes(app: ApiApp): void {
  const handle = (container: BlobContainer) => async (c: Context<AppEnv>) => {
    const answer = await issueUploadUrl(c.var.deps, c.var.db, currentUser(c), pathId(c.req.param('id') ?? ''), container, publicBaseUrl(c));
    // A signature is a credential: keep it out of every cache.
    c.header('Cache-Control', 'no-store');
    return c.json(answer, 200);
  };
  app.openapi(assetUploadUrlRoute, handle('assets'));
  app.openapi(projectAssetUploadUrlRoute, handle('project-assets'));
}
