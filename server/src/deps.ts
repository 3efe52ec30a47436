/**
 * What the app factory receives. Everything stateful is passed in — no module-level singletons —
 * so tests build an app over a cloned database and a temporary folder, and a second process can
 * run the same code against the same PostgreSQL.
 */
import type { Config } from './env.ts';
import type { Database, Db } from './db/database.ts';
import type { Mailer } from './mail/mailer.ts';
import type { AuthUser } from './kernel/auth-user.ts';
import type { JobQueue } from './jobs/job-queue.ts';
import type { BlobStore } from './blobs/blob-store.ts';
import type { EventBus } from './realtime/bus.ts';
import type { HeavyWork } from './jobs/heavy-work.ts';
import type { HeavyTaskName } from './cpu-tasks.ts';

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export interface AppDeps {
  config: Config;
  database: Database;
  mailer: Mailer;
  clock: Clock;
  /** The server's secret for signing tokens and URLs (from SECRET_KEY or DATA_DIR/secret.key). */
  secretKey: Uint8Array;
  version: string;
  /** Background work (analyses, validation, demo results): enqueue here, workers run it. */
  jobs: JobQueue;
  /** Uploaded files (local disk under DATA_DIR/blobs, or Azure Blob Storage). */
  blobStore: BlobStore;
  /** Heavy request work (image decoding, large uploaded files) in worker threads, capped per user. */
  heavy: HeavyWork<HeavyTaskName>;
  /** Live updates to WebSocket users (realtime/bus.ts); absent → nothing is pushed (clients poll). */
  bus?: EventBus;
}

export type AppEnv = {
  Variables: {
    deps: AppDeps;
    db: Db;
    user?: AuthUser;
    /** The database state the token's user was read in (`pg_current_snapshot()`), for http/snapshot-cache.ts. */
    snapshot?: string;
  };
};
