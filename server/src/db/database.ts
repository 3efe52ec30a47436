/**
 * Opens the database: embedded PGlite under DATA_DIR by default, node-postgres when DATABASE_URL
 * is set. Both are driven through drizzle's PostgreSQL dialect, so services see one `Db` type.
 */
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from './schema/index.ts';
import { acquireDirectoryLock, type DirectoryLock } from './directory-lock.ts';
import { startPgliteThread, type PgliteThread } from './pglite-thread.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  /** Runs migrations that have not been applied yet. */
  migrate(): Promise<void>;
  /** Cheap round trip used by the health check. */
  ping(): Promise<void>;
  close(): Promise<void>;
  /** When embedded: the database's own thread, which drizzle's statements go to (db/pglite-thread.ts). */
  pgliteThread?: PgliteThread;
  /** The node-postgres pool when on PostgreSQL (LISTEN/NOTIFY, job queue), else undefined. */
  pool?: pg.Pool;
}

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** The database thread behind each embedded handle, for `planOnce`. */
const embedded = new WeakMap<Db, PgliteThread>();

/**
 * Plans `text` once for all values on the embedded database (db/pglite-statements.ts planOnce);
 * on PostgreSQL, and on a transaction's handle, nothing.
 */
export function planOnce(db: Db, text: string): void {
  embedded.get(db)?.planOnce(text);
}

/**
 * The embedded database on its own thread (db/pglite-thread.ts, ADR 25). `dataDir`: its folder
 * (locked by the caller); absent, in memory. `loadDataDir`: a dump to start from (tests).
 */
export async function openEmbedded(options: { dataDir?: string; loadDataDir?: Uint8Array; lock?: DirectoryLock }): Promise<Database> {
  const thread = await startPgliteThread({ dataDir: options.dataDir, loadDataDir: options.loadDataDir });
  // drizzle's PGlite driver calls query, exec and transaction: the thread answers all three.
  const db = drizzlePglite({ client: thread as unknown as PGlite, schema }) as unknown as Db;
  embedded.set(db, thread);
  return {
    db,
    kind: 'pglite',
    pgliteThread: thread,
    migrate: () => thread.migrate(migrationsFolder),
    ping: async () => {
      await thread.query('select 1');
    },
    close: async () => {
      await thread.close();
      options.lock?.release();
    },
  };
}

/** Advisory lock key held while migrating ("canopy" in ASCII). */
const MIGRATION_LOCK = 0x63616e6f7079;

export function wrapPool(pool: pg.Pool): Database {
  // An idle connection the server drops (a restart, a failover) is reported here; unheard, it would
  // crash the process. The pool discards that connection and opens a new one when next needed.
  pool.on('error', (error) => console.error(`[database] idle connection lost: ${error.message}`));
  // Named statements (drizzle's .prepare(name): db/prepared.ts, the ones every request runs) are
  // planned once per connection, as on the embedded database (planOnce). With plan_cache_mode auto,
  // PostgreSQL planned the project list anew for every run (its LIMIT and OFFSET make plans for given
  // values look cheaper): 0.29 ms of planning beside 0.37 ms of execution, against 0.03 ms planned
  // once. Unnamed statements (everything else) are planned for their values whatever this says.
  // Queued on the new connection before anything the pool hands it out for.
  pool.on('connect', (client) => {
    client.query('set plan_cache_mode = force_generic_plan').catch((error: Error) => console.error(`[database] plan_cache_mode not set: ${error.message}`));
  });
  const db = drizzlePg({ client: pool, schema }) as unknown as Db;
  return {
    db,
    kind: 'postgres',
    pool,
    // Processes starting together (several `serve`, a `worker`) migrate one at a time: the first
    // applies the migrations, the others find them applied.
    migrate: async () => {
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
        client.release();
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`);
    },
    close: () => pool.end(),
  };
}

export async function openDatabase(options: { databaseUrl?: string; dataDir: string }): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10 });
    // Wrapped first, so that this connection too gets its settings (wrapPool's 'connect').
    const database = wrapPool(pool);
    // Fail at start-up, not on the first request, when the server cannot be reached.
    const client = await pool.connect();
    client.release();
    return database;
  }
  const dir = join(options.dataDir, 'pgdata');
  mkdirSync(dir, { recursive: true });
  // PGlite is one process's database: a second server on the same folder would corrupt it.
  const lock = acquireDirectoryLock(dir);
  try {
    return await openEmbedded({ dataDir: dir, lock });
  } catch (error) {
    lock.release();
    throw error;
  }
}
