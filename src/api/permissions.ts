/**
 * The user's permission lists (SPEC §6, §7): GET /api/permissions/ (global strings) and
 * GET /api/project-permissions/ with repeated `user_permission` (project id → strings).
 */
import type { ApiClient } from './client.ts';

/** Every permission string of SPEC §6. */
export const PERMISSION_STRINGS = [
  'projects.add_project',
  'projects.edit-all-company-projects',
  'projects.change_project',
  'projects.fetch-MET-manually',
  'simulation_assets.add_configuration',
  'simulation_assets.change_configuration',
  'custom_auth.change_user',
  'custom_auth.change_sharegroup',
  'projects.add_insight',
] as const;

export function fetchGlobalPermissions(api: ApiClient): Promise<string[]> {
  return api<string[]>('/api/permissions/');
}

export function fetchProjectPermissions(api: ApiClient, wanted: readonly string[] = PERMISSION_STRINGS): Promise<Record<string, string[]>> {
  return api<Record<string, string[]>>('/api/project-permissions/', { query: { user_permission: [...wanted] } });
}
