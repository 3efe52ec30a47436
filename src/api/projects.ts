/**
 * Project calls (SPEC §7 "Projects"): the list with tabs, search, ordering and pages,
 * one project, create and update, favorites, service lines, parameter sets, and the project's
 * administrators. Types come from the server's contract (type-only), so an API change breaks the
 * type check here.
 */
import type { Project, ProjectCreate, ProjectOrdering, ProjectPage, ProjectTab, ProjectUpdate } from '@canopy/contract/projects.ts';
import type { ServiceLine } from '@canopy/contract/service-lines.ts';
import type { ParameterSet, SaveParameterSet, UpdateParameterSet } from '@canopy/contract/parameter-sets.ts';
import type { ProjectAdministrator } from '@canopy/contract/administrators.ts';
import type { ApiClient } from './client.ts';
import { fetchAllPages } from './pages.ts';

export interface ProjectPageRequest {
  tab: ProjectTab;
  search: string;
  ordering: ProjectOrdering;
  page: number;
  pageSize: number;
}

export function listProjects(api: ApiClient, request: ProjectPageRequest): Promise<ProjectPage> {
  const search = request.search.trim();
  return api<ProjectPage>('/api/project/', {
    query: {
      page: request.page,
      page_size: request.pageSize,
      ordering: request.ordering,
      ...(request.tab === 'all' ? {} : { tab: request.tab }),
      ...(search ? { search } : {}),
    },
  });
}

export function getProject(api: ApiClient, id: number): Promise<Project> {
  return api<Project>(`/api/project/${id}/`);
}

export function createProject(api: ApiClient, body: ProjectCreate): Promise<Project> {
  return api<Project>('/api/project/', { method: 'POST', body });
}

export function updateProject(api: ApiClient, id: number, body: ProjectUpdate): Promise<Project> {
  return api<Project>(`/api/project/${id}/`, { method: 'PATCH', body });
}

/** POST stars, DELETE unstars (SPEC §7). */
export async function setFavorite(api: ApiClient, projectId: number, favorite: boolean): Promise<void> {
  await api<unknown>(`/api/user/favorites/${projectId}/`, { method: favorite ? 'POST' : 'DELETE' });
}

export function listServiceLines(api: ApiClient): Promise<ServiceLine[]> {
  return fetchAllPages<ServiceLine>(api, '/api/service-line/');
}

export function saveParameterSet(api: ApiClient, projectId: number, body: SaveParameterSet): Promise<ParameterSet> {
  return api<ParameterSet>(`/api/project/${projectId}/save-parameter-set/`, { method: 'POST', body });
}

export function updateParameterSet(api: ApiClient, projectId: number, body: UpdateParameterSet): Promise<ParameterSet> {
  return api<ParameterSet>(`/api/project/${projectId}/update-parameter-set/`, { method: 'POST', body });
}

export async function deleteParameterSet(api: ApiClient, projectId: number, id: number): Promise<void> {
  await api<unknown>(`/api/project/${projectId}/delete-parameter-set/`, { method: 'POST', body: { id } });
}

export function listAdministrators(api: ApiClient, projectId: number): Promise<ProjectAdministrator[]> {
  return fetchAllPages<ProjectAdministrator>(api, `/api/project/${projectId}/project-administrator/`);
}

export function addAdministrator(api: ApiClient, projectId: number, userId: number): Promise<ProjectAdministrator> {
  return api<ProjectAdministrator>(`/api/project/${projectId}/project-administrator/${userId}/`, { method: 'POST' });
}

export async function removeAdministrator(api: ApiClient, projectId: number, userId: number): Promise<void> {
  await api<unknown>(`/api/project/${projectId}/project-administrator/${userId}/`, { method: 'DELETE' });
}
