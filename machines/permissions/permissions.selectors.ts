/** Named readings of the permission map: may the user do this, globally or in this project? */
import type { SnapshotFrom } from 'xstate';
import { GLOBAL_SCOPE, type PermissionMap, type permissionsMachine } from './permissions.machine.ts';

type Snapshot = SnapshotFrom<typeof permissionsMachine>;

export type PermissionString =
  | 'projects.add_project'
  | 'projects.edit-all-company-projects'
  | 'projects.change_project'
  | 'projects.fetch-MET-manually'
  | 'simulation_assets.add_configuration'
  | 'simulation_assets.change_configuration'
  | 'custom_auth.change_user'
  | 'custom_auth.change_sharegroup'
  | 'projects.add_insight';

export const selectPermissionMap = (s: Snapshot): PermissionMap => s.context.map;
/** The installation's operator (superuser): the user menu offers the Operator screen. */
export const selectIsOperator = (s: Snapshot): boolean => s.context.operator;
export const selectPermissionsKnown = (s: Snapshot): boolean => s.matches('ready') || s.matches('refreshing');

/** Held globally (the role's list). */
export function can(map: PermissionMap, permission: PermissionString): boolean {
  return map[GLOBAL_SCOPE]?.includes(permission) ?? false;
}

/** Held for this project (the per-project list decides project actions). */
export function canInProject(map: PermissionMap, permission: PermissionString, projectId: number | string): boolean {
  return map[String(projectId)]?.includes(permission) ?? false;
}

export function selectCan(permission: PermissionString) {
  return (s: Snapshot): boolean => can(s.context.map, permission);
}

export function selectCanInProject(permission: PermissionString, projectId: number | string) {
  return (s: Snapshot): boolean => canInProject(s.context.map, permission, projectId);
}

/**
 * What the user may do in one project, read from the same per-project list the server narrows by
 * its own rules (server/src/contexts/accounts/auth/permissions.ts: the project-changing permissions hold
 * only where the user may change the project), so a read-only project shows no write control.
 */

/** Change the project, its files and its viewer state (the server's requireChangeableProject). */
export function selectMayChangeProject(projectId: number | string) {
  return (s: Snapshot): boolean => s.context.operator || canInProject(s.context.map, 'projects.change_project', projectId);
}

/** Fetch the nearest weather station for the project (server weather/fetch-met.ts: change the project, and hold fetch-MET-manually). */
export function selectMayFetchWeather(projectId: number | string) {
  return (s: Snapshot): boolean =>
    s.context.operator ||
    (canInProject(s.context.map, 'projects.fetch-MET-manually', projectId) && canInProject(s.context.map, 'projects.change_project', projectId));
}

/** Change insights, reports and images (server insights/visibility.ts: change the project, and hold add_insight). */
export function selectMayChangeInsights(projectId: number | string) {
  return (s: Snapshot): boolean =>
    s.context.operator || (canInProject(s.context.map, 'projects.add_insight', projectId) && canInProject(s.context.map, 'projects.change_project', projectId));
}

/**
 * Export the project (server/src/contexts/transfer/export.ts): the operator; else, not on a demo, an Org
 * Admin of the project's company (custom_auth.change_user holds on own-company projects only) or
 * the project's administrator — known here as its creator.
 */
export function selectMayExport(project: { id: number; is_demo?: boolean; created_by?: { id: number } | null } | null) {
  return (s: Snapshot): boolean => {
    if (!project) return false;
    if (s.context.operator) return true;
    if (project.is_demo) return false;
    return canInProject(s.context.map, 'custom_auth.change_user', project.id) || (s.context.userId !== null && project.created_by?.id === s.context.userId);
  };
}

/**
 * The avatar's initials (never a placeholder glyph): first and last name's
 * first letters, else the username's first two; '' until the session's user is known.
 */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s._-]+/)
    .filter(Boolean);
  if (words.length === 0) return '';
  const letters = words.length > 1 ? words[0]![0]! + words.at(-1)![0]! : words[0]!.slice(0, 2);
  return letters.toUpperCase();
}

export const selectInitials = (s: Snapshot): string => initialsOf(s.context.name);
export const selectUserName = (s: Snapshot): string => s.context.name;
