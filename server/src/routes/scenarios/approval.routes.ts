/**
 * Cost and approval: GET …/study/{s}/configuration/{c}/user-approval/cost-breakdown (API.md keeps the
 * spec's fuller form) and POST …/configuration/{c}/user-approval (approve, debit once, submit).
 */
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { ApiError } from '../../http/errors.ts';
import { DetailSchema, answers, json, jsonBody, pathParams } from '@canopy/contract/common.ts';
import { CostBreakdownSchema, UserApprovalResultSchema, UserApprovalSchema } from '@canopy/contract/scenarios.ts';
import { requireSeeScenario, scenarioRow } from '../../contexts/scenarios/access.ts';
import { approveScenario } from '../../contexts/scenarios/approval.ts';
import { costBreakdown } from '../../contexts/scenarios/cost.ts';
import { capabilities } from '../../contexts/scenarios/capabilities.ts';

const tags = ['Scenarios'];

export const costBreakdownRoute = defineRoute('user', {
  method: 'get',
  path: '/api/project/{id}/study/{studyId}/configuration/{cid}/user-approval/cost-breakdown',
  tags,
  summary: 'What submitting the scenario would cost, line by line, against your subscription',
  request: { params: pathParams('id', 'studyId', 'cid') },
  responses: { 200: json(CostBreakdownSchema, 'The breakdown'), 401: answers[401], 404: answers[404] },
});

export const userApprovalRoute = defineRoute('user', {
  method: 'post',
  path: '/api/project/{id}/configuration/{cid}/user-approval',
  tags,
  summary: 'Approve the cost: debits your subscription once and submits the scenario (a retry replays, never debits again)',
  request: { params: pathParams('id', 'cid'), body: jsonBody(UserApprovalSchema) },
  responses: {
    200: json(UserApprovalResultSchema, 'Approved and submitted'),
    400: answers[400],
    401: answers[401],
    403: answers[403],
    404: answers[404],
    429: json(DetailSchema, "The company has used this month's analysis compute (the operator's limit)"),
  },
});

export function registerApprovalRoutes(app: ApiApp): void {
  app.openapi(costBreakdownRoute, async (c) => {
    const p = c.req.valid('param');
    const projectId = pathId(p.id);
    const user = currentUser(c);
    await requireSeeScenario(c.var.db, user, projectId);
    const config = await scenarioRow(c.var.db, projectId, pathId(p.cid));
    if (config.studyId !== pathId(p.studyId)) throw ApiError.notFound();
    return c.json(await costBreakdown(c.var.db, user, config, c.var.deps.clock.now(), capabilities(c.var.deps.config)), 200);
  });
  app.openapi(userApprovalRoute, async (c) => {
    const p = c.req.valid('param');
    return c.json(
      await approveScenario(c.var.deps, c.var.db, currentUser(c), { projectId: pathId(p.id), configurationId: pathId(p.cid) }, c.req.valid('json')),
      200,
    );
  });
}
