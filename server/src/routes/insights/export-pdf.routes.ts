/**
 * POST /api/export-pdf/ (SPEC §7 Other): an insight or a report as application/pdf, named after the
 * report and its project (pdfFileName; it was downloaded.pdf for every export).
 */
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { currentUser } from '../../http/authenticate.ts';
import { answers, jsonBody } from '@canopy/contract/common.ts';
import { ExportPdfRequestSchema } from '@canopy/contract/insights.ts';
import { exportPdf } from '../../contexts/results/pdf/export.ts';

export const exportPdfRoute = defineRoute(
  'user',
  {
    method: 'post',
    path: '/api/export-pdf',
    tags: ['Insights'],
    summary: 'Render an insight or a report (exactly one of insight_id, report_id) as a PDF, A4 or Letter',
    request: { body: jsonBody(ExportPdfRequestSchema) },
    responses: {
      200: { description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
      400: answers[400],
      401: answers[401],
      404: answers[404],
    },
  },
  { body: 'pdf' },
);

/** An ASCII name for old clients, the exact one (RFC 6266 / RFC 5987) for the rest. */
function contentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

export function registerExportPdfRoutes(app: ApiApp): void {
  app.openapi(exportPdfRoute, async (c) => {
    const pdf = await exportPdf(c.var.deps, c.var.db, currentUser(c), c.req.valid('json'));
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', contentDisposition(pdf.fileName));
    c.header('Cache-Control', 'no-store');
    return c.body(pdf.bytes as Uint8Array<ArrayBuffer>, 200);
  });
}
