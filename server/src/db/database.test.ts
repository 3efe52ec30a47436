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
import { seedDemo, seedRoles, DEMO } from '../seed.ts';
import { isUniqueViolation } from './unique-violation.ts';
import { prepared } from './prepared.ts';
import { roles } from './schema/index.ts';

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

describe('the embedded database on its own thread', () => {
  it('keeps the server’s loop turning while a long statement runs, and answers in order', async () => {
    // On the server's thread, a statement ran synchronously in WebAssembly: no socket was read
    // until it finished. On its own thread, the loop goes on turning meanwhile.
    const database = await openTestDatabase();
    if (database.kind !== 'pglite') return void (await database.close());
    try {
      let turns = 0;
      let running = true;
      const turn = () => {
        turns++;
        if (running) setImmediate(turn);
      };
      setImmediate(turn);
      await database.db.execute(sql`select count(*) from generate_series(1, 2000000) as g(n) where n % 7 = 3`);
      running = false;
      expect(turns).toBeGreaterThan(10);
      const finished: number[] = [];
      await Promise.all(Array.from({ length: 100 }, (_, i) => database.db.execute(sql`select ${i}::int as n`).then(() => finished.push(i))));
      expect(finished).toEqual(Array.from({ length: 100 }, (_, i) => i));
    } finally {
      await database.close();
    }
  });

  it('gives the rows PGlite gives on its own thread: JSON parsed, the caller’s parsers applied, in both row modes', async () => {
    const database = await openTestDatabase();
    if (database.kind !== 'pglite') return void (await database.close());
    const thread = database.pgliteThread!;
    try {
      const text = `select 1::int as i, 9007199254740993::bigint as big, 1.5::numeric as num, true as ok, '{"a": [1, {"b": null}]}'::json as j,
        '{"k": "v"}'::jsonb as jb, array['x', 'y'] as arr, '2026-11-27T10:00:00Z'::timestamptz as at, null::json as nothing, $1::text as param`;
      const keepTimestamps = { [1184]: (value: string) => `kept ${value}` };
      const asObjects = await thread.query(text, ['p'], { parsers: keepTimestamps });
      expect(asObjects.rows).toEqual([
        {
          i: 1,
          big: 9007199254740993n,
          num: '1.5',
          ok: true,
          j: { a: [1, { b: null }] },
          jb: { k: 'v' },
          arr: ['x', 'y'],
          at: 'kept 2026-11-27 10:00:00+00',
          nothing: null,
          param: 'p',
        },
      ]);
      const asArrays = await thread.query<unknown[]>(text, ['p'], { rowMode: 'array' });
      expect(asArrays.rows[0]).toEqual([
        1,
        9007199254740993n,
        '1.5',
        true,
        { a: [1, { b: null }] },
        { k: 'v' },
        ['x', 'y'],
        new Date('2026-11-27T10:00:00Z'),
        null,
        'p',
      ]);
      expect(asArrays.fields.map((f) => f.name)).toEqual(['i', 'big', 'num', 'ok', 'j', 'jb', 'arr', 'at', 'nothing', 'param']);
    } finally {
      await database.close();
    }
  });

  it('runs a transaction whole: committed when it returns, rolled back when it throws, statements sent meanwhile wait', async () => {
    const database = await openTestDatabase();
    if (database.kind !== 'pglite') return void (await database.close());
    const { db } = database;
    try {
      await db.execute(sql`create table thread_tx (n int primary key)`);
      const order: string[] = [];
      const tx = db.transaction(async (t) => {
        await t.execute(sql`insert into thread_tx values (1)`);
        await t.execute(sql`insert into thread_tx values (2)`);
        order.push('transaction');
      });
      const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;
      const after = db.execute(sql`select count(*)::int as n from thread_tx`).then((r) => order.push(`after saw ${(rowsOf(r)[0] as { n: number }).n}`));
      await Promise.all([tx, after]);
      expect(order).toEqual(['transaction', 'after saw 2']);

      await expect(
        db.transaction(async (t) => {
          await t.execute(sql`insert into thread_tx values (3)`);
          throw new Error('changed my mind');
        }),
      ).rejects.toThrow('changed my mind');
      // A nested transaction (a savepoint) rolled back alone; the outer one commits.
      await db.transaction(async (t) => {
        await t.execute(sql`insert into thread_tx values (4)`);
        await t
          .transaction(async (inner) => {
            await inner.execute(sql`insert into thread_tx values (5)`);
            inner.rollback();
          })
          .catch(() => undefined);
      });
      expect(rowsOf(await db.execute(sql`select n from thread_tx order by n`))).toEqual([{ n: 1 }, { n: 2 }, { n: 4 }]);

      // A failure keeps PostgreSQL's code and constraint on this side (isUniqueViolation reads them).
      const error = await db.execute(sql`insert into thread_tx values (1)`).catch((e: unknown) => e);
      expect(isUniqueViolation(error, 'thread_tx_pkey')).toBe(true);
      // A transaction whose statement failed is not committed, even if its callback carried on.
      const aborted = await db
        .transaction(async (t) => {
          await t.execute(sql`insert into thread_tx values (6)`);
          await t.execute(sql`insert into thread_tx values (1)`).catch(() => undefined);
        })
        .catch((e: { code?: string }) => e.code);
      expect(aborted).toBe('25P02');
      expect(rowsOf(await db.execute(sql`select count(*)::int as n from thread_tx where n = 6`))).toEqual([{ n: 0 }]);
    } finally {
      await database.close();
    }
  });
});

describe('statements prepared for every request (db/prepared.ts)', () => {
  it('are planned once for all values, on either database, even with a LIMIT and OFFSET', async () => {
    const database = await openTestDatabase();
    try {
      const statement = prepared(database.db, 'plan_once_probe_v1', (d, name) =>
        d.select({ id: roles.id }).from(roles).orderBy(roles.id).limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).prepare(name),
      );
      for (let i = 0; i < 8; i++) expect((await statement.execute({ limit: 2, offset: 1 })).length).toBe(2);
      if (database.kind === 'pglite') {
        // One session: its prepared statements are this database's.
        const text = statement.getQuery().sql;
        const { rows } = await database.pgliteThread!.query('select generic_plans::int, custom_plans::int from pg_prepared_statements where statement = $1', [
          text,
        ]);
        expect(rows).toEqual([{ generic_plans: 8, custom_plans: 0 }]);
      } else {
        // Named statements on every pooled connection are planned generically (unnamed ones never are).
        const client = await database.pool!.connect();
        try {
          expect((await client.query('show plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'force_generic_plan' }]);
        } finally {
          client.release();
        }
      }
    } finally {
      await database.close();
    }
  });
});
