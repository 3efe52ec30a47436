/** The results viewer's routes: study results and state, project tags and assets, reference data, ingestion, zones. */
import type { ApiApp } from '../../http/api-app.ts';
import { registerViewerIngestRoutes } from './ingest.routes.ts';
import { registerViewerProjectRoutes } from './project.routes.ts';
import { registerViewerReferenceRoutes } from './reference.routes.ts';
import { registerViewerStudyRoutes } from './study.routes.ts';
import { registerReclassifiedRoutes } from './reclassified.routes.ts';
import { registerZoneRoutes } from './zones.routes.ts';

export function registerViewerRoutes(app: ApiApp): void {
  registerViewerStudyRoutes(app);
  registerViewerProjectRoutes(app);
  registerViewerReferenceRoutes(app);
  registerViewerIngestRoutes(app);
  registerReclassifiedRoutes(app);
  registerZoneRoutes(app);
}
