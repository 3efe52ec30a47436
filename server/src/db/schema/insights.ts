/**
 * Insights and what hangs off them (SPEC §3): scene views with drawings, pin types and pins, image
 * views of study images; reports with ordered report views. Insights and reports belong to a study;
 * everything else cascades from its insight or report. Visibility rules (drafts) live in
 * contexts/results/insights/visibility.ts, not here.
 */
import { doublePrecision, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { studies } from './projects.ts';
import { assets, simulations } from './simulations.ts';
import { cameraPositions } from './viewer.ts';

/** 'Draft' | 'Published' (SPEC §4); new insights and reports are Draft. */
export const INSIGHT_STATUS_VALUES = ['Draft', 'Published'] as const;

export const studyImages = pgTable(
  'study_images',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    studyId: integer('study_id')
      .notNull()
      .references(() => studies.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    /** 'captured' (sent by the viewer) | 'uploaded' (copied from an upload of the project). */
    source: text('source', { enum: ['captured', 'uploaded'] }).notNull(),
    contentType: text('content_type', { enum: ['image/png', 'image/jpeg'] }).notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    byteSize: integer('byte_size').notNull(),
    /** "{container}/{name}" in the blob store. */
    blobKey: text('blob_key').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('study_images_study').on(t.studyId)],
);

export const insights = pgTable(
  'insights',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    studyId: integer('study_id')
      .notNull()
      .references(() => studies.id, { onDelete: 'cascade' }),
    sortOrder: integer('sort_order').notNull().default(0),
    status: text('insight_status', { enum: INSIGHT_STATUS_VALUES }).notNull().default('Draft'),
    /** A key of the insight categories (contexts/results/insights/reference.ts), or null. */
    category: text('category'),
    title: text('title').notNull(),
    text: text('text').notNull().default(''),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('insights_study_sort').on(t.studyId, t.sortOrder)],
);

export const sceneViews = pgTable(
  'scene_views',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    insightId: integer('insight_id')
      .notNull()
      .references(() => insights.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    cameraPositionId: integer('camera_position_id').references(() => cameraPositions.id, { onDelete: 'set null' }),
    /** The camera when saved: {position, target, up?, fov?}. */
    camera: jsonb('camera'),
    /** [{simulation_id, identifier, view_id}] */
    layerSelection: jsonb('layer_selection').notNull().default([]),
    simulationId: integer('simulation_id').references(() => simulations.id, { onDelete: 'set null' }),
    assetId: integer('asset_id').references(() => assets.id, { onDelete: 'set null' }),
    legend: jsonb('legend'),
    studyImageId: integer('study_image_id').references(() => studyImages.id, { onDelete: 'set null' }),
    /** The client's versioned scene-view JSON, stored as given. */
    viewJson: jsonb('view_json'),
  },
  (t) => [index('scene_views_insight').on(t.insightId)],
);

export const drawings = pgTable(
  'drawings',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    sceneViewId: integer('scene_view_id')
      .notNull()
      .references(() => sceneViews.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    drawingJson: jsonb('drawing_json').notNull(),
    horizontalTranslationFactor: doublePrecision('horizontal_translation_factor').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('drawings_scene_view').on(t.sceneViewId)],
);

export const insightPinTypes = pgTable(
  'insight_pin_types',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    insightId: integer('insight_id')
      .notNull()
      .references(() => insights.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    colour: text('colour').notNull(),
    icon: text('icon').notNull(),
    /** The pin-type template it was made from (contexts/results/insights/reference.ts), or null. */
    templateId: integer('template_id'),
  },
  (t) => [index('insight_pin_types_insight').on(t.insightId)],
);

export const insightPins = pgTable(
  'insight_pins',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    insightId: integer('insight_id')
      .notNull()
      .references(() => insights.id, { onDelete: 'cascade' }),
    pinTypeId: integer('insight_pin_type_id')
      .notNull()
      .references(() => insightPinTypes.id, { onDelete: 'cascade' }),
    sceneViewId: integer('scene_view_id').references(() => sceneViews.id, { onDelete: 'set null' }),
    /** {position: [x,y,z], layer_id?, value?, unit?} */
    item: jsonb('item').notNull(),
    title: text('title').notNull().default(''),
    note: text('note').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('insight_pins_insight').on(t.insightId)],
);

export const imageViews = pgTable(
  'image_views',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    insightId: integer('insight_id')
      .notNull()
      .references(() => insights.id, { onDelete: 'cascade' }),
    studyImageId: integer('study_image_id')
      .notNull()
      .references(() => studyImages.id, { onDelete: 'cascade' }),
    sceneViewId: integer('scene_view_id').references(() => sceneViews.id, { onDelete: 'set null' }),
    caption: text('caption').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('image_views_insight').on(t.insightId)],
);

export const reports = pgTable(
  'reports',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    studyId: integer('study_id')
      .notNull()
      .references(() => studies.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    status: text('report_status', { enum: INSIGHT_STATUS_VALUES }).notNull().default('Draft'),
    pageSize: text('page_size', { enum: ['A4', 'Letter'] })
      .notNull()
      .default('A4'),
    /** {project, location, author, version, date} */
    cover: jsonb('cover').notNull(),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('reports_study').on(t.studyId)],
);

export const reportViews = pgTable(
  'report_views',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    reportId: integer('report_id')
      .notNull()
      .references(() => reports.id, { onDelete: 'cascade' }),
    imageViewId: integer('image_view_id')
      .notNull()
      .references(() => imageViews.id, { onDelete: 'cascade' }),
    caption: text('caption').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [index('report_views_report').on(t.reportId)],
);
