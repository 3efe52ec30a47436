/**
 * Project administrators. The creator always is one (access.ts), so the list shows them first and
 * they cannot be removed. Only people who already reach the project — members of its company or
 * users who accepted a share — can be made administrators: being made one must not become a way to
 * hand a stranger a project.
 */
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { projectAdministrators, projectShares, projects, users } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import { listOf, type ListQuery } from '../../../kernel/list-query.ts';
import type { AdministeredProject, ProjectAdministrator } from '@canopy/contract/administrators.ts';
import { displayName } from '../users/names.ts';
import { hasPermission } from '../company/guards.ts';
import { requireChangeableProject, requireVisibleProject } from '../../projects/index.ts';

export const NOT_ELIGIBLE = "This user is not a member of the project's company and has not accepted a share of it.";
export const CREATOR_STAYS = "The project's creator is always an administrator.";

const person = { id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, email: users.email };

export async function listAdministrators(db: Db, user: AuthUser, projectId: number): Promise<ListQuery<ProjectAdministrator>> {
  await requireVisibleProject(db, user, projectId);
  return listOf(await administratorsOf(db, projectId));
}

async function administratorsOf(db: Db, projectId: number): Promise<ProjectAdministrator[]> {
  const [project] = await db.select({ createdBy: projects.createdBy }).from(projects).where(eq(projects.id, projectId));
  const rows = await db
    .select({ ...person, addedBy: projectAdministrators.addedBy, createdAt: projectAdministrators.createdAt })
    .from(projectAdministrators)
    .innerJoin(users, eq(users.id, projectAdministrators.userId))
    .where(eq(projectAdministrators.projectId, projectId))
    .orderBy(asc(projectAdministrators.createdAt), asc(users.id));
  const list: ProjectAdministrator[] = [];
  const creatorId = project?.createdBy ?? null;
  if (creatorId !== null) {
    const [creator] = await db.select(person).from(users).where(eq(users.id, creatorId));
    const row = rows.find((r) => r.id === creatorId);
    if (creator) {
      list.push({
        id: creator.id,
        username: creator.username,
        name: displayName(creator),
        email: creator.email,
        is_creator: true,
        added_by: row?.addedBy ?? null,
        created: row?.createdAt.toISOString() ?? null,
      });
    }
  }
  for (const r of rows) {
    if (r.id === creatorId) continue;
    list.push({
      id: r.id,
      username: r.username,
      name: displayName(r),
      email: r.email,
      is_creator: false,
      added_by: r.addedBy,
      created: r.createdAt.toISOString(),
    });
  }
  return list;
}

async function eligible(db: Db, projectCompanyId: number | null, projectId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.isActive, true),
        or(
          projectCompanyId !== null ? eq(users.companyId, projectCompanyId) : undefined,
          sql`exists (select 1 from ${projectShares} where ${projectShares.projectId} = ${projectId} and ${projectShares.userId} = ${users.id} and ${projectShares.shareStatus} = 'accepted')`,
        ),
      ),
    );
  return Boolean(row);
}

export async function addAdministrator(
  db: Db,
  user: AuthUser,
  projectId: number,
  userId: number,
): Promise<{ created: boolean; administrator: ProjectAdministrator }> {
  const access = await requireChangeableProject(db, user, projectId);
  if (!(await eligible(db, access.companyId, projectId, userId))) throw DomainError.field('user', NOT_ELIGIBLE);
  const inserted = await db
    .insert(projectAdministrators)
    .values({ projectId, userId, addedBy: user.id })
    .onConflictDoNothing()
    .returning({ userId: projectAdministrators.userId });
  const administrator = (await administratorsOf(db, projectId)).find((a) => a.id === userId);
  if (!administrator) throw DomainError.notFound();
  return { created: inserted.length > 0, administrator };
}

export async function removeAdministrator(db: Db, user: AuthUser, projectId: number, userId: number): Promise<void> {
  await requireChangeableProject(db, user, projectId);
  const [project] = await db.select({ createdBy: projects.createdBy }).from(projects).where(eq(projects.id, projectId));
  if (project?.createdBy === userId) throw DomainError.field('user', CREATOR_STAYS);
  const removed = await db
    .delete(projectAdministrators)
    .where(and(eq(projectAdministrators.projectId, projectId), eq(projectAdministrators.userId, userId)))
    .returning({ userId: projectAdministrators.userId });
  if (removed.length === 0) throw DomainError.notFound();
}

/**
 * Who may look at (and clear) the projects a user administers: the user, a superuser, or a
 * colleague holding custom_auth.change_user (403 without it). Anyone else: 404. A colleague sees
 * only their own company's projects — never another company's — `companyScope` says which.
 */
async function adminScope(db: Db, actor: AuthUser, targetId: number): Promise<{ companyScope: number | null | 'all' }> {
  const [target] = await db.select({ id: users.id, companyId: users.companyId }).from(users).where(eq(users.id, targetId));
  if (!target) throw DomainError.notFound();
  if (actor.id === target.id || actor.isSuperuser) return { companyScope: 'all' };
  if (actor.companyId === null || actor.companyId !== target.companyId) throw DomainError.notFound();
  if (!(await hasPermission(db, actor, 'custom_auth.change_user'))) throw DomainError.forbidden();
  return { companyScope: actor.companyId };
}

export async function administeredProjects(db: Db, actor: AuthUser, targetId: number): Promise<ListQuery<AdministeredProject>> {
  const { companyScope } = await adminScope(db, actor, targetId);
  const rows = await db
    .select({ id: projects.id, name: projects.name, companyId: projects.companyId, createdBy: projects.createdBy })
    .from(projects)
    .where(
      and(
        or(
          eq(projects.createdBy, targetId),
          sql`exists (select 1 from ${projectAdministrators} where ${projectAdministrators.projectId} = ${projects.id} and ${projectAdministrators.userId} = ${targetId})`,
        ),
        companyScope === 'all' ? undefined : companyScope === null ? sql`false` : eq(projects.companyId, companyScope),
      ),
    )
    .orderBy(asc(sql`lower(${projects.name})`), asc(projects.id));
  return listOf(rows.map((r) => ({ id: r.id, name: r.name, company_id: r.companyId, is_creator: r.createdBy === targetId })));
}

/** Removes the user as administrator of every project in scope; creators stay administrators of what they created. */
export async function removeFromAdministeredProjects(db: Db, actor: AuthUser, targetId: number): Promise<number> {
  const { companyScope } = await adminScope(db, actor, targetId);
  const inScope =
    companyScope === 'all'
      ? undefined
      : inArray(
          projectAdministrators.projectId,
          db
            .select({ id: projects.id })
            .from(projects)
            .where(companyScope === null ? sql`false` : eq(projects.companyId, companyScope)),
        );
  const removed = await db
    .delete(projectAdministrators)
    .where(and(eq(projectAdministrators.userId, targetId), inScope))
    .returning({ projectId: projectAdministrators.projectId });
  return removed.length;
}
