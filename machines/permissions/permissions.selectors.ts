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
 * The avatar's initials (issue 16 item 14: it showed a placeholder glyph): first and last name's
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
