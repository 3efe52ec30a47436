/**
 * A company's own pedestrian wind comfort criteria (contract/src/criteria.ts): the table's
 * classes and safety limits are kept as the engine's JSON (engine/wind/criterion-schema.ts), checked
 * on the way in. `revision` counts changes, so a result can say which version of a table it used.
 */
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.ts';

export const companyCriteria = pgTable(
  'company_criteria',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    speedType: text('speed_type').notNull(),
    exceedanceComparison: text('exceedance_comparison').notNull().default('atMost'),
    classes: jsonb('classes').notNull(),
    safety: jsonb('safety')
      .notNull()
      .default(sql`'[]'::jsonb`),
    revision: integer('revision').notNull().default(1),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('company_criteria_company_name').on(t.companyId, sql`lower(${t.name})`)],
);
