/**
 * The results context's public entry: what other contexts may use of it (the viewer's assets and
 * the insights a share link opens). Another context imports from here, never a module inside: `npm
 * run lint` refuses a deep import (eslint.server-layers.js, ADR 28). Routes and the entry points
 * may still import any module.
 */
export { reportForExport } from './insights/reports.ts';
export { representInsights, type InsightRow } from './insights/represent.ts';
export { studyImageBytes } from './insights/study-images.ts';
export { publicScope } from './insights/visibility.ts';
export { assetView, type AssetRow } from './viewer/assets.ts';
