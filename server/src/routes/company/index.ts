/** Company administration: the company, users, roles, share groups, subscriptions, usage, prices. */
import type { ApiApp } from '../../http/api-app.ts';
import { registerCompanyCoreRoutes } from './company.routes.ts';
import { registerShareGroupRoutes } from './share-groups.routes.ts';
import { registerSubscriptionRoutes } from './subscriptions.routes.ts';

export function registerCompanyRoutes(app: ApiApp): void {
  registerCompanyCoreRoutes(app);
  registerShareGroupRoutes(app);
  registerSubscriptionRoutes(app);
}
