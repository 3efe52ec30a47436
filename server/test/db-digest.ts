/**
 * A digest of every row of every table, to prove a request changed nothing (the fuzz suite's
 * "nothing saved on a 400"). Rate-limit counters are left out: counting an attempt is not saving
 * anything of the user's.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../src/db/database.ts';

const IGNORED = new Set(['rate_limit_counters', '__drizzle_migrations']);

export async function tableNames(db: Db): Promise<string[]> {
  const result = await db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  );
  const rows = (result as unknown as { rows: Array<{ table_name: string }> }).rows;
  return rows.map((row) => row.table_name).filter((name) => !IGNORED.has(name));
}

/** One statement: per table, the md5 of its rows in a stable order. */
export async function databaseDigest(db: Db, tables: readonly string[]): Promise<Record<string, string>> {
  const parts = tables.map((table) => `select '${table}' as t, md5(coalesce(string_agg(md5(r::text), ',' order by md5(r::text)), '')) as d from "${table}" r`);
  const result = await db.execute(sql.raw(parts.join(' union all ')));
  const rows = (result as unknown as { rows: Array<{ t: string; d: string }> }).rows;
  return Object.fromEntries(rows.map((row) => [row.t, row.d]));
}

export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  return Object.keys(after).filter((table) => before[table] !== after[table]);
}
