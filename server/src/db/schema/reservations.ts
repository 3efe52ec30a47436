/**
 * Credits held for analyses whose results come from outside Canopy (nothing is charged
 * for what does not run). Approval reserves the credits of each such simulation; they count
 * against the subscription's balance while `held`, become a usage row (the debit) when results are
 * ingested, and are returned when the simulation is cancelled or its scenario deleted. Rows stay
 * as history after the scenario goes (references set null).
 */
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.ts';
import { configurations, simulations } from './simulations.ts';
import { CREDIT_TYPES, subscriptions, subscriptionUsage } from './subscriptions.ts';

export const RESERVATION_STATUSES = ['held', 'debited', 'refunded'] as const;

export const creditReservations = pgTable(
  'credit_reservations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    configurationId: integer('configuration_id').references(() => configurations.id, { onDelete: 'set null' }),
    simulationId: integer('simulation_id').references(() => simulations.id, { onDelete: 'set null' }),
    analysisType: text('analysis_type').notNull(),
    /** The usage label when debited (the scenario's name at approval). */
    label: text('label').notNull(),
    creditType: text('credit_type', { enum: CREDIT_TYPES }).notNull(),
    credits: integer('credits').notNull(),
    reservedBy: integer('reserved_by').references(() => users.id, { onDelete: 'set null' }),
    reservedByName: text('reserved_by_name').notNull(),
    reservedAt: timestamp('reserved_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: RESERVATION_STATUSES }).notNull().default('held'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    usageId: integer('usage_id').references(() => subscriptionUsage.id, { onDelete: 'set null' }),
  },
  (t) => [index('credit_reservations_subscription_status').on(t.subscriptionId, t.status), index('credit_reservations_simulation').on(t.simulationId)],
);
