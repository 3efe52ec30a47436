/** The scenario routes: configuration CRUD, cost and approval, status, validation, remesh, QA report. */
import type { ApiApp } from '../../http/api-app.ts';
import { registerApprovalRoutes } from './approval.routes.ts';
import { registerCancelRoutes } from './cancel.routes.ts';
import { registerCapabilityRoutes } from './capabilities.routes.ts';
import { registerCfdEstimateRoutes } from './cfd-estimate.routes.ts';
import { registerConfigurationRoutes } from './configuration.routes.ts';
import { registerGeometryImportRoutes } from './geometry-import.routes.ts';
import { registerQaReportRoutes } from './qa-report.routes.ts';
import { registerRemeshRoutes } from './remesh.routes.ts';
import { registerSimulationRoutes } from './simulation.routes.ts';
import { registerValidationRoutes } from './validation.routes.ts';

export function registerScenarioRoutes(app: ApiApp): void {
  registerConfigurationRoutes(app);
  registerApprovalRoutes(app);
  registerValidationRoutes(app);
  registerSimulationRoutes(app);
  registerCancelRoutes(app);
  registerCapabilityRoutes(app);
  registerRemeshRoutes(app);
  registerGeometryImportRoutes(app);
  registerQaReportRoutes(app);
  registerCfdEstimateRoutes(app);
}
