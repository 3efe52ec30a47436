/** Server-wide key/value settings shared by every process (e.g. the generated secret key). */
import { pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const serverSettings = pgTable('server_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
