/**
 * The results viewer's own rows (SPEC §3): saved camera positions of a study, the layers a user chose
 * per simulation and view, post-processing tags (labels of post-processed result sets, a filter
 * dimension), and layer sets (the files of one geometry or volumetric layer, grouped).
 */
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { projects, studies } from './projects.ts';
import { simulations } from './simulations.ts';

export const cameraPositions = pgTable(
  'camera_positions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    studyId: integer('study_id')
      .notNull()
      .references(() => studies.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    /** {position: [x,y,z], target: [x,y,z], up?: [x,y,z], fov?} in the viewer's scene coordinates. */
    camera: jsonb('camera').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('camera_positions_study').on(t.studyId)],
);

export const userSelectedLayers = pgTable(
  'user_selected_layers',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    simulationId: integer('simulation_id')
      .notNull()
      .references(() => simulations.id, { onDelete: 'cascade' }),
    /** Whose choice: each user keeps their own layer list. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    identifier: text('identifier').notNull(),
    viewId: text('view_id').notNull(),
  },
  (t) => [index('user_selected_layers_simulation_user').on(t.simulationId, t.userId)],
);

export const postProcessingTags = pgTable(
  'post_processing_tags',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    date: text('date'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('post_processing_tags_project_name').on(t.projectId, t.name)],
);

export const layerSets = pgTable(
  'layer_sets',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    simulationId: integer('simulation_id')
      .notNull()
      .references(() => simulations.id, { onDelete: 'cascade' }),
    identifier: jsonb('identifier').notNull(),
    /** 'Geometry' | 'Volumetric' (SPEC §3). */
    layerType: text('layer_type').notNull(),
    showByDefault: boolean('show_by_default').notNull().default(false),
    filename: text('filename').notNull(),
    blobKey: text('blob_key'),
  },
  (t) => [index('layer_sets_simulation').on(t.simulationId)],
);

/** Zones a study's users drew on the plane, each with its intended use (contract/src/zones.ts). */
export const studyZones = pgTable(
  'study_zones',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    studyId: integer('study_id')
      .notNull()
      .references(() => studies.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** One of ZONE_USES. */
    use: text('use').notNull(),
    /** [[x, y], ...] in the scene's metres, open and simple. */
    polygon: jsonb('polygon').notNull(),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('study_zones_study').on(t.studyId)],
);
