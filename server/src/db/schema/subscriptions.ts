/**
 * Company subscriptions and what was debited from them. The holder lives on the subscription row
 * (`user_id`, unique), so a subscription has at most one holder and a user at most one
 * subscription by construction; the service serialises reassignments per company.
 *
 * There is no stored balance: credits left = credits per period − usage since the last refill day,
 * so a debit and the history can never disagree.
 */
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.ts';
import { configurations } from './simulations.ts';

export const CREDIT_TYPES = ['AI', 'CFD'] as const;
export type CreditType = (typeof CREDIT_TYPES)[number];

export const subscriptions = pgTable(
  'subscriptions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    plan: text('plan').notNull(),
    creditType: text('credit_type', { enum: CREDIT_TYPES }).notNull(),
    creditsPerPeriod: integer('credits_per_period').notNull(),
    /** Day of the month (1–28, so every month has it) on which the credits refill. */
    refillDay: integer('refill_day').notNull().default(1),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('subscriptions_company').on(t.companyId), uniqueIndex('subscriptions_one_per_user').on(t.userId)],
);

export const subscriptionUsage = pgTable(
  'subscription_usage',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** Kept when the subscription is deleted: usage is the company's billing history. */
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    usedBy: integer('used_by').references(() => users.id, { onDelete: 'set null' }),
    /** The user's name at the time, so the history still reads right after the account is gone. */
    usedByName: text('used_by_name').notNull(),
    creditType: text('credit_type', { enum: CREDIT_TYPES }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }).notNull(),
    creditsUsed: integer('credits_used').notNull(),
    configurationId: integer('configuration_id').references(() => configurations.id, { onDelete: 'set null' }),
  },
  (t) => [index('subscription_usage_company_date').on(t.companyId, t.usedAt), index('subscription_usage_subscription').on(t.subscriptionId, t.usedAt)],
);
