/**
 * Rows of another table read inside one statement as JSON, and turned back into the rows drizzle
 * would have selected, so a service's own `represent` function keeps writing the answer.
 *
 * Why: a request that needs several lists (the project detail) paid a round trip, a socket write
 * and an SQL build per list; under 50 connections the socket writes alone were a third of the
 * server's time. One statement with a JSON column per list pays them once.
 */
import { sql, type AnyColumn, type SQL } from 'drizzle-orm';

type Columns = Record<string, AnyColumn>;
export type RowOf<C extends Columns> = { [K in keyof C]: C[K]['_']['notNull'] extends true ? C[K]['_']['data'] : C[K]['_']['data'] | null };

/** `json_build_object` of `columns`, keyed by their field names (the keys of `columns`). */
export function jsonObject(columns: Columns): SQL {
  const pairs = Object.entries(columns).map(([key, column]) => sql`${sql.raw(`'${key.replace(/'/g, "''")}'`)}, ${column}`);
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/**
 * A JSON array of `columns` objects for the rows `from` selects, in `orderBy` order, `[]` when none.
 * `from` is the rest of the subquery: `from … where …`.
 */
export function jsonRows(columns: Columns, from: SQL, orderBy: SQL): SQL<Array<Record<string, unknown>>> {
  return sql`(select coalesce(json_agg(${jsonObject(columns)} order by ${orderBy}), '[]'::json) ${from})`;
}

/** Timestamps come back as PostgreSQL writes them in JSON (ISO 8601 with an offset); drizzle gives Dates. */
function isTimestamp(column: AnyColumn): boolean {
  return column.columnType === 'PgTimestamp';
}

/** An object `jsonObject` wrote, as drizzle would have selected the row: timestamps as Dates. */
export function rowFromJson<C extends Columns>(columns: C, json: Record<string, unknown>): RowOf<C> {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(columns)) {
    const value = json[key] ?? null;
    row[key] = value !== null && isTimestamp(column) ? new Date(value as string) : value;
  }
  return row as RowOf<C>;
}
