/**
 * Project shares from the project's side (project-share/): listed by anyone who sees the project,
 * created, re-sent, and revoked by those who may change it. A new or re-sent share and the
 * recipient's notification are written in one transaction: either both exist or neither.
 *
 * The sharer learns nothing about accounts they could not already see:
 * by id, only users of their own company can be named (anyone else reads as a missing id); by
 * e-mail, an address without an account becomes a stored invitation (share-invitations.ts) that
 * answers and lists exactly like a pending share; and a recipient outside the viewer's company is
 * named only by address until they accept.
 */
import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { companies, notifications, projectShares, projects, users } from '../../../db/schema/index.ts';
import type { AppDeps } from '../../../deps.ts';
import { isUniqueViolation } from '../../../db/unique-violation.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { ListQuery } from '../../../kernel/list-query.ts';
import type { ProjectShare, ShareCreate, ShareUpdate } from '@canopy/contract/sharing.ts';
import { displayName, optionalUserRef } from '../users/names.ts';
import { requireChangeableProject, requireVisibleProject } from '../../projects/index.ts';
import { notify as writeNotification } from './notifications.ts';
import { publishInboxChanged } from './inbox-events.ts';
import type { EventBus } from '../../../realtime/bus.ts';
import {
  countInvitations,
  createInvitation,
  deleteInvitation,
  dropInvitationsTo,
  findInvitation,
  firstInvitations,
  recipientByAddress,
  setInvitationAccess,
} from './share-invitations.ts';

export const ALREADY_SHARED = 'This project is already shared with this user.';

const sharer = alias(users, 'sharer');

export const shareColumns = {
  id: projectShares.id,
  projectId: projectShares.projectId,
  projectName: projects.name,
  shareStatus: projectShares.shareStatus,
  accessLevel: projectShares.accessLevel,
  createdAt: projectShares.createdAt,
  updatedAt: projectShares.updatedAt,
  userId: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  companyId: users.companyId,
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

/** The viewer may see who the recipient is: themselves, a colleague, anyone for a superuser, or a recipient who accepted. */
function recipientShownTo(viewer: AuthUser, row: Row): boolean {
  return viewer.isSuperuser || row.userId === viewer.id || (viewer.companyId !== null && row.companyId === viewer.companyId) || row.shareStatus === 'accepted';
}

export function representShare(row: Row, viewer: AuthUser): ProjectShare {
  return {
    id: row.id,
    project_id: row.projectId,
    project_name: row.projectName,
    user: recipientShownTo(viewer, row)
      ? { id: row.userId, username: row.username, name: displayName(row), email: row.email, company_name: row.companyName }
      : recipientByAddress(row.email),
    share_status: row.shareStatus,
    access_level: row.accessLevel,
    shared_by: optionalUserRef({ id: row.sharerId, username: row.sharerUsername, firstName: row.sharerFirstName, lastName: row.sharerLastName }),
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
  };
}

export function shareList(db: Db, where: SQL | undefined, viewer: AuthUser): ListQuery<ProjectShare> {
  return {
    count: async () => (await db.select({ n: count() }).from(projectShares).where(where))[0]?.n ?? 0,
    page: async (limit, offset) =>
      (await selectShares(db).where(where).orderBy(asc(projectShares.createdAt), asc(projectShares.id)).limit(limit).offset(offset)).map((row) =>
        representShare(row, viewer),
      ),
  };
}

export async function oneShare(db: Db, shareId: number, viewer: AuthUser): Promise<ProjectShare> {
  const [row] = await selectShares(db).where(eq(projectShares.id, shareId));
  if (!row) throw DomainError.notFound();
  return representShare(row, viewer);
}

const inListOrder = (a: ProjectShare, b: ProjectShare) => a.created.localeCompare(b.created) || a.id - b.id;

/** The project's shares and invitations as one list, in creation order (both are short). */
export async function listProjectShares(db: Db, user: AuthUser, projectId: number): Promise<ListQuery<ProjectShare>> {
  await requireVisibleProject(db, user, projectId);
  const shares = shareList(db, eq(projectShares.projectId, projectId), user);
  return {
    count: async () => (await shares.count()) + (await countInvitations(db, projectId)),
    page: async (limit, offset) => {
      const merged = [...(await shares.page(limit + offset, 0)), ...(await firstInvitations(db, projectId, limit + offset))];
      return merged.sort(inListOrder).slice(offset, offset + limit);
    },
  };
}

async function shareOfProject(db: Db, projectId: number, shareId: number) {
  const [row] = await db
    .select({ id: projectShares.id, userId: projectShares.userId, shareStatus: projectShares.shareStatus, accessLevel: projectShares.accessLevel })
    .from(projectShares)
    .where(and(eq(projectShares.id, shareId), eq(projectShares.projectId, projectId)));
  return row;
}

export async function getProjectShare(db: Db, user: AuthUser, projectId: number, shareId: number): Promise<ProjectShare> {
  await requireVisibleProject(db, user, projectId);
  if (await shareOfProject(db, projectId, shareId)) return oneShare(db, shareId, user);
  const invitation = await findInvitation(db, projectId, shareId);
  if (!invitation) throw DomainError.notFound();
  return invitation;
}

/** By id: an active user the caller can see (their company; anyone for a superuser), else "does not exist". */
async function recipientById(db: Db, user: AuthUser, userId: number): Promise<{ id: number }> {
  const [row] = await db
    .select({ id: users.id, companyId: users.companyId })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.isActive, true)));
  const visible = row && (user.isSuperuser || row.id === user.id || (user.companyId !== null && row.companyId === user.companyId));
  if (!visible) throw DomainError.field('user_id', `Invalid pk "${userId}" - object does not exist.`);
  return row;
}

