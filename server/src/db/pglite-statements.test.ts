/**
 * Statements on PGlite as named prepared statements (db/pglite-statements.ts): the same rows as
 * PGlite's own query(), parsed and planned once, a bounded number kept, prepared again after a
 * schema change, errors reported as query() reports them, and never inside another's transaction.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PGlite, types, type QueryOptions } from '@electric-sql/pglite';
import { pgliteStatements } from './pglite-statements.ts';

let client: PGlite;

beforeAll(async () => {
  client = await PGlite.create();
  await client.exec(`
    create table things (id serial primary key, name text not null unique, at timestamptz not null default '2026-11-27T10:00:00Z',
      score numeric, tags text[], doc jsonb, ok boolean, n bigint);
    insert into things (name, score, tags, doc, ok, n) values
      ('a', 1.5, '{x,y}', '{"k": [1, 2]}', true, 9007199254740993), ('b', null, '{}', null, false, 2);
  `);
});
afterAll(() => client.close());

/** How many prepared statements the session holds. */
async function preparedInSession(): Promise<number> {
  const { rows } = await client.query<{ n: number }>('select count(*)::int as n from pg_prepared_statements');
  return rows[0]!.n;
}

/** The planner settings a statement that is not planned once runs with, read through `statements`. */
async function settings(statements: ReturnType<typeof pgliteStatements>, inTransaction = false): Promise<unknown> {
  const text = `select current_setting('plan_cache_mode') as mode, current_setting('enable_bitmapscan') as bitmap`;
  const { rows } = inTransaction ? await statements.queryInTransaction(text) : await statements.query(text);
  return rows[0];
}

