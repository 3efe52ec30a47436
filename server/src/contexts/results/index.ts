/**
 * The results context's public entry (the viewer's assets and scopes, insights for share links, the PDF writer): what other contexts may use of it.
 * Another context imports from here, never from a module inside; `npm run lint` refuses a deep
 * import (eslint.server-layers.js, ADR 28). Routes and entry points may still reach inside.
 */
export { reportForExport } from './insights/reports.ts';
export { representInsights, type InsightRow } from './insights/represent.ts';
export { studyImageBytes } from './insights/study-images.ts';
export { publicScope } from './insights/visibility.ts';
export { loadFonts } from './pdf/fonts.ts';
export { PdfWriter } from './pdf/writer.ts';
export { assetView, type AssetRow } from './viewer/assets.ts';
export { requireConfigurationSimulation } from './viewer/scope.ts';
