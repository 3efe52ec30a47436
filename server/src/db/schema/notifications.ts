/** Messages for one user (a project was shared with them, a share was answered…), dismissed one by one. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { projects } from './projects.ts';
import { projectShares } from './sharing.ts';

export const NOTIFICATION_KINDS = ['project_shared', 'project_share_answered', 'project_shared_with_group', 'invite_accepted'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notifications = pgTable(
  'notifications',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The recipient. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: NOTIFICATION_KINDS }).notNull(),
    message: text('message').notNull(),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'cascade' }),
    /** A revoked share takes its notification with it: the invitation to accept no longer exists. */
    projectShareId: integer('project_share_id').references(() => projectShares.id, { onDelete: 'cascade' }),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    dismissedAt: timestamp('dismissed_at', { withTimezone: true }),
  },
  (t) => [
    index('notifications_user_open')
      .on(t.userId)
      .where(sql`${t.dismissedAt} is null`),
  ],
);