describe('named statements on PGlite', () => {
  const drizzleLike: QueryOptions = { rowMode: 'array', parsers: { [types.TIMESTAMPTZ]: (value: string) => value } };

  it('give the rows, fields and counts query() gives, in both row modes and with the caller’s parsers', async () => {
    const statements = pgliteStatements(client);
    const text = 'select id, name, at, score, tags, doc, ok, n from things where id >= $1 order by id';
    for (const options of [undefined, drizzleLike, { rowMode: 'object' as const }]) {
      const own = await statements.query(text, [1], options);
      const theirs = await client.query(text, [1], options);
      expect(own).toEqual(theirs);
    }
    expect((await statements.query<unknown[]>(text, [1], drizzleLike)).rows[0]![2]).toBe('2026-11-27 10:00:00+00');
    const update = 'update things set ok = $1 where name = any($2)';
    expect(await statements.query(update, [true, ['a', 'b']])).toEqual(await client.query(update, [true, ['a', 'b']]));
    const insert = 'insert into things (name) values ($1) returning id';
    const inserted = await statements.query<{ id: number }>(insert, ['c']);
    expect(inserted).toMatchObject({ affectedRows: 1, rowCount: 1, command: 'INSERT', rows: [{ id: expect.any(Number) }] });
    await statements.query('delete from things where name = $1', ['c']);
  });

  it('prepare a text once and run it again without parsing it', async () => {
    const statements = pgliteStatements(client);
    const before = await preparedInSession();
    for (let i = 0; i < 5; i++) await statements.query('select name from things where id = $1', [1]);
    expect(await preparedInSession()).toBe(before + 1);
    expect(statements.size).toBe(1);
  });

  it('keep at most the given number of texts, closing the least recently used', async () => {
    const statements = pgliteStatements(client, 3);
    const before = await preparedInSession();
    for (let i = 0; i < 10; i++) await statements.query(`select ${i} as n, name from things where id = $1`, [1]);
    expect(statements.size).toBe(3);
    // The closes of the oldest go out with the next prepare: at most one more than the limit in between.
    expect(await preparedInSession()).toBeLessThanOrEqual(before + 4);
    expect((await statements.query<{ n: number }>('select 9 as n, name from things where id = $1', [1])).rows[0]!.n).toBe(9);
  });

  it('prepare again when a schema change alters the result, or the statements were deallocated', async () => {
    const statements = pgliteStatements(client);
    await client.exec('create table shifting (id int primary key, v int); insert into shifting values (1, 1);');
    expect((await statements.query('select * from shifting where id = $1', [1])).rows).toEqual([{ id: 1, v: 1 }]);
    await client.exec(`alter table shifting alter column v type text; alter table shifting add column w text default 'w';`);
    expect((await statements.query('select * from shifting where id = $1', [1])).rows).toEqual([{ id: 1, v: '1', w: 'w' }]);
    await client.exec('deallocate all');
    expect((await statements.query('select * from shifting where id = $1', [1])).rows).toEqual([{ id: 1, v: '1', w: 'w' }]);
  });

  it('plan a statement marked planOnce for all values, without changing the mode of other statements or the rows', async () => {
    const statements = pgliteStatements(client);
    await client.exec(`create table many (id int primary key, v text); insert into many select g, 'v' || g from generate_series(1, 2000) g;`);
    const text = 'select id, v from many order by id desc limit $1 offset $2';
    const expected = (await client.query(text, [3, 5])).rows;
    statements.planOnce(text);
    for (let i = 0; i < 3; i++) expect((await statements.query(text, [3, 5])).rows).toEqual(expected);
    const { rows } = await client.query<{ generic_plans: number; custom_plans: number }>(
      'select generic_plans::int, custom_plans::int from pg_prepared_statements where statement = $1',
      [text],
    );
    expect(rows).toEqual([{ generic_plans: 3, custom_plans: 0 }]);
    // The session stays in the mode until a statement of the other kind, or restoreDefaults.
    expect(await settings(statements)).toEqual({ mode: 'auto', bitmap: 'on' });
    await statements.query(text, [3, 5]);
    await statements.restoreDefaults();
    expect((await client.query<{ plan_cache_mode: string }>('show plan_cache_mode')).rows[0]!.plan_cache_mode).toBe('auto');
    // Unmarked, the same text is planned for its values each time (what auto does with a LIMIT).
    const other = pgliteStatements(client);
    for (let i = 0; i < 7; i++) await other.query(text, [3, 5]);
    const counts = await client.query<{ custom_plans: number }>(
      'select custom_plans::int from pg_prepared_statements where statement = $1 and custom_plans > 0',
      [text],
    );
    expect(counts.rows[0]!.custom_plans).toBe(7);
    // A failed run leaves the mode as it was.
    statements.planOnce('select ($1::int) / $2::int as x');
    await expect(statements.query('select ($1::int) / $2::int as x', [1, 0])).rejects.toMatchObject({ code: '22012' });
    expect((await client.query<{ plan_cache_mode: string }>('show plan_cache_mode')).rows[0]!.plan_cache_mode).toBe('auto');
    await client.exec('deallocate all');
    expect((await statements.query(text, [3, 5])).rows).toEqual(expected);
  });

  it('plan a statement marked planOnce without bitmap scans, leaving the session’s setting as it was', async () => {
    const statements = pgliteStatements(client);
    // Never analysed, as PGlite's tables are: the planner guesses a few rows a parent, and would
    // start a bitmap heap scan (an fstat of the table's file on a data folder) for each run.
    await client.exec(`create table kids (id int primary key, parent int not null, name text);
      create index kids_parent on kids (parent); insert into kids select g, g / 5, 'k' || g from generate_series(1, 5000) g;`);
    const text = 'select id, name from kids where parent = $1 order by name';
    const expected = (await client.query(text, [7])).rows;
    statements.planOnce(text);
    expect((await statements.query(text, [7])).rows).toEqual(expected);
    expect(await settings(statements)).toEqual({ mode: 'auto', bitmap: 'on' });
    const { rows } = await client.query<{ name: string }>('select name from pg_prepared_statements where statement = $1', [text]);
    // The plan the statement keeps: its generic one, made on its first run.
    await client.exec('set plan_cache_mode = force_generic_plan');
    const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (costs off) execute ${rows[0]!.name}(7)`);
    await client.exec('reset plan_cache_mode');
    const lines = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    expect(lines).toContain('Index Scan using kids_parent');
    expect(lines).not.toContain('Bitmap');
  });

  it('switch the settings only between statements of different kinds, and as they were after a transaction or a failure', async () => {
    const statements = pgliteStatements(client);
    const planned = 'select current_setting($1) as mode, current_setting($2) as bitmap';
    statements.planOnce(planned);
    const own = async (run: (text: string, params: string[]) => Promise<{ rows: unknown[] }>) =>
      (await run(planned, ['plan_cache_mode', 'enable_bitmapscan'])).rows[0];
    const once = { mode: 'force_generic_plan', bitmap: 'off' };
    const defaults = { mode: 'auto', bitmap: 'on' };
    expect(await own((t, p) => statements.query(t, p))).toEqual(once);
    expect(await own((t, p) => statements.query(t, p))).toEqual(once);
    // Not set and reset around each run: the session is left in the mode for the next one.
    expect((await client.query('show plan_cache_mode')).rows).toEqual([{ plan_cache_mode: 'force_generic_plan' }]);
    expect(await settings(statements)).toEqual(defaults);
    expect(await own((t, p) => statements.query(t, p))).toEqual(once);
    // Inside a transaction each statement gets its own settings, and a rollback leaves the session's.
    await client
      .transaction(async () => {
        expect(await settings(statements, true)).toEqual(defaults);
        expect(await own((t, p) => statements.queryInTransaction(t, p))).toEqual(once);
        expect(await settings(statements, true)).toEqual(defaults);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    expect(await own((t, p) => statements.query(t, p))).toEqual(once);
    expect(await settings(statements)).toEqual(defaults);
    // A failed planned-once statement's message is undone, settings and all.
    statements.planOnce('select ($1::int) / $2::int as x');
    await expect(statements.query('select ($1::int) / $2::int as x', [1, 0])).rejects.toMatchObject({ code: '22012' });
    expect(await settings(statements)).toEqual(defaults);
    expect(await own((t, p) => statements.query(t, p))).toEqual(once);
    await statements.restoreDefaults();
    expect((await client.query('show enable_bitmapscan')).rows).toEqual([{ enable_bitmapscan: 'on' }]);
  });

  it('report a failed statement as query() does, and keep working after it', async () => {
    const statements = pgliteStatements(client);
    const text = 'insert into things (name) values ($1)';
    const error = await statements.query(text, ['a']).catch((e: unknown) => e);
    expect(error).toMatchObject({ code: '23505', query: text, params: ['a'] });
    expect(await statements.query('select ($1::int) / 0 as x', [1]).catch((e: { code: string }) => e.code)).toBe('22012');
    expect(await statements.query('select nonsense from nowhere').catch((e: { code: string }) => e.code)).toBe('42P01');
    expect((await statements.query<{ name: string }>('select name from things where id = $1', [2])).rows).toEqual([{ name: 'b' }]);
  });

  it('wait for a transaction in progress instead of running inside it', async () => {
    const statements = pgliteStatements(client);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let updated!: () => void;
    const inside = new Promise<void>((resolve) => (updated = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query(`update things set name = 'renamed' where id = 1`);
      updated();
      await held;
      await tx.rollback();
    });
    await inside;
    let seen: string | undefined;
    const read = statements.query<{ name: string }>('select name from things where id = $1', [1]).then((r) => (seen = r.rows[0]!.name));
    // Inside the transaction it would answer 'renamed' at once; it waits for the rollback instead.
    for (let turn = 0; turn < 20; turn++) await new Promise((resolve) => setImmediate(resolve));
    expect(seen).toBeUndefined();
    release();
    await transaction;
    await read;
    expect(seen).toBe('a');
  });
});
