/**
 * Reports of a study (SPEC §3, §7): GET (list), POST, GET/PUT/DELETE by id under
 * /api/project/{id}/study/{studyId}/report. A report answers with its ordered report views; PUT with
 * `report_view_order` reorders them. Draft reports, and views of Draft insights, are answered only to
 * those who may see drafts.
 */
import { z } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { answers, json, jsonBody, pathParams } from '@canopy/contract/common.ts';
import { ReportCreateSchema, ReportSchema, ReportUpdateSchema } from '@canopy/contract/insights.ts';
import { createReport, deleteReport, getProjectReport, getReport, listReports, updateReport } from '../../contexts/results/insights/reports.ts';

const tags = ['Reports'];
const base = '/api/project/{id}/study/{studyId}/report';
const seeAnswers = { 401: answers[401], 404: answers[404] };
const changeAnswers = { 400: answers[400], 401: answers[401], 403: answers[403], 404: answers[404] };

export const listReportsRoute = defineRoute('user', {
  method: 'get',
  path: base,
  tags,
  summary: "The study's reports the user may see",
  request: { params: pathParams('id', 'studyId') },
  responses: { 200: json(z.array(ReportSchema), 'Reports'), ...seeAnswers },
});

export const createReportRoute = defineRoute(
  'user',
  {
    method: 'post',
    path: base,
    tags,
    summary: 'Add a report (Draft by default; cover defaults from the project and the author)',
    request: { params: pathParams('id', 'studyId'), body: jsonBody(ReportCreateSchema) },
    responses: { 201: json(ReportSchema, 'Created'), ...changeAnswers },
  },
  { body: 'document' },
);

export const getReportRoute = defineRoute('user', {
  method: 'get',
  path: `${base}/{reportId}`,
  tags,
  summary: 'One report with its ordered report views',
  request: { params: pathParams('id', 'studyId', 'reportId') },
  responses: { 200: json(ReportSchema, 'The report'), ...seeAnswers },
});

export const updateReportRoute = defineRoute(
  'user',
  {
    method: 'put',
    path: `${base}/{reportId}`,
    tags,
    summary: 'Change a report: title, status, page size, cover fields, or the order of its views',
    request: { params: pathParams('id', 'studyId', 'reportId'), body: jsonBody(ReportUpdateSchema) },
    responses: { 200: json(ReportSchema, 'Updated'), ...changeAnswers },
  },
  { body: 'document' },
);

export const deleteReportRoute = defineRoute('user', {
  method: 'delete',
  path: `${base}/{reportId}`,
  tags,
  summary: 'Delete a report (its views; the insights and images stay)',
  request: { params: pathParams('id', 'studyId', 'reportId') },
  responses: { 204: { description: 'Deleted' }, ...changeAnswers },
});

export const getProjectReportRoute = defineRoute('user', {
  method: 'get',
  path: '/api/project/{id}/report/{reportId}',
  tags,
  summary: "One report found by the project alone (the report page's route names no study); carries study_id",
  request: { params: pathParams('id', 'reportId') },
  responses: { 200: json(ReportSchema, 'The report'), ...seeAnswers },
});

const studyIds = (p: { id: string; studyId: string }) => ({ projectId: pathId(p.id), studyId: pathId(p.studyId) });

export function registerReportRoutes(app: ApiApp): void {
  app.openapi(listReportsRoute, async (c) => c.json(await listReports(c.var.db, currentUser(c), studyIds(c.req.valid('param'))), 200));
  app.openapi(createReportRoute, async (c) =>
    c.json(await createReport(c.var.db, currentUser(c), studyIds(c.req.valid('param')), c.req.valid('json'), c.var.deps.clock.now()), 201),
  );
  app.openapi(getReportRoute, async (c) => {
    const p = c.req.valid('param');
    return c.json(await getReport(c.var.db, currentUser(c), studyIds(p), pathId(p.reportId)), 200);
  });
  app.openapi(updateReportRoute, async (c) => {
    const p = c.req.valid('param');
    return c.json(await updateReport(c.var.db, currentUser(c), studyIds(p), pathId(p.reportId), c.req.valid('json')), 200);
  });
  app.openapi(getProjectReportRoute, async (c) => {
    const p = c.req.valid('param');
    return c.json(await getProjectReport(c.var.db, currentUser(c), pathId(p.id), pathId(p.reportId)), 200);
  });
  app.openapi(deleteReportRoute, async (c) => {
    const p = c.req.valid('param');
    await deleteReport(c.var.db, currentUser(c), studyIds(p), pathId(p.reportId));
    return c.body(null, 204);
  });
}
