/**
 * Project shares from the project's side (project-share/): listed by anyone who sees the project,
 * created, re-sent, and revoked by those who may change it. A new or re-sent share and the
 * recipient's notification are written in one transaction: either both exist or neither.
 */
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../auth/authenticate.ts';
import { companies, projectShares, projects, users } from '../../db/schema/index.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { ApiError } from '../../http/errors.ts';
import type { ListQuery } from '../../http/pagination.ts';
import type { ProjectShare, ShareCreate, ShareUpdate } from '../../contract/sharing.ts';
import { displayName, optionalUserRef } from '../users/names.ts';
import { requireChangeableProject, requireVisibleProject } from '../projects/access.ts';
import { notify as writeNotification } from './notifications.ts';

export const ALREADY_SHARED = 'This project is already shared with this user.';
const NO_SUCH_USER = 'No active user has this e-mail address. Invite them with user-invite/ instead.';

const sharer = alias(users, 'sharer');

export const shareColumns = {
  id: projectShares.id,
  projectId: projectShares.projectId,
  projectName: projects.name,
  shareStatus: projectShares.shareStatus,
  createdAt: projectShares.createdAt,
  updatedAt: projectShares.updatedAt,
  userId: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  companyName: companies.name,
  sharerId: sharer.id,
  sharerUsername: sharer.username,
  sharerFirstName: sharer.firstName,
  sharerLastName: sharer.lastName,
};

export function selectShares(db: Db) {
  return db
    .select(shareColumns)
    .from(projectShares)
    .innerJoin(projects, eq(projects.id, projectShares.projectId))
    .innerJoin(users, eq(users.id, projectShares.userId))
    .leftJoin(companies, eq(companies.id, users.companyId))
    .leftJoin(sharer, eq(sharer.id, projectShares.sharedBy));
}

type Row = Awaited<ReturnType<typeof selectShares>>[number];

export function representShare(row: Row): ProjectShare {
  return {
    id: row.id,
    project_id: row.projectId,
    project_name: row.projectName,
    user: { id: row.userId, username: row.username, name: displayName(row), email: row.email, company_name: row.companyName },
    share_status: row.shareStatus,
    shared_by: optionalUserRef({ id: row.sharerId, username: row.sharerUsername, firstName: row.sharerFirstName, lastName: row.sharerLastName }),
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
  };
}

export function shareList(db: Db, where: SQL | undefined): ListQuery<ProjectShare> {
  return {
    count: async () => (await db.select({ n: count() }).from(projectShares).where(where))[0]?.n ?? 0,
    page: async (limit, offset) =>
      (await selectShares(db).where(where).orderBy(asc(projectShares.createdAt), asc(projectShares.id)).limit(limit).offset(offset)).map(
        representShare,
      ),
  };
}

export async function oneShare(db: Db, shareId: number): Promise<ProjectShare> {
  const [row] = await selectShares(db).where(eq(projectShares.id, shareId));
  if (!row) throw ApiError.notFound();
  return representShare(row);
}

export async function listProjectShares(db: Db, user: AuthUser, projectId: number): Promise<ListQuery<ProjectShare>> {
  await requireVisibleProject(db, user, projectId);
  return shareList(db, eq(projectShares.projectId, projectId));
}

async function shareOfProject(db: Db, projectId: number, shareId: number) {
  const [row] = await db
    .select({ id: projectShares.id, userId: projectShares.userId, shareStatus: projectShares.shareStatus })
    .from(projectShares)
    .where(and(eq(projectShares.id, shareId), eq(projectShares.projectId, projectId)));
  if (!row) throw ApiError.notFound();
  return row;
}

export async function getProjectShare(db: Db, user: AuthUser, projectId: number, shareId: number): Promise<ProjectShare> {
  await requireVisibleProject(db, user, projectId);
  await shareOfProject(db, projectId, shareId);
  return oneShare(db, shareId);
}

async function recipientOf(db: Db, input: ShareCreate): Promise<{ id: number }> {
  if (input.user_id !== undefined) {
    const [row] = await db.select({ id: users.id }).from(users).where(and(eq(users.id, input.user_id), eq(users.isActive, true)));
    if (!row) throw ApiError.field('user_id', `Invalid pk "${input.user_id}" - object does not exist.`);
    return row;
  }
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${input.email ?? ''})`, eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .limit(1);
  if (!row) throw ApiError.field('email', NO_SUCH_USER);
  return row;
}

function sharedMessage(actor: AuthUser, projectName: string, note: string): string {
  const base = `${actor.username} shared the project "${projectName}" with you.`;
  return note ? `${base} ${note}` : base;
}

export interface ShareHooks {
  /** The notification writer; tests pass a failing one to prove the share rolls back with it. */
  notify?: typeof writeNotification;
}

export async function createProjectShare(db: Db, user: AuthUser, projectId: number, input: ShareCreate, hooks: ShareHooks = {}): Promise<ProjectShare> {
  await requireChangeableProject(db, user, projectId);
  const recipient = await recipientOf(db, input);
  const field = input.user_id !== undefined ? 'user_id' : 'email';
  if (recipient.id === user.id) throw ApiError.field(field, 'You cannot share a project with yourself.');
  const notify = hooks.notify ?? writeNotification;
  let shareId: number;
  try {
    shareId = await db.transaction(async (tx) => {
      const [project] = await tx.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId));
      const [share] = await tx
        .insert(projectShares)
        .values({ projectId, userId: recipient.id, sharedBy: user.id, shareStatus: 'pending' })
        .returning({ id: projectShares.id });
      await notify(tx, {
        userId: recipient.id,
        kind: 'project_shared',
        message: sharedMessage(user, project!.name, input.message ?? ''),
        projectId,
        projectShareId: share!.id,
        actorId: user.id,
      });
      return share!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw ApiError.field(field, ALREADY_SHARED);
    throw error;
  }
  return oneShare(db, shareId);
}

/**
 * The sender re-sends a declined share: back to pending, with a new notification. Re-sending a
 * pending share is a no-op; an accepted one cannot be "re-sent".
 */
export async function updateProjectShare(db: Db, user: AuthUser, projectId: number, shareId: number, input: ShareUpdate): Promise<ProjectShare> {
  await requireChangeableProject(db, user, projectId);
  const share = await shareOfProject(db, projectId, shareId);
  if (share.shareStatus === 'accepted') throw ApiError.field('share_status', 'The share is accepted; only a declined share can be re-sent.');
  if (share.shareStatus === 'declined') {
    await db.transaction(async (tx) => {
      await tx.update(projectShares).set({ shareStatus: 'pending', sharedBy: user.id, updatedAt: sql`now()` }).where(eq(projectShares.id, shareId));
      const [project] = await tx.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId));
      await writeNotification(tx, {
        userId: share.userId,
        kind: 'project_shared',
        message: sharedMessage(user, project!.name, input.message ?? ''),
        projectId,
        projectShareId: shareId,
        actorId: user.id,
      });
    });
  }
  return oneShare(db, shareId);
}

export async function deleteProjectShare(db: Db, user: AuthUser, projectId: number, shareId: number): Promise<void> {
  await requireChangeableProject(db, user, projectId);
  await shareOfProject(db, projectId, shareId);
  await db.delete(projectShares).where(eq(projectShares.id, shareId));
}
