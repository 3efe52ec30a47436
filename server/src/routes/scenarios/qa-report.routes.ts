/** GET /api/simulation/{id}/parameter-input-qa-report (SPEC §7 Other): every input of the simulation as a PDF. */
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { answers, pathParams } from '@canopy/contract/common.ts';
import { qaReport } from '../../contexts/results/pdf/qa-report.ts';

export const qaReportRoute = defineRoute('user', {
  method: 'get',
  path: '/api/simulation/{id}/parameter-input-qa-report',
  tags: ['Scenarios'],
  summary: 'Every input of the simulation (scenario, geometry files, weather, periods, loads, parameter sets, validation, approval, job settings) as a PDF',
  request: { params: pathParams('id') },
  responses: {
    200: { description: 'The PDF', content: { 'application/pdf': { schema: { type: 'string', format: 'binary' } } } },
    401: answers[401],
    404: answers[404],
  },
});

export function registerQaReportRoutes(app: ApiApp): void {
  app.openapi(qaReportRoute, async (c) => {
    const report = await qaReport(c.var.db, currentUser(c), pathId(c.req.valid('param').id));
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `attachment; filename="${report.filename}"`);
    c.header('Cache-Control', 'no-store');
    return c.body(report.bytes as Uint8Array<ArrayBuffer>, 200);
  });
}
