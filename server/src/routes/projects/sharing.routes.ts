/** Under /api/project/{id}/: project-share/, user-invite/ and project-administrator/. */
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { paginate } from '../../http/pagination.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { PageQuery, answers, json, jsonBody, pathParams } from '@canopy/contract/common.ts';
import {
  InviteCreateSchema,
  InviteSchema,
  ProjectSharePageSchema,
  ProjectShareSchema,
  ShareCreateSchema,
  ShareUpdateSchema,
} from '@canopy/contract/sharing.ts';
import { ProjectAdministratorPageSchema, ProjectAdministratorSchema } from '@canopy/contract/administrators.ts';
import { createProjectShare, deleteProjectShare, getProjectShare, listProjectShares, updateProjectShare } from '../../contexts/accounts/sharing/shares.ts';
import { createInvite } from '../../contexts/accounts/sharing/invites.ts';
import { addAdministrator, listAdministrators, removeAdministrator } from '../../contexts/accounts/administrators/administrators.ts';

const tags = ['Sharing'];
const seeAnswers = { 401: answers[401], 404: answers[404] } as const;
const changeAnswers = { 400: answers[400], 401: answers[401], 403: answers[403], 404: answers[404] } as const;

export const listSharesRoute = defineRoute('user', {
  method: 'get',
  path: '/api/project/{id}/project-share',
  tags,
  summary: "The project's shares",
  request: { params: pathParams('id'), query: PageQuery },
  responses: { 200: json(ProjectSharePageSchema, 'A page of shares'), ...seeAnswers },
});

export const createShareRoute = defineRoute('user', {
  method: 'post',
  path: '/api/project/{id}/project-share',
  tags,
  summary: 'Share the project with a user (pending until they accept); notifies them',
  request: { params: pathParams('id'), body: jsonBody(ShareCreateSchema) },
  responses: { 201: json(ProjectShareSchema, 'Shared'), ...changeAnswers },
});

export const getShareRoute = defineRoute('user', {
  method: 'get',
  path: '/api/project/{id}/project-share/{shareId}',
  tags,
  summary: 'One share of the project',
  request: { params: pathParams('id', 'shareId') },
  responses: { 200: json(ProjectShareSchema, 'The share'), ...seeAnswers },
});

export const updateShareRoute = defineRoute('user', {
  method: 'patch',
  path: '/api/project/{id}/project-share/{shareId}',
  tags,
  summary: 'Re-send a declined share (share_status "pending")',
  request: { params: pathParams('id', 'shareId'), body: jsonBody(ShareUpdateSchema) },
  responses: { 200: json(ProjectShareSchema, 'The share'), ...changeAnswers },
});

export const deleteShareRoute = defineRoute('user', {
  method: 'delete',
  path: '/api/project/{id}/project-share/{shareId}',
  tags,
  summary: 'Revoke a share',
  request: { params: pathParams('id', 'shareId') },
  responses: { 204: { description: 'Revoked' }, ...changeAnswers },
});

export const inviteRoute = defineRoute('user', {
  method: 'post',
  path: '/api/project/{id}/user-invite',
  tags,
  summary: "Invite an e-mail address into the inviter's company; mails a sign-up link",
  request: { params: pathParams('id'), body: jsonBody(InviteCreateSchema) },
  responses: { 201: json(InviteSchema, 'Invited'), ...changeAnswers },
});

export const listAdministratorsRoute = defineRoute('user', {
  method: 'get',
  path: '/api/project/{id}/project-administrator',
  tags,
  summary: "The project's administrators, creator first",
  request: { params: pathParams('id'), query: PageQuery },
  responses: { 200: json(ProjectAdministratorPageSchema, 'A page of administrators'), ...seeAnswers },
});

export const addAdministratorRoute = defineRoute('user', {
  method: 'post',
  path: '/api/project/{id}/project-administrator/{userId}',
  tags,
  summary: "Make a member of the project's company, or an accepted sharee, an administrator (201 new, 200 already)",
  request: { params: pathParams('id', 'userId') },
  responses: { 201: json(ProjectAdministratorSchema, 'Added'), 200: json(ProjectAdministratorSchema, 'Already one'), ...changeAnswers },
});

export const removeAdministratorRoute = defineRoute('user', {
  method: 'delete',
  path: '/api/project/{id}/project-administrator/{userId}',
  tags,
  summary: 'Remove an administrator (not the creator)',
  request: { params: pathParams('id', 'userId') },
  responses: { 204: { description: 'Removed' }, ...changeAnswers },
});

export function registerProjectSharingRoutes(app: ApiApp): void {
  app.openapi(listSharesRoute, async (c) => c.json(await paginate(c, await listProjectShares(c.var.db, currentUser(c), pathId(c.req.valid('param').id))), 200));

  app.openapi(createShareRoute, async (c) =>
    c.json(await createProjectShare(c.var.db, currentUser(c), pathId(c.req.valid('param').id), c.req.valid('json'), { deps: c.var.deps }), 201),
  );

  app.openapi(getShareRoute, async (c) => {
    const { id, shareId } = c.req.valid('param');
    return c.json(await getProjectShare(c.var.db, currentUser(c), pathId(id), pathId(shareId)), 200);
  });

  app.openapi(updateShareRoute, async (c) => {
    const { id, shareId } = c.req.valid('param');
    return c.json(await updateProjectShare(c.var.db, currentUser(c), pathId(id), pathId(shareId), c.req.valid('json'), c.var.deps.bus), 200);
  });

  app.openapi(deleteShareRoute, async (c) => {
    const { id, shareId } = c.req.valid('param');
    await deleteProjectShare(c.var.db, currentUser(c), pathId(id), pathId(shareId), c.var.deps.bus);
    return c.body(null, 204);
  });

  app.openapi(inviteRoute, async (c) =>
    c.json(await createInvite(c.var.db, c.var.deps, currentUser(c), pathId(c.req.valid('param').id), c.req.valid('json')), 201),
  );

  app.openapi(listAdministratorsRoute, async (c) =>
    c.json(await paginate(c, await listAdministrators(c.var.db, currentUser(c), pathId(c.req.valid('param').id))), 200),
  );

  app.openapi(addAdministratorRoute, async (c) => {
    const { id, userId } = c.req.valid('param');
    const { created, administrator } = await addAdministrator(c.var.db, currentUser(c), pathId(id), pathId(userId));
    return created ? c.json(administrator, 201) : c.json(administrator, 200);
  });

  app.openapi(removeAdministratorRoute, async (c) => {
    const { id, userId } = c.req.valid('param');
    await removeAdministrator(c.var.db, currentUser(c), pathId(id), pathId(userId));
    return c.body(null, 204);
  });
}
