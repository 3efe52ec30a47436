/**
 * The permission lists the client merges into one map (API.md, SPEC §6). Global permissions are
 * those of the user's role; a superuser holds all of them.
 *
 * Per project, for now: the projects of the user's own company carry the user's role permissions
 * (a superuser holds every permission on every project). Shares and project administrators add
 * to this when the projects capability lands — it extends `projectPermissions`, not the route.
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../auth/authenticate.ts';
import { projects, rolePermissions } from '../../db/schema/index.ts';
import { PERMISSIONS, type Permission } from '../roles.ts';

export function isPermission(value: string): value is Permission {
  return (PERMISSIONS as readonly string[]).includes(value);
}

export async function globalPermissions(db: Db, user: AuthUser): Promise<Permission[]> {
  if (user.isSuperuser) return [...PERMISSIONS];
  if (user.roleId === null) return [];
  const rows = await db.select({ permission: rolePermissions.permission }).from(rolePermissions).where(eq(rolePermissions.roleId, user.roleId));
  const held = new Set(rows.map((r) => r.permission));
  // In the order of PERMISSIONS, so the answer is stable.
  return PERMISSIONS.filter((p) => held.has(p));
}

/** `{project id: [permission, …]}` restricted to `wanted` (all permissions when empty). */
export async function projectPermissions(db: Db, user: AuthUser, wanted: readonly Permission[]): Promise<Record<string, Permission[]>> {
  const asked = wanted.length > 0 ? PERMISSIONS.filter((p) => wanted.includes(p)) : [...PERMISSIONS];
  const held = new Set(await globalPermissions(db, user));
  const granted = asked.filter((p) => held.has(p));
  let ids: number[];
  if (user.isSuperuser) {
    ids = (await db.select({ id: projects.id }).from(projects).orderBy(projects.id)).map((r) => r.id);
  } else if (user.companyId !== null) {
    ids = (await db.select({ id: projects.id }).from(projects).where(inArray(projects.companyId, [user.companyId])).orderBy(projects.id)).map((r) => r.id);
  } else {
    ids = [];
  }
  return Object.fromEntries(ids.map((id) => [String(id), granted]));
}