/** By e-mail: the oldest active account with the address, if any. */
async function recipientByEmail(db: Db, email: string): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${email})`, eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .limit(1);
  return row;
}

function sharedMessage(actor: AuthUser, projectName: string, note: string, level: 'view' | 'edit'): string {
  const base = `${actor.username} shared the project "${projectName}" with you (${level === 'view' ? 'view only' : 'view and edit'}).`;
  return note ? `${base} ${note}` : base;
}

export interface ShareHooks {
  /** The notification writer; tests pass a failing one to prove the share rolls back with it. */
  notify?: typeof writeNotification;
  /** For the mail to an address without an account (none is sent without). */
  deps?: AppDeps;
}

export async function createProjectShare(db: Db, user: AuthUser, projectId: number, input: ShareCreate, hooks: ShareHooks = {}): Promise<ProjectShare> {
  await requireChangeableProject(db, user, projectId);
  const field = input.user_id !== undefined ? 'user_id' : 'email';
  const email = input.email ?? '';
  const recipient = input.user_id !== undefined ? await recipientById(db, user, input.user_id) : await recipientByEmail(db, email);
  if (recipient?.id === user.id) throw DomainError.field(field, 'You cannot share a project with yourself.');
  if (!recipient) {
    try {
      return await createInvitation(db, hooks.deps, user, projectId, email, input.message ?? '', input.access_level ?? 'view');
    } catch (error) {
      if (isUniqueViolation(error)) throw DomainError.field(field, ALREADY_SHARED);
      throw error;
    }
  }
  const notify = hooks.notify ?? writeNotification;
  let shareId: number;
  try {
    shareId = await db.transaction(async (tx) => {
      const [project] = await tx.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId));
      const [share] = await tx
        .insert(projectShares)
        .values({ projectId, userId: recipient.id, sharedBy: user.id, shareStatus: 'pending', accessLevel: input.access_level ?? 'view' })
        .returning({ id: projectShares.id });
      await notify(tx, {
        userId: recipient.id,
        kind: 'project_shared',
        message: sharedMessage(user, project!.name, input.message ?? '', input.access_level ?? 'view'),
        projectId,
        projectShareId: share!.id,
        actorId: user.id,
      });
      return share!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw DomainError.field(field, ALREADY_SHARED);
    throw error;
  }
  if (input.email !== undefined) await dropInvitationsTo(db, projectId, input.email);
  await publishInboxChanged(hooks.deps?.bus, projectId, [recipient.id], 'shared');
  return oneShare(db, shareId, user);
}

/**
 * The sender re-sends a declined share: back to pending, with a new notification. Re-sending a
 * pending share is a no-op; an accepted one cannot be "re-sent".
 */
export async function updateProjectShare(
  db: Db,
  user: AuthUser,
  projectId: number,
  shareId: number,
  input: ShareUpdate,
  bus?: EventBus,
): Promise<ProjectShare> {
  await requireChangeableProject(db, user, projectId);
  const share = await shareOfProject(db, projectId, shareId);
  if (!share) {
    // An invitation is pending: re-sending it changes nothing, as for a pending share; its level may change.
    if (input.access_level) await setInvitationAccess(db, projectId, shareId, input.access_level);
    const invitation = await findInvitation(db, projectId, shareId);
    if (!invitation) throw DomainError.notFound();
    return invitation;
  }
  if (input.access_level) {
    await db
      .update(projectShares)
      .set({ accessLevel: input.access_level, updatedAt: sql`now()` })
      .where(eq(projectShares.id, shareId));
  }
  if (input.share_status === undefined) return oneShare(db, shareId, user);
  if (share.shareStatus === 'accepted') throw DomainError.field('share_status', 'The share is accepted; only a declined share can be re-sent.');
  if (share.shareStatus === 'declined') {
    await db.transaction(async (tx) => {
      await tx
        .update(projectShares)
        .set({ shareStatus: 'pending', sharedBy: user.id, updatedAt: sql`now()` })
        .where(eq(projectShares.id, shareId));
      const [project] = await tx.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId));
      await writeNotification(tx, {
        userId: share.userId,
        kind: 'project_shared',
        message: sharedMessage(user, project!.name, input.message ?? '', input.access_level ?? share.accessLevel),
        projectId,
        projectShareId: shareId,
        actorId: user.id,
      });
    });
    await publishInboxChanged(bus, projectId, [share.userId], 'shared');
  }
  return oneShare(db, shareId, user);
}

/**
 * Revoking keeps the recipient's notifications (detached from the share): someone shared a
 * project with them and took it back, and they may want to know who.
 */
export async function deleteProjectShare(db: Db, user: AuthUser, projectId: number, shareId: number, bus?: EventBus): Promise<void> {
  await requireChangeableProject(db, user, projectId);
  const share = await shareOfProject(db, projectId, shareId);
  if (!share) {
    if (!(await deleteInvitation(db, projectId, shareId))) throw DomainError.notFound();
    return;
  }
  await db.transaction(async (tx) => {
    await tx.update(notifications).set({ projectShareId: null }).where(eq(notifications.projectShareId, shareId));
    await tx.delete(projectShares).where(eq(projectShares.id, shareId));
  });
  await publishInboxChanged(bus, projectId, [share.userId], 'revoked');
}
