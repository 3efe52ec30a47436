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
