/**
 * Uploads: the grants handed out with signed upload URLs, and one row per stored file so later
 * features (project files, weather, scenarios, results import) can attach an upload by its id.
 *
 * A grant maps the uuid of a signed URL to the project and user it was issued for: the PUT carries
 * only the signature (as with Azure Blob Storage), so the server learns who uploaded from here.
 */
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { projects } from './projects.ts';

/** `assets`: simulation assets (asset-upload-url/); `project-assets`: project files (project-asset-upload-url/). */
export const BLOB_CONTAINERS = ['assets', 'project-assets'] as const;
export type BlobContainer = (typeof BLOB_CONTAINERS)[number];

export const uploadGrants = pgTable(
  'upload_grants',
  {
    uuid: uuid('uuid').primaryKey(),
    container: text('container', { enum: BLOB_CONTAINERS }).notNull(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    issuedTo: integer('issued_to').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('upload_grants_project').on(t.projectId)],
);

export const uploads = pgTable(
  'uploads',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    projectId: integer('project_id')
      .notNull()
      .references(() => projects.id, { onDelete: 'cascade' }),
    container: text('container', { enum: BLOB_CONTAINERS }).notNull(),
    uuid: uuid('uuid').notNull(),
    /** The blob's name under `{uuid}/` exactly as the client addressed it (validated, never rewritten). */
    filename: text('filename').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    /** Hex SHA-256 of the bytes, computed while they streamed in. */
    sha256: text('sha256').notNull(),
    /** Sniffed from the first bytes, not taken from the client. */
    contentType: text('content_type').notNull(),
    /** The sniffed format (stl-binary, stl-ascii, epw, glb, csv, …): what later parsers switch on. */
    format: text('format').notNull(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('uploads_blob').on(t.container, t.uuid, t.filename), index('uploads_project').on(t.projectId, t.uploadedAt)],
);
