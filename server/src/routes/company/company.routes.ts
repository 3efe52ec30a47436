/** /api/company/id/{id}, /api/company, /api/company/users and /api/roles. Rules: services/company. */
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { paginate } from '../../http/pagination.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { PageQuery, answers, json, jsonBody, pathParams } from '@canopy/contract/common.ts';
import {
  CompanySchema,
  CompanyUserCreateSchema,
  CompanyUserPageSchema,
  CompanyUserSchema,
  CompanyUserUpdateSchema,
  OwnCompanySchema,
  RolePageSchema,
} from '@canopy/contract/company.ts';
import { companyById, ownCompany } from '../../contexts/accounts/company/company.ts';
import { createCompanyUser, listCompanyUsers, removeCompanyUser, updateCompanyUser } from '../../contexts/accounts/company/company-users.ts';
import { listRoles } from '../../contexts/accounts/company/catalogue.ts';

const tags = ['Company'];
const changeAnswers = { 400: answers[400], 401: answers[401], 403: answers[403], 404: answers[404] } as const;

export const companyByIdRoute = defineRoute('user', {
  method: 'get',
  path: '/api/company/id/{id}',
  tags,
  summary: "A company: the user's own, or one owning a project the user can see",
  request: { params: pathParams('id') },
  responses: { 200: json(CompanySchema, 'The company'), 401: answers[401], 404: answers[404] },
});

export const ownCompanyRoute = defineRoute('user', {
  method: 'get',
  path: '/api/company',
  tags,
  summary: "The user's company (404 for a user without one)",
  responses: { 200: json(OwnCompanySchema, 'The company'), 401: answers[401], 404: answers[404] },
});

export const companyUsersRoute = defineRoute('user', {
  method: 'get',
  path: '/api/company/users',
  tags,
  summary: "The company's users (every member may list them)",
  request: { query: PageQuery },
  responses: { 200: json(CompanyUserPageSchema, 'A page of users'), 401: answers[401], 404: answers[404] },
});

export const createCompanyUserRoute = defineRoute('user', {
  method: 'post',
  path: '/api/company/users',
  tags,
  summary: 'Add a user to the company (custom_auth.change_user); they are mailed a link to choose a password',
  request: { body: jsonBody(CompanyUserCreateSchema) },
  responses: { 201: json(CompanyUserSchema, 'Added'), ...changeAnswers },
});

export const updateCompanyUserRoute = defineRoute('user', {
  method: 'patch',
  path: '/api/company/users/{id}',
  tags,
  summary: "Change a user's role or subscription (custom_auth.change_user)",
  request: { params: pathParams('id'), body: jsonBody(CompanyUserUpdateSchema) },
  responses: { 200: json(CompanyUserSchema, 'Changed'), ...changeAnswers },
});

export const removeCompanyUserRoute = defineRoute('user', {
  method: 'delete',
  path: '/api/company/users/{id}',
  tags,
  summary: 'Remove a user from the company: detached and deactivated, nothing they made is deleted',
  request: { params: pathParams('id') },
  responses: { 204: { description: 'Removed' }, ...changeAnswers },
});

export const rolesRoute = defineRoute('user', {
  method: 'get',
  path: '/api/roles',
  tags,
  summary: 'The roles and the permission strings each holds',
  request: { query: PageQuery },
  responses: { 200: json(RolePageSchema, 'A page of roles'), 401: answers[401], 404: answers[404] },
});

export function registerCompanyCoreRoutes(app: ApiApp): void {
  app.openapi(companyByIdRoute, async (c) => c.json(await companyById(c.var.db, currentUser(c), pathId(c.req.valid('param').id)), 200));

  app.openapi(ownCompanyRoute, async (c) => c.json(await ownCompany(c.var.db, currentUser(c)), 200));

  app.openapi(companyUsersRoute, async (c) => c.json(await paginate(c, listCompanyUsers(c.var.db, currentUser(c))), 200));

  app.openapi(createCompanyUserRoute, async (c) => c.json(await createCompanyUser(c.var.db, c.var.deps, currentUser(c), c.req.valid('json')), 201));

  app.openapi(updateCompanyUserRoute, async (c) =>
    c.json(await updateCompanyUser(c.var.db, c.var.deps, currentUser(c), pathId(c.req.valid('param').id), c.req.valid('json')), 200),
  );

  app.openapi(removeCompanyUserRoute, async (c) => {
    await removeCompanyUser(c.var.db, currentUser(c), pathId(c.req.valid('param').id));
    return c.body(null, 204);
  });

  app.openapi(rolesRoute, async (c) => c.json(await paginate(c, listRoles(c.var.db)), 200));
}
