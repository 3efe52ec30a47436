/**
 * Who may see and who may change a project (docs/authorization.md). Every object route under a
 * project asks here first: cannot see → 404, can see but not change → 403.
 *
 * See: a superuser; anyone signed in for a demo project; a member of the project's company; a project
 * administrator (the creator is one); a user the project is shared with, once they accepted.
 * Change: a superuser; never a demo project otherwise; with `projects.edit-all-company-projects`, any
 * project of the user's company; with `projects.change_project`, a project the user administers or
 * that is shared with them (accepted) at the `edit` level — a `view` share reads only.
 */
import { eq, exists, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../kernel/auth-user.ts';
import { projectAdministrators, projectShares, projects, rolePermissions } from '../../db/schema/index.ts';
import { DomainError } from '../../kernel/domain-errors.ts';
import { prepared } from '../../db/prepared.ts';
import { PERMISSIONS, type Permission } from '../accounts/index.ts';

export interface ProjectAccess {
  projectId: number;
  companyId: number | null;
  isDemo: boolean;
  canSee: boolean;
  canChange: boolean;
  isAdministrator: boolean;
  isCompanyMember: boolean;
  shareStatus: 'pending' | 'accepted' | 'declined' | null;
  /** The level of the user's share of this project, when there is one. */
  shareAccess: 'view' | 'edit' | null;
  permissions: ReadonlySet<Permission>;
}

/** What decides access to one project; `decideAccess` is the rule, `visibleProjects` its SQL form for lists. */
export interface AccessFacts {
  isSuperuser: boolean;
  isDemo: boolean;
  isCompanyMember: boolean;
  isAdministrator: boolean;
  accepted: boolean;
  /** The accepted share allows changes (`edit` level); a `view` share only lets the user see. */
  acceptedToEdit: boolean;
  permissions: ReadonlySet<Permission>;
}

export function decideAccess(f: AccessFacts): { canSee: boolean; canChange: boolean } {
  const canSee = f.isSuperuser || f.isDemo || f.isCompanyMember || f.isAdministrator || f.accepted;
  const canChange =
    f.isSuperuser ||
    (!f.isDemo &&
      ((f.isCompanyMember && f.permissions.has('projects.edit-all-company-projects')) ||
        (f.permissions.has('projects.change_project') && (f.isAdministrator || f.acceptedToEdit))));
  return { canSee, canChange };
}

/**
 * `canSee` as a condition over `projects` (undefined: every project, for superusers). Kept beside
 * `decideAccess` so the two cannot drift apart; access.test.ts checks they agree for every role.
 */
export function visibleProjects(user: AuthUser, bind?: { userId: Param; companyId: Param }): SQL | undefined {
  if (user.isSuperuser) return undefined;
  // `bind`: the user's ids as placeholders, for a prepared statement (list.ts); the rule is the same.
  const userId = bind?.userId ?? user.id;
  return or(
    eq(projects.isDemo, true),
    user.companyId !== null ? eq(projects.companyId, bind?.companyId ?? user.companyId) : undefined,
    eq(projects.createdBy, userId),
    administeredBy(userId),
    acceptedBy(userId),
  );
}

/** A user id as a value, or a placeholder of a prepared statement. */
export type Param = number | Placeholder;

/** Projects `userId` administers by an explicit row (the creator counts too: see `visibleProjects`). */
export function administeredBy(userId: Param): SQL {
  return exists(
    sql`(select 1 from ${projectAdministrators} where ${projectAdministrators.projectId} = ${projects.id} and ${projectAdministrators.userId} = ${userId})`,
  );
}

/** Projects shared with `userId` who accepted. */
export function acceptedBy(userId: Param): SQL {
  return exists(
    sql`(select 1 from ${projectShares} where ${projectShares.projectId} = ${projects.id} and ${projectShares.userId} = ${userId} and ${projectShares.shareStatus} = 'accepted')`,
  );
}

/** Projects shared with `userId` who accepted, at the level that allows changes. */
export function acceptedToEditBy(userId: number): SQL {
  return exists(
    sql`(select 1 from ${projectShares} where ${projectShares.projectId} = ${projects.id} and ${projectShares.userId} = ${userId} and ${projectShares.shareStatus} = 'accepted' and ${projectShares.accessLevel} = 'edit')`,
  );
}

/** projects.id, qualified: drizzle writes bare column names in a one-table select, which a subquery would read as its own. */
const outerProjectId = sql.raw('"projects"."id"');

/**
 * The columns access is decided on, for the project of the statement they are selected in (its
 * `"projects"` row): its company, demo flag and creator, whether the user administers it, their
 * share's status and level, and their role's permissions. `projectAccess` reads them in one prepared
 * statement (it runs first on every project route: one statement instead of four matters on the
 * embedded database and under load); statements that must decide access in the same round trip as
 * what they read (the project detail) select them beside it. Placeholders: userId, roleId.
 */
export const accessColumns = {
  accessProjectId: projects.id,
  accessCompanyId: projects.companyId,
  accessIsDemo: projects.isDemo,
  accessCreatedBy: projects.createdBy,
  accessAdmin:
    sql<boolean>`exists (select 1 from ${projectAdministrators} where ${projectAdministrators.projectId} = ${outerProjectId} and ${projectAdministrators.userId} = ${sql.placeholder('userId')})`.mapWith(
      Boolean,
    ),
  accessShareStatus: sql<
    ProjectAccess['shareStatus']
  >`(select ${projectShares.shareStatus} from ${projectShares} where ${projectShares.projectId} = ${outerProjectId} and ${projectShares.userId} = ${sql.placeholder('userId')})`,
  accessShareLevel: sql<
    ProjectAccess['shareAccess']
  >`(select ${projectShares.accessLevel} from ${projectShares} where ${projectShares.projectId} = ${outerProjectId} and ${projectShares.userId} = ${sql.placeholder('userId')})`,
  accessRolePermissions: sql<
    string[] | null
  >`(select array_agg(${rolePermissions.permission}) from ${rolePermissions} where ${rolePermissions.roleId} = ${sql.placeholder('roleId')})`,
};

/** A row carrying `accessColumns`. */
export interface AccessRow {
  accessProjectId: number;
  accessCompanyId: number | null;
  accessIsDemo: boolean;
  accessCreatedBy: number | null;
  accessAdmin: boolean;
  accessShareStatus: ProjectAccess['shareStatus'];
  accessShareLevel: ProjectAccess['shareAccess'];
  accessRolePermissions: string[] | null;
}

/** The values of `accessColumns`' placeholders for `user`. */
export function accessValues(user: AuthUser): { userId: number; roleId: number } {
  return { userId: user.id, roleId: user.roleId ?? 0 };
}

function accessStatement(db: Db) {
  return prepared(db, 'project_access_v2', (d, name) =>
    d
      .select(accessColumns)
      .from(projects)
      .where(eq(projects.id, sql.placeholder('projectId')))
      .prepare(name),
  );
}

export async function projectAccess(db: Db, user: AuthUser, projectId: number): Promise<ProjectAccess | null> {
  if (!Number.isSafeInteger(projectId) || projectId <= 0) return null;
  const [row] = await accessStatement(db).execute({ projectId, ...accessValues(user) });
  return row ? accessFrom(user, row) : null;
}

/** The user's access to the project of `row`, decided by `decideAccess` on its facts. */
export function accessFrom(user: AuthUser, row: AccessRow): ProjectAccess {
  // As globalPermissions answers them: every one for a superuser, the role's otherwise.
  const held = new Set(row.accessRolePermissions ?? []);
  const permissionList = user.isSuperuser ? [...PERMISSIONS] : user.roleId === null ? [] : PERMISSIONS.filter((p) => held.has(p));
  const share = row.accessShareStatus === null ? undefined : { status: row.accessShareStatus, accessLevel: row.accessShareLevel };
  const permissions = new Set(permissionList);
  const isAdministrator = Boolean(row.accessAdmin) || row.accessCreatedBy === user.id;
  const isCompanyMember = user.companyId !== null && user.companyId === row.accessCompanyId;
  const accepted = share?.status === 'accepted';
  const { canSee, canChange } = decideAccess({
    isSuperuser: user.isSuperuser,
    isDemo: row.accessIsDemo,
    isCompanyMember,
    isAdministrator,
    accepted,
    acceptedToEdit: accepted && share?.accessLevel === 'edit',
    permissions,
  });
  return {
    projectId: row.accessProjectId,
    companyId: row.accessCompanyId,
    isDemo: row.accessIsDemo,
    canSee,
    canChange,
    isAdministrator,
    isCompanyMember,
    shareStatus: share?.status ?? null,
    shareAccess: share?.accessLevel ?? null,
    permissions,
  };
}

/** The project's access for a user who must see it; 404 otherwise (never reveals that it exists). */
export async function requireVisibleProject(db: Db, user: AuthUser, projectId: number): Promise<ProjectAccess> {
  const access = await projectAccess(db, user, projectId);
  if (!access?.canSee) throw DomainError.notFound();
  return access;
}

/** The project's access for a user who must change it: 404 when unseen, 403 when read-only. */
export async function requireChangeableProject(db: Db, user: AuthUser, projectId: number): Promise<ProjectAccess> {
  const access = await requireVisibleProject(db, user, projectId);
  if (!access.canChange) throw DomainError.forbidden();
  return access;
}
