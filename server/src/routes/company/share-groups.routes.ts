/** /api/company/share-groups and their members. Rules: contexts/accounts/company/share-groups.ts. */
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { paginate } from '../../http/pagination.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { PageQuery, answers, json, jsonBody, pathParams } from '@canopy/contract/common.ts';
import {
  ShareGroupCreateSchema,
  ShareGroupMemberPageSchema,
  ShareGroupMembersAddSchema,
  ShareGroupMembershipSchema,
  ShareGroupPageSchema,
  ShareGroupSchema,
  ShareGroupUpdateSchema,
} from '@canopy/contract/share-groups.ts';
import {
  addShareGroupMembers,
  createShareGroup,
  deleteShareGroup,
  listShareGroupMembers,
  listShareGroups,
  removeShareGroupMember,
  updateShareGroup,
} from '../../contexts/accounts/company/share-groups.ts';

const tags = ['Company'];
const changeAnswers = { 400: answers[400], 401: answers[401], 403: answers[403], 404: answers[404] } as const;

export const listShareGroupsRoute = defineRoute('user', {
  method: 'get',
  path: '/api/company/share-groups',
  tags,
  summary: "The company's share groups",
  request: { query: PageQuery },
  responses: { 200: json(ShareGroupPageSchema, 'A page of groups'), 401: answers[401], 404: answers[404] },
});

export const createShareGroupRoute = defineRoute('user', {
  method: 'post',
  path: '/api/company/share-groups',
  tags,
  summary: 'Create a share group (custom_auth.change_sharegroup); as default it replaces the previous default',
  request: { body: jsonBody(ShareGroupCreateSchema) },
  responses: { 201: json(ShareGroupSchema, 'Created'), ...changeAnswers },
});

export const updateShareGroupRoute = defineRoute('user', {
  method: 'patch',
  path: '/api/company/share-groups/{id}',
  tags,
  summary: 'Rename a group or make it (or stop it being) the default for new projects',
  request: { params: pathParams('id'), body: jsonBody(ShareGroupUpdateSchema) },
  responses: { 200: json(ShareGroupSchema, 'Changed'), ...changeAnswers },
});

export const deleteShareGroupRoute = defineRoute('user', {
  method: 'delete',
  path: '/api/company/share-groups/{id}',
  tags,
  summary: 'Delete a share group (shares already made stay)',
  request: { params: pathParams('id') },
  responses: { 204: { description: 'Deleted' }, ...changeAnswers },
});

export const listMembersRoute = defineRoute('user', {
  method: 'get',
  path: '/api/company/share-groups/{id}/users',
  tags,
  summary: "A group's members",
  request: { params: pathParams('id'), query: PageQuery },
  responses: { 200: json(ShareGroupMemberPageSchema, 'A page of members'), 401: answers[401], 404: answers[404] },
});

export const addMembersRoute = defineRoute('user', {
  method: 'post',
  path: '/api/company/share-groups/{id}/users',
  tags,
  summary: 'Add users (ids of the company) to a group',
  request: { params: pathParams('id'), body: jsonBody(ShareGroupMembersAddSchema) },
  responses: { 200: json(ShareGroupMembershipSchema, 'Every member id'), ...changeAnswers },
});

export const removeMemberRoute = defineRoute('user', {
  method: 'delete',
  path: '/api/company/share-groups/{id}/users/{userId}',
  tags,
  summary: 'Remove a user from a group',
  request: { params: pathParams('id', 'userId') },
  responses: { 204: { description: 'Removed' }, ...changeAnswers },
});

export function registerShareGroupRoutes(app: ApiApp): void {
  app.openapi(listShareGroupsRoute, async (c) => c.json(await paginate(c, listShareGroups(c.var.db, currentUser(c))), 200));

  app.openapi(createShareGroupRoute, async (c) => c.json(await createShareGroup(c.var.db, currentUser(c), c.req.valid('json')), 201));

  app.openapi(updateShareGroupRoute, async (c) =>
    c.json(await updateShareGroup(c.var.db, currentUser(c), pathId(c.req.valid('param').id), c.req.valid('json')), 200),
  );

  app.openapi(deleteShareGroupRoute, async (c) => {
    await deleteShareGroup(c.var.db, currentUser(c), pathId(c.req.valid('param').id));
    return c.body(null, 204);
  });

  app.openapi(listMembersRoute, async (c) =>
    c.json(await paginate(c, await listShareGroupMembers(c.var.db, currentUser(c), pathId(c.req.valid('param').id))), 200),
  );

  app.openapi(addMembersRoute, async (c) =>
    c.json(await addShareGroupMembers(c.var.db, currentUser(c), pathId(c.req.valid('param').id), c.req.valid('json').users), 200),
  );

  app.openapi(removeMemberRoute, async (c) => {
    const { id, userId } = c.req.valid('param');
    await removeShareGroupMember(c.var.db, currentUser(c), pathId(id), pathId(userId));
    return c.body(null, 204);
  });
}
