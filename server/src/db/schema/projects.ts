/** Projects and their studies. */
import { sql } from 'drizzle-orm';
import { boolean, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
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
  //
  // Beyond these columns the table has two the database keeps itself, `summary_head` and
  // `summary_tail`: the project as the list shows it, as JSON text split where the caller's favourite
  // mark goes (migration 0023's triggers rebuild them whenever the project or one of its studies
  // changes). The list reads them instead of building each listed project's JSON on every read;
  // they are left out of this table's definition so that no other read or export carries them.
  (t) => [index('projects_company').on(t.companyId), index('projects_created').on(t.createdAt, t.id), index('projects_name').on(sql`lower(${t.name})`, t.id)],
);

/**
 * How many projects each company owns, and each user created in each company (`companyId` 0: in
 * none), kept by the database (migration 0023's trigger on `projects`), so that the project list's
 * total is not a count over every project the caller may see on every read of a page.
 */
export const companyProjectCounts = pgTable('company_project_counts', {
  companyId: integer('company_id').primaryKey(),
  projects: integer('projects').notNull(),
});

/** The demo projects' ids, kept by the database as `projects.is_demo` changes (migration 0023): a handful of rows read whole, where the planner, without statistics on the embedded database, scanned every project for the flag. */
export const demoProjects = pgTable('demo_projects', {
  projectId: integer('project_id')
    .primaryKey()
    .references(() => projects.id, { onDelete: 'cascade' }),
});

export const creatorProjectCounts = pgTable(
  'creator_project_counts',
  {
    createdBy: integer('created_by').notNull(),
    companyId: integer('company_id').notNull(),
    projects: integer('projects').notNull(),
  },
  (t) => [primaryKey({ columns: [t.createdBy, t.companyId] })],
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
  // Beyond these columns the table has `detail_json`, the study as the project's detail reads it,
  // kept by the database (migration 0023's triggers; contexts/projects/studies.ts), and left out of
  // this definition for the same reason as the projects' summaries.
  //
  // A project's studies in id order, as the project list and detail read them: on the embedded
  // database an index scan in this order replaced a bitmap scan and a sort for each listed project,
  // and a bitmap scan asks the file system for the table's size every time.
  (t) => [index('studies_project_id').on(t.projectId, t.id)],
);
