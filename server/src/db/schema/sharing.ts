/** Who else may reach a project: its administrators and the users it is shared with. */
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { projects } from './projects.ts';

export const projectAdministrators = pgTable(
  'project_administrators',
  {
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addedBy: integer('added_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.projectId, t.userId] }), index('project_administrators_user').on(t.userId)],
);

export const SHARE_STATUSES = ['pending', 'accepted', 'declined'] as const;
export type ShareStatus = (typeof SHARE_STATUSES)[number];

/**
 * What a share allows: `view` reads the project; `edit` also changes it (with
 * the recipient's role permissions). Shares made before the level existed keep `edit`, what they
 * allowed; the API's default for new shares is `view`.
 */
export const SHARE_ACCESS_LEVELS = ['view', 'edit'] as const;
export type ShareAccessLevel = (typeof SHARE_ACCESS_LEVELS)[number];

export const projectShares = pgTable(
  'project_shares',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** The recipient. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sharedBy: integer('shared_by').references(() => users.id, { onDelete: 'set null' }),
    shareStatus: text('share_status', { enum: SHARE_STATUSES }).notNull().default('pending'),
    accessLevel: text('access_level', { enum: SHARE_ACCESS_LEVELS }).notNull().default('edit'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('project_shares_project_user').on(t.projectId, t.userId), index('project_shares_user').on(t.userId)],
);

/**
 * A share by e-mail to an address that has no active account. It is kept and
 * listed like a pending share, so the sharer cannot tell it from a share to an account they may not
 * see. Ids come from project_shares' own sequence: one id space for both, in one order.
 * No one can accept it: an unverified sign-up must not collect shares meant for an address.
 */
export const projectShareInvitations = pgTable(
  'project_share_invitations',
  {
    id: integer('id')
      .primaryKey()
      .default(sql`nextval('project_shares_id_seq')`),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    /** Lower-cased as typed. */
    email: text('email').notNull(),
    accessLevel: text('access_level', { enum: SHARE_ACCESS_LEVELS }).notNull().default('view'),
    sharedBy: integer('shared_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('project_share_invitations_project_email').on(t.projectId, t.email)],
);
