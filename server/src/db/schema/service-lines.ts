/** What a company offers (the project navigator's service-line sidebar). company_id null = offered to every company. */
import { index, integer, jsonb, pgTable, text } from 'drizzle-orm/pg-core';
import { companies } from './accounts.ts';

export const serviceLines = pgTable(
  'service_lines',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** What the service line offers, one short line each. */
    offerings: jsonb('offerings').$type<string[]>().notNull().default([]),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('service_lines_company').on(t.companyId)],
);
