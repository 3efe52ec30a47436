/**
 * Shares from the recipient's side (/api/user/…): what was shared with me, and my answer. Answering
 * also dismisses the invitation's notification and tells the sender, in one transaction.
 */
import { publishInboxChanged } from './inbox-events.ts';
import type { EventBus } from '../../../realtime/bus.ts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { notifications, projectShares, projects } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { ListQuery } from '../../../kernel/list-query.ts';
import type { ProjectShare } from '@canopy/contract/sharing.ts';
import { notify } from './notifications.ts';
import { oneShare, shareList } from './shares.ts';

export function listMyShares(db: Db, user: AuthUser, only?: 'pending'): ListQuery<ProjectShare> {
  return shareList(db, and(eq(projectShares.userId, user.id), only ? eq(projectShares.shareStatus, only) : undefined), user);
}

export async function answerShare(db: Db, user: AuthUser, shareId: number, answer: 'accepted' | 'declined', now: Date, bus?: EventBus): Promise<ProjectShare> {
  const [share] = await db
    .select({ id: projectShares.id, status: projectShares.shareStatus, sharedBy: projectShares.sharedBy, projectId: projectShares.projectId })
    .from(projectShares)
    .where(and(eq(projectShares.id, shareId), eq(projectShares.userId, user.id)));
  // Someone else's share is as unknown as a missing one.
  if (!share) throw DomainError.notFound();
  if (share.status !== answer) {
    await db.transaction(async (tx) => {
      await tx
        .update(projectShares)
        .set({ shareStatus: answer, updatedAt: sql`now()` })
        .where(eq(projectShares.id, shareId));
      await tx
        .update(notifications)
        .set({ dismissedAt: now })
        .where(and(eq(notifications.projectShareId, shareId), eq(notifications.userId, user.id), isNull(notifications.dismissedAt)));
      if (share.sharedBy !== null && share.sharedBy !== user.id) {
        const [project] = await tx.select({ name: projects.name }).from(projects).where(eq(projects.id, share.projectId));
        await notify(tx, {
          userId: share.sharedBy,
          kind: 'project_share_answered',
          message: `${user.username} ${answer} the share of "${project?.name ?? ''}".`,
          projectId: share.projectId,
          projectShareId: shareId,
          actorId: user.id,
        });
      }
    });
    if (share.sharedBy !== user.id) await publishInboxChanged(bus, share.projectId, [share.sharedBy], 'answered');
  }
  return oneShare(db, shareId, user);
}
