/**
 * Projects, project settings, sharing and administrators. Paths are registered without
 * their trailing slash; with strict: false both forms answer (see routes/auth/index.ts).
 */
import type { ApiApp } from '../../http/api-app.ts';
import { registerProjectCoreRoutes } from './projects.routes.ts';
import { registerProjectResourceRoutes } from './project-resources.routes.ts';
import { registerProjectSharingRoutes } from './sharing.routes.ts';

export function registerProjectRoutes(app: ApiApp): void {
  registerProjectCoreRoutes(app);
  registerProjectResourceRoutes(app);
  registerProjectSharingRoutes(app);
}
