/** The signed-in user's shares, notifications, and the projects a user administers (/api/user/…). */
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { paginate } from '../../http/pagination.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { PageQuery, answers, json, jsonBody, pathParams } from '@canopy/contract/common.ts';
import { NotificationPageSchema, ProjectSharePageSchema, ProjectShareSchema, ShareAnswerSchema } from '@canopy/contract/sharing.ts';
import { AdministeredProjectPageSchema, AdministratorRemovalSchema } from '@canopy/contract/administrators.ts';
import { answerShare, listMyShares } from '../../contexts/accounts/sharing/my-shares.ts';
import { dismissNotification, listNotifications } from '../../contexts/accounts/sharing/notifications.ts';
import { administeredProjects, removeFromAdministeredProjects } from '../../contexts/accounts/administrators/administrators.ts';

const tags = ['User'];

export const pendingSharesRoute = defineRoute('user', {
  method: 'get',
  path: '/api/user/pending-project-shares',
  tags,
  summary: 'Shares waiting for my answer',
  request: { query: PageQuery },
  responses: { 200: json(ProjectSharePageSchema, 'A page of pending shares'), 401: answers[401], 404: answers[404] },
});

export const mySharesRoute = defineRoute('user', {
  method: 'get',
  path: '/api/user/project-shares',
  tags,
  summary: 'Every share made to me, whatever its status',
  request: { query: PageQuery },
  responses: { 200: json(ProjectSharePageSchema, 'A page of shares'), 401: answers[401], 404: answers[404] },
});

export const answerShareRoute = defineRoute('user', {
  method: 'post',
  path: '/api/user/project-shares/{id}',
  tags,
  summary: 'Accept or decline a share made to me',
  request: { params: pathParams('id'), body: jsonBody(ShareAnswerSchema) },
  responses: { 200: json(ProjectShareSchema, 'Answered'), 400: answers[400], 401: answers[401], 404: answers[404] },
});

export const notificationsRoute = defineRoute('user', {
  method: 'get',
  path: '/api/user/notifications',
  tags,
  summary: 'My notifications not yet dismissed, newest first',
  request: { query: PageQuery },
  responses: { 200: json(NotificationPageSchema, 'A page of notifications'), 401: answers[401], 404: answers[404] },
});

export const dismissNotificationRoute = defineRoute('user', {
  method: 'post',
  path: '/api/user/dismiss-notification/{id}',
  tags,
  summary: 'Dismiss one of my notifications (again is fine)',
  request: { params: pathParams('id') },
  responses: { 204: { description: 'Dismissed' }, 401: answers[401], 404: answers[404] },
});

export const adminProjectsRoute = defineRoute('user', {
  method: 'get',
  path: '/api/user/project-admin-projects/{user_id}',
  tags,
  summary: 'Projects a user administers (self, superuser, or a colleague with custom_auth.change_user: own company only)',
  request: { params: pathParams('user_id'), query: PageQuery },
  responses: { 200: json(AdministeredProjectPageSchema, 'A page of projects'), 401: answers[401], 403: answers[403], 404: answers[404] },
});

export const removeAdminProjectsRoute = defineRoute('user', {
  method: 'delete',
  path: '/api/user/project-admin-projects/{user_id}',
  tags,
  summary: 'Remove a user as administrator of every project in scope (creators stay administrators of their own)',
  request: { params: pathParams('user_id') },
  responses: { 200: json(AdministratorRemovalSchema, 'Removed'), 401: answers[401], 403: answers[403], 404: answers[404] },
});

export function registerUserRoutes(app: ApiApp): void {
  app.openapi(pendingSharesRoute, async (c) => c.json(await paginate(c, listMyShares(c.var.db, currentUser(c), 'pending')), 200));

  app.openapi(mySharesRoute, async (c) => c.json(await paginate(c, listMyShares(c.var.db, currentUser(c))), 200));

  app.openapi(answerShareRoute, async (c) =>
    c.json(
      await answerShare(c.var.db, currentUser(c), pathId(c.req.valid('param').id), c.req.valid('json').share_status, c.var.deps.clock.now(), c.var.deps.bus),
      200,
    ),
  );

  app.openapi(notificationsRoute, async (c) => c.json(await paginate(c, listNotifications(c.var.db, currentUser(c))), 200));

  app.openapi(dismissNotificationRoute, async (c) => {
    await dismissNotification(c.var.db, currentUser(c), pathId(c.req.valid('param').id), c.var.deps.clock.now());
    return c.body(null, 204);
  });

  app.openapi(adminProjectsRoute, async (c) =>
    c.json(await paginate(c, await administeredProjects(c.var.db, currentUser(c), pathId(c.req.valid('param').user_id))), 200),
  );

  app.openapi(removeAdminProjectsRoute, async (c) => {
    const removed = await removeFromAdministeredProjects(c.var.db, currentUser(c), pathId(c.req.valid('param').user_id));
    return c.json({ removed }, 200);
  });
}
