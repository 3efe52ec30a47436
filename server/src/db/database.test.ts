import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { openDatabase } from './database.ts';
import { acquireDirectoryLock, DirectoryLockedError } from './directory-lock.ts';
import { openTestDatabase } from '../../test/harness.ts';
import { seedDemo, seedRoles, DEMO } from './seed.ts';

const EXPECTED_TABLES = [
  'assets',
  'companies',
  'configurations',
  'projects',
  'role_permissions',
  'roles',
  'server_settings',
  'simulations',
  'studies',
  'users',
];

describe('migrations', () => {
  it('apply on a fresh embedded database and create every foundation table', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'canopy-mig-'));
    const database = await openDatabase({ dataDir: dir });
    try {
      await database.migrate();
      await database.migrate(); // a second run is a no-op
      const rows = await database.db.execute<{ table_name: string }>(
        sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
      );
      const names = (rows as unknown as { rows: { table_name: string }[] }).rows.map((r) => r.table_name);
      for (const table of EXPECTED_TABLES) expect(names).toContain(table);
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('are present in the per-file test database (template clone or PostgreSQL)', async () => {
    const database = await openTestDatabase();
    try {
      const result = await database.db.execute(sql`select count(*)::int as n from roles`);
      const n = (result as unknown as { rows: { n: number }[] }).rows[0]!.n;
      expect(n).toBeGreaterThanOrEqual(4);
    } finally {
      await database.close();
    }
  });
});

describe('seeding', () => {
  it('is idempotent and creates the demo company, user and a demo project once', async () => {
    const database = await openTestDatabase();
    try {
      await seedRoles(database.db);
      expect((await seedDemo(database.db)).demoCreated).toBe(true);
      expect((await seedDemo(database.db)).demoCreated).toBe(false);
      const count = async (q: ReturnType<typeof sql>) => ((await database.db.execute(q)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
      expect(await count(sql`select count(*)::int as n from users where username = ${DEMO.username}`)).toBe(1);
      expect(await count(sql`select count(*)::int as n from projects where is_demo`)).toBe(1);
      expect(await count(sql`select count(*)::int as n from studies`)).toBe(1);
    } finally {
      await database.close();
    }
  });
});

describe('the data folder lock', () => {
  it('refuses a folder held by another live process and takes over a stale lock', () => {
    const dir = mkdtempSync(join(tmpdir(), 'canopy-lock-'));
    const data = join(dir, 'pgdata');
    // A live foreign owner: a sleeping child process.
    const holder = spawn('sleep', ['30']);
    writeFileSync(data + '.lock', String(holder.pid));
    expect(() => acquireDirectoryLock(data)).toThrow(DirectoryLockedError);
    // A stale owner: a pid that cannot exist.
    rmSync(data + '.lock');
    spawnSync('node', ['-e', `require('fs').writeFileSync(${JSON.stringify(data + '.lock')}, '999999999')`]);
    const lock = acquireDirectoryLock(data);
    lock.release();
    holder.kill();
    rmSync(dir, { recursive: true, force: true });
  });
});

describe('statements on the embedded database', () => {
  it('take turns with the event loop: a backlog does not run to its end before the loop polls again, and each answers in order', async () => {
    // Before issue 17's fix, 100 queued statements all ran in one stretch of microtasks: the
    // loop (and with it every socket) waited for the whole backlog. Now each starts on its own turn.
    const database = await openTestDatabase();
    if (database.kind !== 'pglite') return void (await database.close());
    try {
      const finished: number[] = [];
      const backlog = Array.from({ length: 100 }, (_, i) => database.db.execute(sql`select ${i}::int as n`).then(() => finished.push(i)));
      const seenAtFirstTurn = await new Promise<number>((resolve) => setImmediate(() => resolve(finished.length)));
      const seenAtTenthTurn = await new Promise<number>((resolve) => {
        let turns = 0;
        const tick = () => (++turns === 10 ? resolve(finished.length) : setImmediate(tick));
        setImmediate(tick);
      });
      await Promise.all(backlog);
      expect(seenAtFirstTurn).toBeLessThanOrEqual(2);
      expect(seenAtTenthTurn).toBeGreaterThan(seenAtFirstTurn);
      expect(seenAtTenthTurn).toBeLessThan(30);
      expect(finished).toEqual(Array.from({ length: 100 }, (_, i) => i));
      // A transaction takes one turn, whole, and statements queued behind it wait for it.
      const order: string[] = [];
      const tx = database.db.transaction(async (t) => {
        await t.execute(sql`select 1`);
        await t.execute(sql`select 2`);
        order.push('transaction');
      });
      const after = database.db.execute(sql`select 3`).then(() => order.push('after'));
      await Promise.all([tx, after]);
      expect(order).toEqual(['transaction', 'after']);
    } finally {
      await database.close();
    }
  });
});
