/** The scenario routes (issue 9): configuration CRUD, cost and approval, status, validation, remesh, QA report. */
import type { ApiApp } from '../../app.ts';
import { registerConfigurationRoutes } from './configuration.routes.ts';

export function registerScenarioRoutes(app: ApiApp): void {
  registerConfigurationRoutes(app);
}
