/** Weather: met sources, fetch-met-data, CSV download, panel summaries, wind profiles, bad stations. */
import type { ApiApp } from '../../http/api-app.ts';
import { registerMetSourceRoutes } from './met-sources.routes.ts';
import { registerWeatherDataRoutes } from './weather-data.routes.ts';
import { registerWeatherReferenceRoutes } from './reference.routes.ts';

export function registerWeatherRoutes(app: ApiApp): void {
  registerMetSourceRoutes(app);
  registerWeatherDataRoutes(app);
  registerWeatherReferenceRoutes(app);
}
