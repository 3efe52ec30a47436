/**
 * Files attached to a project (the settings' "files" tab). The bytes live in the blob store and are
 * described by an `uploads` row; attaching one records who attached it and under which name, so the
 * same upload is never listed twice for a project.
 */
import { integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { projects } from './projects.ts';
import { uploads } from './uploads.ts';

export const projectFiles = pgTable(
  'project_files',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    uploadId: integer('upload_id')
      .notNull()
      .references(() => uploads.id, { onDelete: 'cascade' }),
    /** Display name; the upload's filename unless the user gave another. */
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    attachedBy: integer('attached_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('project_files_upload').on(t.projectId, t.uploadId)],
);
