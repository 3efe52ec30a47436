/**
 * The permission lists the client merges into one map (API.md, SPEC §6). Global permissions are
 * those of the user's role; a superuser holds all of them.
 *
 * Per project: every project the user can see (own company, administered, accepted shares, demos —
 * the rule of contexts/projects/access.ts) carries the role's permissions, narrowed to what holds
 * there: project-changing permissions only where the user may change the project, company-wide ones
 * only on the user's own company's projects. A superuser holds every permission on every project.
 */
import { asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { projects, rolePermissions } from '../../../db/schema/index.ts';
import { acceptedBy, acceptedToEditBy, administeredBy, decideAccess, visibleProjects } from '../../projects/index.ts';
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

/** Permissions that act on one project: they hold where the user may change it. */
const PROJECT_CHANGE: ReadonlySet<Permission> = new Set([
  'projects.change_project',
  'projects.fetch-MET-manually',
  'simulation_assets.add_configuration',
  'simulation_assets.change_configuration',
]);
/** Permissions over the user's company: they hold on its projects only. */
const COMPANY_WIDE: ReadonlySet<Permission> = new Set([
  'projects.add_project',
  'projects.edit-all-company-projects',
  'custom_auth.change_user',
  'custom_auth.change_sharegroup',
]);

/** `{project id: [permission, …]}` restricted to `wanted` (all permissions when empty). */
export async function projectPermissions(db: Db, user: AuthUser, wanted: readonly Permission[]): Promise<Record<string, Permission[]>> {
  const asked = wanted.length > 0 ? PERMISSIONS.filter((p) => wanted.includes(p)) : [...PERMISSIONS];
  const held = new Set(await globalPermissions(db, user));
  const granted = asked.filter((p) => held.has(p));
  if (user.isSuperuser) {
    const ids = (await db.select({ id: projects.id }).from(projects).orderBy(projects.id)).map((r) => r.id);
    return Object.fromEntries(ids.map((id) => [String(id), granted]));
  }
  const rows = await db
    .select({
      id: projects.id,
      companyId: projects.companyId,
      isDemo: projects.isDemo,
      createdBy: projects.createdBy,
      isAdministrator: administeredBy(user.id).mapWith(Boolean),
      accepted: acceptedBy(user.id).mapWith(Boolean),
      acceptedToEdit: acceptedToEditBy(user.id).mapWith(Boolean),
    })
    .from(projects)
    .where(visibleProjects(user))
    .orderBy(asc(projects.id));
  return Object.fromEntries(
    rows.map((row) => {
      const isCompanyMember = user.companyId !== null && row.companyId === user.companyId;
      const { canChange } = decideAccess({
        isSuperuser: false,
        isDemo: row.isDemo,
        isCompanyMember,
        isAdministrator: row.isAdministrator || row.createdBy === user.id,
        accepted: row.accepted,
        acceptedToEdit: row.acceptedToEdit,
        permissions: held,
      });
      const here = granted.filter((p) => {
        if (PROJECT_CHANGE.has(p)) return canChange;
        if (COMPANY_WIDE.has(p)) return isCompanyMember;
        // projects.add_insight: writers are the project's company, or whoever may change it (SPEC §6).
        return isCompanyMember || canChange;
      });
      return [String(row.id), here];
    }),
  );
}
