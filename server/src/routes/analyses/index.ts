/** Analysis routes: reference data (criteria, recipe defaults, colour legends), jobs, post-processing. */
import type { ApiApp } from '../../http/api-app.ts';
import { registerJobRoutes } from './jobs.routes.ts';
import { registerAnalysisReferenceRoutes } from './reference.routes.ts';

export function registerAnalysisRoutes(app: ApiApp): void {
  registerAnalysisReferenceRoutes(app);
  registerJobRoutes(app);
}
