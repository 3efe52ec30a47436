/** Insights, drawings, pins, images, reports and PDF export (docs/insights.md). */
import type { ApiApp } from '../../http/api-app.ts';
import { registerInsightChildRoutes } from './children.routes.ts';
import { registerDrawingRoutes } from './drawings.routes.ts';
import { registerExportPdfRoutes } from './export-pdf.routes.ts';
import { registerInsightRoutes } from './insights.routes.ts';
import { registerInsightReferenceRoutes } from './reference.routes.ts';
import { registerReportRoutes } from './reports.routes.ts';
import { registerStudyImageRoutes } from './study-images.routes.ts';

export function registerInsightsRoutes(app: ApiApp): void {
  registerInsightRoutes(app);
  registerInsightChildRoutes(app);
  registerStudyImageRoutes(app);
  registerReportRoutes(app);
  registerDrawingRoutes(app);
  registerInsightReferenceRoutes(app);
  registerExportPdfRoutes(app);
}
