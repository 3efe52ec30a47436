/**
 * Scenario lifecycle records beside configurations/simulations (simulations.ts):
 * - `geometry_validations`: one record per configuration (SPEC §3), the last run's findings. Lists
 *   inside findings are capped by the engine; the number of findings kept is capped by the service.
 * - `scenario_approvals`: the user's approval of the cost. One row per configuration (unique), taken
 *   in the same transaction as the debit, so a retried approval can never debit twice.
 */
import { boolean, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { configurations, simulations } from './simulations.ts';
import { subscriptions, subscriptionUsage } from './subscriptions.ts';

export const geometryValidations = pgTable(
  'geometry_validations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    configurationId: integer('configuration_id')
      .notNull()
      .references(() => configurations.id, { onDelete: 'cascade' }),
    simulationId: integer('simulation_id').references(() => simulations.id, { onDelete: 'set null' }),
    simulationType: text('simulation_type').notNull().default(''),
    /** Upload ids per geometry role, as validated. */
    geometry: jsonb('geometry').notNull().default({}),
    /** queued | running | passed | failed */
    status: text('status').notNull().default('queued'),
    error: boolean('error').notNull().default(false),
    errorMessage: text('error_message'),
    warningsAcknowledged: boolean('warnings_acknowledged').notNull().default(false),
    summary: jsonb('summary').notNull().default({ errors: 0, warnings: 0, infos: 0 }),
    findings: jsonb('findings').notNull().default([]),
    findingsTruncated: boolean('findings_truncated').notNull().default(false),
    assets: jsonb('assets').notNull().default([]),
    /** Increases with every run; a job carries the run it was queued for and ignores itself when stale. */
    run: integer('run').notNull().default(1),
    jobId: integer('job_id'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('geometry_validations_configuration').on(t.configurationId)],
);

export const scenarioApprovals = pgTable(
  'scenario_approvals',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    configurationId: integer('configuration_id')
      .notNull()
      .references(() => configurations.id, { onDelete: 'cascade' }),
    approvedBy: integer('approved_by').references(() => users.id, { onDelete: 'set null' }),
    subscriptionId: integer('subscription_id').references(() => subscriptions.id, { onDelete: 'set null' }),
    usageId: integer('usage_id').references(() => subscriptionUsage.id, { onDelete: 'set null' }),
    creditType: text('credit_type').notNull(),
    credits: integer('credits').notNull(),
    /** The cost lines as approved. */
    breakdown: jsonb('breakdown').notNull().default([]),
    approvedAt: timestamp('approved_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('scenario_approvals_configuration').on(t.configurationId)],
);
