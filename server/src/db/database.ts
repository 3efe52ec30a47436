/**
 * Opens the database: embedded PGlite under DATA_DIR by default, node-postgres when DATABASE_URL
 * is set. Both are driven through drizzle's PostgreSQL dialect, so services see one `Db` type.
 */
import { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as schema from './schema/index.ts';
import { acquireDirectoryLock, type DirectoryLock } from './directory-lock.ts';
import { pgliteStatements, type PgliteStatements } from './pglite-statements.ts';

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
  /** The PGlite instance when embedded (tests clone it), else undefined. */
  pglite?: PGlite;
  /** When embedded: what drizzle's statements outside transactions run through (db/pglite-statements.ts). */
  pgliteStatements?: PgliteStatements;
  /** The node-postgres pool when on PostgreSQL (LISTEN/NOTIFY, job queue), else undefined. */
  pool?: pg.Pool;
}

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/**
 * PGlite runs each statement synchronously on the event loop and resolves it in a microtask, so a
 * backlog of queued statements ran back to back without the loop ever polling its sockets: under
 * 50 connections a profile showed runs of up to 2.5 s in which no request was read or answered,
 * and the project detail's p99 was 20 times its median (issue 17 item 13). Statements (and
 * transactions, whole) now take turns in arrival order, one per turn of the loop: the next starts
 * from `setImmediate`, after the loop has polled its sockets. PGlite serialises them anyway, so
 * nothing runs later than it would have, only in fairer order.
 */
function takingTurns(client: PGlite, statements: PgliteStatements): PGlite {
  const waiting: Array<() => void> = [];
  let busy = false;
  const acquire = () =>
    new Promise<void>((resolve) => {
      if (busy) waiting.push(resolve);
      else {
        busy = true;
        resolve();
      }
    });
  const release = () =>
    setImmediate(() => {
      const next = waiting.shift();
      if (next) next();
      else busy = false;
    });
  const gated = new Set<PropertyKey>(['query', 'exec', 'transaction']);
  return new Proxy(client, {
    get(target, property) {
      // Statements outside transactions run as named prepared statements.
      const value: unknown = property === 'query' ? statements.query : Reflect.get(target, property, target);
      if (typeof value !== 'function') return value;
      if (!gated.has(property)) return value.bind(target);
      return async (...args: unknown[]) => {
        await acquire();
        try {
          return await (value as (...a: unknown[]) => unknown).apply(target, args);
        } finally {
          release();
        }
      };
    },
  });
}

export function wrapPglite(client: PGlite, lock?: DirectoryLock): Database {
  const statements = pgliteStatements(client);
  const db = drizzlePglite({ client: takingTurns(client, statements), schema }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    pgliteStatements: statements,
    migrate: () => migratePglite(drizzlePglite({ client, schema }), { migrationsFolder }),
    ping: async () => {
      await client.query('select 1');
    },
    close: async () => {
      if (!client.closed) await client.close();
      lock?.release();
    },
  };
}

/** Advisory lock key held while migrating ("canopy" in ASCII). */
const MIGRATION_LOCK = 0x63616e6f7079;

export function wrapPool(pool: pg.Pool): Database {
  // An idle connection the server drops (a restart, a failover) is reported here; unheard, it would
  // crash the process. The pool discards that connection and opens a new one when next needed.
  pool.on('error', (error) => console.error(`[database] idle connection lost: ${error.message}`));
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
    // Fail at start-up, not on the first request, when the server cannot be reached.
    const client = await pool.connect();
    client.release();
    return wrapPool(pool);
  }
  const dir = join(options.dataDir, 'pgdata');
  mkdirSync(dir, { recursive: true });
  // PGlite is one process's database: a second server on the same folder would corrupt it.
  const lock = acquireDirectoryLock(dir);
  try {
    const client = await PGlite.create(dir);
    return wrapPglite(client, lock);
  } catch (error) {
    lock.release();
    throw error;
  }
}
