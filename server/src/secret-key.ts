/**
 * The HMAC secret for tokens and signed URLs. SECRET_KEY wins; otherwise one is generated on first
 * start and kept in the database, so every process sharing the database signs with the same key.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from './db/database.ts';
import { serverSettings } from './db/schema/index.ts';

export async function loadSecretKey(db: Db, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insert(serverSettings)
    .values({ key: 'secret_key', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const [row] = await db.select().from(serverSettings).where(eq(serverSettings.key, 'secret_key'));
  return new TextEncoder().encode(row!.value);
}
