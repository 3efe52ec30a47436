/** GET/POST /api/project/, GET/PATCH /api/project/{id}/, favorites and service lines. Rules live in services/projects. */
import type { ApiApp } from '../../http/api-app.ts';
import { defineRoute } from '../../http/route.ts';
import { paginatedJson, type Page } from '../../http/pagination.ts';
import { pathId } from '../../http/params.ts';
import { currentUser } from '../../http/authenticate.ts';
import { snapshotCachedJson, snapshotCachedText } from '../../http/snapshot-cache.ts';
import { answers, json, jsonBody, pathParams } from '@canopy/contract/common.ts';
import {
  type ProjectSummary,
  FavoriteSchema,
  ProjectCreateSchema,
  ProjectListQuery,
  ProjectPageSchema,
  ProjectSchema,
  ProjectUpdateSchema,
} from '@canopy/contract/projects.ts';
import { listProjects } from '../../contexts/projects/list.ts';
import { projectDetail } from '../../contexts/projects/detail.ts';
import { createProject, updateProject } from '../../contexts/projects/edit.ts';
import { addFavorite, removeFavorite } from '../../contexts/projects/favorites.ts';

const tags = ['Projects'];

export const listProjectsRoute = defineRoute('user', {
  method: 'get',
  path: '/api/project',
  tags,
  summary: 'Projects the user can see: tab, search, ordering, paged',
  request: { query: ProjectListQuery },
  responses: { 200: json(ProjectPageSchema, 'A page of projects'), 400: answers[400], 401: answers[401], 404: answers[404] },
});

export const createProjectRoute = defineRoute('user', {
  method: 'post',
  path: '/api/project',
  tags,
  summary: "Create a project in the user's company (projects.add_project); it gets its first study and the default share group",
  request: { body: jsonBody(ProjectCreateSchema) },
  responses: { 201: json(ProjectSchema, 'Created'), 400: answers[400], 401: answers[401], 403: answers[403] },
});

export const getProjectRoute = defineRoute('user', {
  method: 'get',
  path: '/api/project/{id}',
  tags,
  summary: 'One project with its studies, parameter sets and files',
  request: { params: pathParams('id') },
  responses: { 200: json(ProjectSchema, 'The project'), 401: answers[401], 404: answers[404] },
});

export const updateProjectRoute = defineRoute('user', {
  method: 'patch',
  path: '/api/project/{id}',
  tags,
  summary: 'Change a project (demo projects: superusers only)',
  request: { params: pathParams('id'), body: jsonBody(ProjectUpdateSchema) },
  responses: { 200: json(ProjectSchema, 'Changed'), 400: answers[400], 401: answers[401], 403: answers[403], 404: answers[404] },
});

export const addFavoriteRoute = defineRoute('user', {
  method: 'post',
  path: '/api/user/favorites/{id}',
  tags,
  summary: 'Star a project (201 when new, 200 when it already was)',
  request: { params: pathParams('id') },
  responses: { 201: json(FavoriteSchema, 'Starred'), 200: json(FavoriteSchema, 'Already starred'), 401: answers[401], 404: answers[404] },
});

export const removeFavoriteRoute = defineRoute('user', {
  method: 'delete',
  path: '/api/user/favorites/{id}',
  tags,
  summary: 'Unstar a project (204 also when it was not starred)',
  request: { params: pathParams('id') },
  responses: { 204: { description: 'Not starred' }, 401: answers[401], 404: answers[404] },
});

export function registerProjectCoreRoutes(app: ApiApp): void {
  app.openapi(listProjectsRoute, async (c) => {
    const { search, tab, ordering } = c.req.valid('query');
    return snapshotCachedText<Page<ProjectSummary>>(c, () => paginatedJson(c, listProjects(c.get('db'), currentUser(c), { search, tab, ordering })));
  });

  app.openapi(createProjectRoute, async (c) => c.json(await createProject(c.var.deps, c.var.db, currentUser(c), c.req.valid('json')), 201));

  app.openapi(getProjectRoute, (c) => snapshotCachedJson(c, () => projectDetail(c.get('db'), currentUser(c), pathId(c.req.valid('param').id))));

  app.openapi(updateProjectRoute, async (c) =>
    c.json(await updateProject(c.var.db, currentUser(c), pathId(c.req.valid('param').id), c.req.valid('json')), 200),
  );

  app.openapi(addFavoriteRoute, async (c) => {
    const projectId = pathId(c.req.valid('param').id);
    const { created } = await addFavorite(c.var.db, currentUser(c), projectId);
    const body = { project_id: projectId, is_favorite: true };
    return created ? c.json(body, 201) : c.json(body, 200);
  });

  app.openapi(removeFavoriteRoute, async (c) => {
    await removeFavorite(c.var.db, currentUser(c), pathId(c.req.valid('param').id));
    return c.body(null, 204);
  });
}
