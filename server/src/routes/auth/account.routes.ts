/** The signed-in user's agreement, onboarding questionnaire and permission lists. */
import { z } from '@hono/zod-openapi';
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { ApiError } from '../../http/errors.ts';
import { currentUser } from '../../http/authenticate.ts';
import { agreeToEula, pendingEula } from '../../contexts/accounts/auth/eula.ts';
import { answerQuestionnaire } from '../../contexts/accounts/auth/questionnaire.ts';
import { globalPermissions, isPermission, projectPermissions } from '../../contexts/accounts/auth/permissions.ts';
import { DetailSchema, errors, json, jsonBody, requiredString, unauthenticated } from './schemas.ts';

const EulaSchema = z
  .union([z.object({ id: z.number().int(), version: z.string(), title: z.string(), body: z.string(), published_at: z.string() }), z.object({}).strict()])
  .openapi('Eula', { description: 'The agreement the user still has to accept, or {} when there is none.' });

const QuestionnaireSchema = z
  .object({
    role: requiredString().max(200),
    organisation_type: requiredString().max(200),
    intended_use: requiredString().max(2000),
  })
  .openapi('QuestionnaireAnswers');

export const eulaRoute = defineRoute('user', {
  method: 'get',
  path: '/api/eula',
  tags: ['Account'],
  summary: 'The current end-user agreement, or {} when the user has accepted it',
  responses: { 200: json(EulaSchema, 'Agreement or {}'), 401: unauthenticated },
});

export const eulaAgreementRoute = defineRoute('user', {
  method: 'post',
  path: '/api/eula/{id}/agreement',
  tags: ['Account'],
  summary: 'Accept an end-user agreement',
  request: { params: z.object({ id: z.string() }) },
  responses: {
    201: json(z.object({ eula_id: z.number().int(), agreed_at: z.string() }).openapi('EulaAgreement'), 'Recorded'),
    401: unauthenticated,
    404: json(DetailSchema, 'No such agreement'),
  },
});

export const questionnaireRoute = defineRoute('user', {
  method: 'post',
  path: '/api/user/questionnaire-answers',
  tags: ['Account'],
  summary: 'Answer the onboarding questionnaire (once; a repeat keeps the first answers and returns 200)',
  request: { body: jsonBody(QuestionnaireSchema) },
  responses: {
    201: json(QuestionnaireSchema.extend({ answered_at: z.string() }), 'Answered'),
    200: json(QuestionnaireSchema.extend({ answered_at: z.string() }), 'Already answered'),
    400: errors[400],
    401: unauthenticated,
  },
});

export const permissionsRoute = defineRoute('user', {
  method: 'get',
  path: '/api/permissions',
  tags: ['Account'],
  summary: "The user's global permission strings (SPEC §6)",
  responses: { 200: json(z.array(z.string()), 'Permission strings'), 401: unauthenticated },
});

export const projectPermissionsRoute = defineRoute('user', {
  method: 'get',
  path: '/api/project-permissions',
  tags: ['Account'],
  summary: 'Per-project permissions: {project id: [permission, …]}, limited to the repeated user_permission values',
  request: {
    query: z.object({ user_permission: z.union([z.string(), z.array(z.string())]).optional() }),
  },
  responses: {
    200: json(z.record(z.string(), z.array(z.string())), 'Map of project id to permissions'),
    400: errors[400],
    401: unauthenticated,
  },
});

export function registerAccountRoutes(app: ApiApp): void {
  app.openapi(eulaRoute, async (c) => c.json(await pendingEula(c.var.db, currentUser(c).id, c.var.deps.clock.now()), 200));

  app.openapi(eulaAgreementRoute, async (c) => {
    const { id } = c.req.valid('param');
    if (!/^\d{1,9}$/.test(id)) throw ApiError.notFound();
    return c.json(await agreeToEula(c.var.db, currentUser(c).id, Number(id), c.var.deps.clock.now()), 201);
  });

  app.openapi(questionnaireRoute, async (c) => {
    const { created, answers } = await answerQuestionnaire(c.var.db, currentUser(c).id, c.req.valid('json'), c.var.deps.clock.now());
    return created ? c.json(answers, 201) : c.json(answers, 200);
  });

  app.openapi(permissionsRoute, async (c) => c.json(await globalPermissions(c.var.db, currentUser(c)), 200));

  app.openapi(projectPermissionsRoute, async (c) => {
    const wanted = c.req.queries('user_permission') ?? [];
    const unknown = wanted.filter((p) => !isPermission(p));
    if (unknown.length > 0) throw ApiError.fields({ user_permission: unknown.map((p) => `"${p}" is not a valid choice.`) });
    return c.json(await projectPermissions(c.var.db, currentUser(c), wanted.filter(isPermission)), 200);
  });
}
