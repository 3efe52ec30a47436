/**
 * Test harness: an app over a private clone of the migrated template database, a temporary data
 * folder, a mailer that keeps messages in memory, and a clock the test can move.
 */
import { existsSync, readFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { inject } from 'vitest';
import { openEmbedded, type Database } from '../src/db/database.ts';
import { loadConfig, type Config } from '../src/env.ts';
import { createApp } from '../src/app.ts';
import type { ApiApp } from '../src/http/api-app.ts';
import type { AppDeps, Clock } from '../src/deps.ts';
import type { MailMessage, Mailer } from '../src/mail/mailer.ts';
import { VERSION } from '../src/version.ts';
import { createJobQueue } from '../src/jobs/job-queue.ts';
import { openBlobStore } from '../src/blobs/open-blob-store.ts';
import { openHeavyWork } from '../src/inline-cpu-pool.ts';
import pg from 'pg';
import { wrapPool } from '../src/db/database.ts';
import { startAzurite, type Azurite } from './azurite.ts';

export class TestClock implements Clock {
  private offsetMs = 0;
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }
  advance(ms: number): void {
    this.offsetMs += ms;
  }
}

export class MemoryMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  async send(message: MailMessage): Promise<void> {
    this.sent.push(message);
  }
  last(): MailMessage | undefined {
    return this.sent.at(-1);
  }
}

export interface TestContext {
  app: ApiApp;
  deps: AppDeps;
  database: Database;
  clock: TestClock;
  mailer: MemoryMailer;
  config: Config;
  /** Sends a request to the app, JSON-encoding `json` when given. */
  request(path: string, init?: RequestInit & { json?: unknown; token?: string }): Promise<Response>;
  /** Under test:pg, the URL of this file's own database (for child processes such as a job worker). */
  databaseUrl?: string;
  close(): Promise<void>;
}

/** A database for one test file: a PGlite clone of the template, or PostgreSQL under test:pg (with its URL). */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const url = process.env.TEST_DATABASE_URL;
  if (url) return openIsolatedPostgres(url);
  return openEmbedded({ loadDataDir: readFileSync(inject('pgTemplatePath')) });
}

/** Under test:pg each test file gets its own freshly migrated database on the real server. */
async function openIsolatedPostgres(adminUrl: string): Promise<Database & { url: string }> {
  const name = `canopy_test_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  // template0: concurrent test files would collide on template1 ("being accessed by other users").
  await admin.query(`create database ${name} template template0`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 5 });
  const database = wrapPool(pool);
  await database.migrate();
  const { seedEula, seedRoles } = await import('../src/seed.ts');
  await seedRoles(database.db);
  await seedEula(database.db);
  const close = database.close;
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await close();
      const again = new pg.Client({ connectionString: adminUrl });
      await again.connect();
      await again.query(`drop database if exists ${name} with (force)`);
      await again.end();
    },
  };
}

export async function createTestContext(env: Record<string, string> = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(join(tmpdir(), 'canopy-test-'));
  // CANOPY_TEST_BLOB_STORE=azure: the same tests with their blobs on an Azurite of their own.
  const azurite: Azurite | null = process.env.CANOPY_TEST_BLOB_STORE === 'azure' && !env.BLOB_STORE ? await startAzurite() : null;
  // Heavy request work runs inline (no thread start-up per file) unless a test asks for threads.
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    NODE_ENV: 'test',
    WEB_DIST_DIR: join(dataDir, 'dist'),
    HEAVY_WORK_THREADS: '0',
    // No test reaches the internet: the online weather provider is off unless a test points it at
    // its own local server (test/fake-pvgis.ts).
    WEATHER_PVGIS_URL: 'off',
    // Job threads at the event loop's priority: on a busy machine, nice 19 would starve the tests'
    // analyses behind every other program (the production default, 19, is tested by name).
    JOB_THREAD_NICE: '0',
    // Tests never reach the internet: the online map services are off (a 400 that says so) unless a
    // test starts its own recorded server (server/test/osm-servers.ts). Not a closed port: the 502
    // an unreachable service rightly gets would read as a server fault to the API's fuzzing.
    OVERPASS_URL: 'off',
    GEOCODER_URL: 'off',
    ...azurite?.env(),
    ...env,
  });
  const database = await openTestDatabase();
  const clock = new TestClock();
  const secretKey = new TextEncoder().encode('test-secret-key-that-is-long-enough-for-hs256');
  const mailer = new MemoryMailer();
  const deps: AppDeps = {
    config,
    database,
    mailer,
    clock,
    secretKey,
    version: VERSION,
    jobs: createJobQueue(database.db),
    blobStore: await openBlobStore(config, secretKey),
    heavy: openHeavyWork(config),
  };
  const app = createApp(deps);
  return {
    app,
    deps,
    database,
    clock,
    mailer,
    config,
    ...(database.url ? { databaseUrl: database.url } : {}),
    request(path, init = {}) {
      const { json, token, headers, ...rest } = init;
      const h = new Headers(headers);
      if (json !== undefined) h.set('content-type', 'application/json');
      if (token) h.set('authorization', `Bearer ${token}`);
      return Promise.resolve(app.request(path, { ...rest, headers: h, body: json !== undefined ? JSON.stringify(json) : rest.body }));
    },
    async close() {
      await deps.heavy.close();
      await database.close();
      await azurite?.stop();
      // On Azure every blob goes to the store: a file under DATA_DIR/blobs is a writer that bypassed it.
      const bypassed = azurite && existsSync(join(dataDir, 'blobs'));
      rmSync(dataDir, { recursive: true, force: true });
      if (bypassed) throw new Error('BLOB_STORE=azure, yet something wrote under DATA_DIR/blobs');
    },
  };
}
