/**
 * Share links: a read-only link to one Published insight or report, for people without an
 * account. Only a hash of the link's random token is stored, so a leaked table does not open links;
 * the optional password is hashed like account passwords. A link is live until it expires or is
 * revoked; revoked links stay as a record of what was shared.
 */
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { projects, studies } from './projects.ts';
import { insights, reports } from './insights.ts';

export const shareLinks = pgTable(
  'share_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    studyId: integer('study_id')
      .notNull()
      .references(() => studies.id, { onDelete: 'cascade' }),
    /** Exactly one of insight and report is set (the check below). */
    insightId: integer('insight_id').references(() => insights.id, { onDelete: 'cascade' }),
    reportId: integer('report_id').references(() => reports.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of the token; the token itself is shown once, when the link is made. */
    tokenHash: text('token_hash').notNull(),
    /** scrypt hash (crypto/passwords.ts), or null for a link without a password. */
    passwordHash: text('password_hash'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    /** Origins allowed to frame the embed page (CSP frame-ancestors); empty: no framing. */
    frameAncestors: jsonb('frame_ancestors').$type<string[]>().notNull().default([]),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('share_links_token_hash').on(t.tokenHash),
    index('share_links_project').on(t.projectId),
    check('share_links_one_target', sql`(${t.insightId} is null) <> (${t.reportId} is null)`),
  ],
);
