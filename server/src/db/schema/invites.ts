/**
 * Invitations to join a company, sent from a project. The mailed link carries a random token; only
 * its SHA-256 is stored, so a database read cannot be turned into a sign-up into someone's company.
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, roles, users } from './accounts.ts';
import { projects } from './projects.ts';

export const userInvites = pgTable(
  'user_invites',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** The company the invitee joins on sign-up (the inviter's). */
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    projectId: integer('project_id').references(() => projects.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    roleId: integer('role_id').references(() => roles.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedUserId: integer('accepted_user_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [index('user_invites_company').on(t.companyId)],
);
