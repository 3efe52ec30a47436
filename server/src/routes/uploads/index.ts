/** Uploads: signed upload URLs, the blob endpoint, the project's upload list and downloads. */
import type { ApiApp } from '../../http/api-app.ts';
import { registerBlobRoutes } from './blob.routes.ts';
import { registerUploadListRoutes } from './uploads.routes.ts';
import { registerUploadUrlRoutes } from './upload-url.routes.ts';

export function registerUploadRoutes(app: ApiApp): void {
  registerUploadUrlRoutes(app);
  registerUploadListRoutes(app);
  registerBlobRoutes(app);
}
