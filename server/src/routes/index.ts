/** Registers every route group. A new group adds one line here and its rows in server/test/authz/matrix.ts. */
import type { ApiApp } from '../http/api-app.ts';
import { registerHealthRoutes } from './health/health.routes.ts';
import { registerMetaRoutes } from './meta/meta.routes.ts';
import { registerAuthRoutes } from './auth/index.ts';
import { registerReferenceRoutes } from './reference/reference.routes.ts';
import { registerRealtimeRoutes } from './realtime/socket.routes.ts';
import { registerUploadRoutes } from './uploads/index.ts';
import { registerWeatherRoutes } from './weather/index.ts';
import { registerSurroundsRoutes } from './surrounds/surrounds.routes.ts';
import { registerSiteRoutes } from './site/site.routes.ts';
import { registerAnalysisRoutes } from './analyses/index.ts';
import { registerProjectRoutes } from './projects/index.ts';
import { registerUserRoutes } from './user/user.routes.ts';
import { registerCompanyRoutes } from './company/index.ts';
import { registerViewerRoutes } from './viewer/index.ts';
import { registerScenarioRoutes } from './scenarios/index.ts';
import { registerInsightsRoutes } from './insights/index.ts';
import { registerOperatorRoutes } from './operator/operator.routes.ts';
import { registerProjectTransferRoutes } from './project-transfer/index.ts';
import { registerCriteriaRoutes } from './criteria/criteria.routes.ts';
import { registerShareLinksRoutes } from './share-links/index.ts';

export function registerRoutes(app: ApiApp): void {
  registerHealthRoutes(app);
  registerMetaRoutes(app);
  registerAuthRoutes(app);
  registerReferenceRoutes(app);
  registerRealtimeRoutes(app);
  registerUploadRoutes(app);
  registerWeatherRoutes(app);
  registerSurroundsRoutes(app);
  registerSiteRoutes(app);
  registerAnalysisRoutes(app);
  registerProjectRoutes(app);
  registerUserRoutes(app);
  registerCompanyRoutes(app);
  registerViewerRoutes(app);
  registerScenarioRoutes(app);
  registerInsightsRoutes(app);
  registerOperatorRoutes(app);
  registerProjectTransferRoutes(app);
  registerCriteriaRoutes(app);
  registerShareLinksRoutes(app);
}
