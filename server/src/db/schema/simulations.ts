/** Scenarios (configurations), their simulations and the result assets of each simulation. */
import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { projects, studies } from './projects.ts';

export const configurations = pgTable(
  'configurations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    studyId: integer('study_id')
      .notNull()
      .references(() => studies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Lifecycle status; the values are documented in docs/scenarios.md (Statuses). */
    status: text('status').notNull().default('draft'),
    simulationType: text('simulation_type').notNull().default(''),
    /** The wizard's form values, kept as submitted. */
    form: jsonb('form').notNull().default({}),
    hidden: boolean('hidden').notNull().default(false),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('configurations_study').on(t.studyId)],
);

export const simulations = pgTable(
  'simulations',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    configurationId: integer('configuration_id')
      .notNull()
      .references(() => configurations.id, { onDelete: 'cascade' }),
    category: text('category').notNull(),
    status: text('status').notNull().default('draft'),
    statusText: text('status_text').notNull().default(''),
    cfdParameters: jsonb('cfd_parameters').notNull().default({}),
    metSourceId: integer('met_source_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('simulations_configuration').on(t.configurationId)],
);

export const assets = pgTable(
  'assets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    simulationId: integer('simulation_id')
      .notNull()
      .references(() => simulations.id, { onDelete: 'cascade' }),
    layerType: text('layer_type').notNull(),
    analysisType: text('analysis_type').notNull().default(''),
    returnPeriod: text('return_period'),
    metric: text('metric'),
    windDirection: text('wind_direction'),
    /** {name} for a season, or a season_range {name, start, end}. */
    season: jsonb('season'),
    /** {name, start_time, end_time} */
    timeRange: jsonb('time_range'),
    singleDate: text('single_date'),
    qualifiers: jsonb('qualifiers').notNull().default({}),
    postProcessingTag: jsonb('post_processing_tag'),
    filename: text('filename').notNull().default(''),
    blobKey: text('blob_key'),
    geometryType: text('geometry_type'),
    geometryGeneration: text('geometry_generation'),
    remeshedAssets: jsonb('remeshed_assets').notNull().default([]),
    showByDefault: boolean('show_by_default').notNull().default(false),
    subsurfaceType: text('subsurface_type'),
    /** Units, legend and provenance as written by the engine (docs/results-format.md). */
    metadata: jsonb('metadata').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('assets_simulation').on(t.simulationId)],
);
