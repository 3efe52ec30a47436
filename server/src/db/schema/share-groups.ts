/**
 * Share groups: named sets of a company's users. At most one group per company is the default for
 * new projects — enforced by a partial unique index, so even a bug in the service cannot leave two.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.ts';

export const shareGroups = pgTable(
  'share_groups',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    defaultForNewProjects: boolean('default_for_new_projects').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('share_groups_company_name').on(t.companyId, sql`lower(${t.name})`),
    uniqueIndex('share_groups_one_default')
      .on(t.companyId)
      .where(sql`${t.defaultForNewProjects}`),
  ],
);

export const shareGroupMembers = pgTable(
  'share_group_members',
  {
    shareGroupId: integer('share_group_id')
      .notNull()
      .references(() => shareGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.shareGroupId, t.userId] }), index('share_group_members_user').on(t.userId)],
);
