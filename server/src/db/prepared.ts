/**
 * Statements that run on every request (the token's user, project access, the project pages),
 * built once per database handle and run with placeholders, and on the embedded
 * database planned once (db/pglite-statements.ts). A profile of the project list and detail under 50 connections
 * showed drizzle building the SQL text of each statement as the largest single share of the event
 * loop's time on PostgreSQL (a fifth); a prepared statement is built once, and on PostgreSQL it is
 * also parsed once per connection.
 */
import { planOnce, type Db } from './database.ts';

const cache = new WeakMap<Db, Map<string, unknown>>();

/**
 * The statement `name` for `db`, built by `build` on first use. `name` must identify the SQL text:
 * PostgreSQL keeps a named statement per connection and refuses another text under the same name.
 */
export function prepared<T>(db: Db, name: string, build: (db: Db, name: string) => T): T {
  let statements = cache.get(db);
  if (!statements) {
    statements = new Map();
    cache.set(db, statements);
  }
  let statement = statements.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db, name);
    statements.set(name, statement);
    // On PGlite, planned once too: PostgreSQL would plan the project list anew on every run (its
    // LIMIT and OFFSET make plans for given values look cheaper), 1.2 ms of its 2 ms there.
    const text = (statement as { getQuery?: () => { sql: string } }).getQuery?.().sql;
    if (text) planOnce(db, text);
  }
  return statement;
}
