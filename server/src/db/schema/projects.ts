/** Projects and their studies. */
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { companies, users } from './accounts.ts';

export const projects = pgTable(
  'projects',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    location: text('location').notNull().default(''),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    referenceId: text('reference_id').notNull().default(''),
    companyId: integer('company_id').references(() => companies.id, { onDelete: 'cascade' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    /** Demo projects are readable by every signed-in user and changeable only by superusers. */
    isDemo: boolean('is_demo').notNull().default(false),
    fetchMet: boolean('fetch_met').notNull().default(false),
    /** Asked for at creation: the weather/site capability generates the surrounds from map data. */
    generateSurrounds: boolean('generate_surrounds').notNull().default(false),
    /** The last meteorological-data failure message shown on the project card, or null. */
    metError: text('met_error'),
    /** Why the surroundings asked for at creation could not be fetched from OpenStreetMap, or null once there are some. */
    surroundsError: text('surrounds_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The list's orderings (newest first by default, by name; a descending order scans backwards): a
  // page is read in index order and stops after it, instead of sorting every visible project per
  // request.
  (t) => [index('projects_company').on(t.companyId), index('projects_created').on(t.createdAt, t.id), index('projects_name').on(sql`lower(${t.name})`, t.id)],
);

export const studies = pgTable(
  'studies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // A project's studies in id order, as the project list and detail read them: on the embedded
  // database an index scan in this order replaced a bitmap scan and a sort for each listed project,
  // and a bitmap scan asks the file system for the table's size every time.
  (t) => [index('studies_project_id').on(t.projectId, t.id)],
);
