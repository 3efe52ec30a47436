/** Notifications: written inside the transaction of the change they announce, listed and dismissed by their recipient. */
import { and, desc, eq, isNull, count } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { notifications, users, type NotificationKind } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { ListQuery } from '../../../kernel/list-query.ts';
import type { Notification } from '@canopy/contract/sharing.ts';
import { optionalUserRef } from '../users/names.ts';

export interface NewNotification {
  userId: number;
  kind: NotificationKind;
  message: string;
  projectId?: number | null;
  projectShareId?: number | null;
  actorId?: number | null;
}

/** Pass the transaction of the change, so the notification exists exactly when the change does. */
export async function notify(tx: Db, items: NewNotification | NewNotification[]): Promise<void> {
  const list = Array.isArray(items) ? items : [items];
  if (list.length === 0) return;
  await tx.insert(notifications).values(list);
}

export function listNotifications(db: Db, user: AuthUser): ListQuery<Notification> {
  const where = and(eq(notifications.userId, user.id), isNull(notifications.dismissedAt));
  return {
    count: async () => (await db.select({ n: count() }).from(notifications).where(where))[0]?.n ?? 0,
    async page(limit, offset) {
      const rows = await db
        .select({
          id: notifications.id,
          kind: notifications.kind,
          message: notifications.message,
          projectId: notifications.projectId,
          projectShareId: notifications.projectShareId,
          createdAt: notifications.createdAt,
          actorId: users.id,
          actorUsername: users.username,
          actorFirstName: users.firstName,
          actorLastName: users.lastName,
        })
        .from(notifications)
        .leftJoin(users, eq(users.id, notifications.actorId))
        .where(where)
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(limit)
        .offset(offset);
      return rows.map((r) => ({
        id: r.id,
        kind: r.kind,
        message: r.message,
        project_id: r.projectId,
        project_share_id: r.projectShareId,
        actor: optionalUserRef({ id: r.actorId, username: r.actorUsername, firstName: r.actorFirstName, lastName: r.actorLastName }),
        created: r.createdAt.toISOString(),
      }));
    },
  };
}

/** Dismissing twice is fine; someone else's notification is 404. */
export async function dismissNotification(db: Db, user: AuthUser, id: number, now: Date): Promise<void> {
  const [row] = await db
    .select({ id: notifications.id, dismissedAt: notifications.dismissedAt })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, user.id)));
  if (!row) throw DomainError.notFound();
  if (row.dismissedAt === null) await db.update(notifications).set({ dismissedAt: now }).where(eq(notifications.id, id));
}
