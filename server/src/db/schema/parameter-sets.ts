/** Named, reusable simulation parameters of a project; `values` is validated per analysis type (docs/parameter-sets.md). */
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { projects } from './projects.ts';

export const parameterSets = pgTable(
  'parameter_sets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    analysisType: text('analysis_type').notNull(),
    values: jsonb('values').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('parameter_sets_project_name').on(t.projectId, sql`lower(${t.name})`)],
);
