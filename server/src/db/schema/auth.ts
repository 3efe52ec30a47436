/**
 * Sign-in bookkeeping. Everything a second server process needs to finish a flow another process
 * started lives here (refresh-token families, pending SSO logins, one-time codes, rate-limit
 * counters), so nothing about sign-in is kept in process memory.
 */
import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';

/**
 * One family per sign-in. Every refresh rotates the token inside its family; presenting a token
 * that was already rotated revokes the whole family (reuse detection), and a password reset
 * revokes every family of the user.
 */
export const refreshTokenFamilies = pgTable(
  'refresh_token_families',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** 'reuse' | 'password_reset' — kept for audits. */
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('refresh_token_families_user').on(t.userId)],
);

/** Every refresh token issued (by jti); `used_at` is set when it is rotated. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: text('jti').primaryKey(),
    familyId: text('family_id')
      .notNull()
      .references(() => refreshTokenFamilies.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family').on(t.familyId)],
);

/** Six-digit sign-in codes, stored as an HMAC so a database read does not reveal a live code. */
export const oneTimePasswords = pgTable(
  'one_time_passwords',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('one_time_passwords_user').on(t.userId)],
);

/** Fixed-window counters shared by every server process (login, one-time password, reset). */
export const rateLimitCounters = pgTable('rate_limit_counters', {
  key: text('key').primaryKey(),
  hits: integer('hits').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * Single sign-on logins between the redirect to the provider and the callback, keyed by `state`,
 * so the callback may land on any server process. A row is deleted when the callback uses it.
 */
export const ssoPendingLogins = pgTable('sso_pending_logins', {
  state: text('state').primaryKey(),
  provider: text('provider').notNull(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  redirectUri: text('redirect_uri').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** End-user agreements; the newest published one is current. */
export const eulas = pgTable('eulas', {
  id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
  version: text('version').notNull().unique(),
  title: text('title').notNull(),
  body: text('body').notNull(),
  publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
});

export const eulaAgreements = pgTable(
  'eula_agreements',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    eulaId: integer('eula_id')
      .notNull()
      .references(() => eulas.id, { onDelete: 'cascade' }),
    agreedAt: timestamp('agreed_at', { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.eulaId] })],
);

/** The onboarding questionnaire, answered once after the first sign-in. */
export const questionnaireAnswers = pgTable('questionnaire_answers', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  role: text('role').notNull(),
  organisationType: text('organisation_type').notNull(),
  intendedUse: text('intended_use').notNull(),
  answeredAt: timestamp('answered_at', { withTimezone: true }).notNull(),
});
