/**
 * Statements on the embedded PGlite kept as named prepared statements, one per SQL text, so a
 * statement the server runs again is neither parsed nor planned again, and runs in one call into
 * the WebAssembly engine instead of six.
 *
 * PGlite's own `query()` sends Parse, Describe, Bind, Describe, Execute and Sync as six separate
 * calls for every statement, with an unnamed statement that PostgreSQL parses, analyses and plans
 * anew each time. Measured on the project pages (1,000 projects): the detail's statement took
 * 3.3–4.3 ms that way, 1.8 ms of it planning, and 0.5 ms as a named statement; the token's user
 * 0.3–0.4 ms and 0.12 ms. This is what node-postgres does on PostgreSQL with `name`, and what
 * drizzle's `.prepare(name)` (db/prepared.ts) asks for but the PGlite driver does not do.
 *
 * - The first run of a text parses it once (Parse and Describe of the statement, which gives the
 *   parameters' types to serialise values by, as PGlite does); every run is then Bind, Describe of
 *   the portal, Execute and Sync in one message. Rows are read as `query()` gives them, with the
 *   caller's row mode and type parsers (db/pglite-results.ts).
 * - PostgreSQL keeps the plan: custom plans for the first five runs, then the generic plan when it
 *   is estimated no dearer (plan_cache_mode auto), and it replans by itself after a schema change.
 *   A statement whose result type a schema change altered, or one dropped by DEALLOCATE ALL, is
 *   prepared again once.
 * - Statements marked planOnce are planned without bitmap scans. PGlite never analyses its tables
 *   (it has no autovacuum), so the planner guesses a handful of rows for any index condition and picks
 *   a bitmap heap scan, which asks for the table's size when it starts: on a data folder that is an
 *   lseek to the end, which PGlite's file system answers with an fstat system call. The project list
 *   started one for each listed project's studies (26 fstat calls a run, 17 % of the database
 *   thread's time under 50 connections); a plain index scan reads the same rows without asking.
 * - At most `max` texts are kept, least recently used first out (Close before the next Parse), so
 *   statements built from varying text cannot make the session grow.
 * - Each run holds PGlite's transaction and query locks, as `query()` does, so it never runs
 *   inside someone else's transaction. Transactions keep PGlite's own path (db.transaction).
 */
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { randomBytes } from 'node:crypto';
import { readResults } from './pglite-results.ts';

interface Prepared {
  name: string;
  /** Planned once for all values (planOnce). */
  generic: boolean;
  /** The parameters' type OIDs, as PostgreSQL inferred them. */
  types: number[];
}

/** SQLSTATEs after which a statement is prepared again: result type changed (0A000), statement gone (26000). */
const PREPARE_AGAIN = new Set(['0A000', '26000']);

function concat(parts: Uint8Array[]): Uint8Array {
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

export interface PgliteStatements {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  /**
   * Plan `text` once for all values (its generic plan), however PostgreSQL would estimate a plan
   * for the values at hand: for a statement whose values the planner reads as making a difference
   * (a LIMIT and OFFSET), plan_cache_mode auto plans anew on every run. Planned without bitmap scans.
   */
  planOnce(text: string): void;
  /** `query` for a statement of the transaction PGlite's transaction() has open (the caller's). */
  queryInTransaction<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  /** How many texts are prepared now (tests). */
  readonly size: number;
}

export function pgliteStatements(client: PGlite, max = 256): PgliteStatements {
  const { serialize } = protocol;
  const statements = new Map<string, Prepared>();
  const closing: string[] = [];
  const planOnceTexts = new Set<string>();
  let counter = 0;
  // Unique to this instance: another one over the same PGlite must not meet its names.
  const prefix = `canopy_${randomBytes(4).toString('hex')}_`;
  const GENERIC_ON = `${prefix}generic_on`;
  const GENERIC_OFF = `${prefix}generic_off`;
  const BITMAP_BACK = `${prefix}bitmap_back`;
  let genericModePrepared = false;

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Prepared> {
    const name = `${prefix}${++counter}`;
    const generic = planOnceTexts.has(text);
    const messages: Uint8Array[] = closing.splice(0).map((old) => serialize.close({ type: 'S', name: old }));
    if (generic && !genericModePrepared) {
      // Closed first: after a DEALLOCATE ALL they are gone, otherwise they may still be there.
      messages.push(...[GENERIC_ON, GENERIC_OFF, BITMAP_BACK].map((old) => serialize.close({ type: 'S', name: old })));
      // One statement, so that the statement's own Bind stays the second of the message (run).
      messages.push(
        serialize.parse({
          name: GENERIC_ON,
          text: "select set_config('plan_cache_mode', 'force_generic_plan', false), set_config('enable_bitmapscan', 'off', false)",
        }),
      );
      messages.push(serialize.parse({ name: GENERIC_OFF, text: 'reset plan_cache_mode' }));
      messages.push(serialize.parse({ name: BITMAP_BACK, text: 'reset enable_bitmapscan' }));
    }
    messages.push(serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: 'S', name }), serialize.sync());
    const answer = await client.execProtocolStream(concat(messages), { syncToFs: false });
    if (generic) genericModePrepared = true;
    const prepared = { name, generic, types: parse.parseDescribeStatementResults(answer) };
    statements.set(text, prepared);
    if (statements.size > max) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Prepared];
      statements.delete(oldestText);
      closing.push(oldest.name);
    }
    return prepared;
  }

  async function run<T>(prepared: Prepared, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = prepared.types[i]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(param) : String(param);
    });
    const statement = [serialize.bind({ statement: prepared.name, values }), serialize.describe({ type: 'P' }), serialize.execute({})];
    if (!prepared.generic) {
      const answer = await client.execProtocolStream(concat([...statement, serialize.sync()]), { syncToFs: false });
      return readResults<T>(answer, client.parsers, options);
    }
    // The mode (and no bitmap scans) is set for this statement alone, in the same message. Were the
    // statement to fail, the transaction's rollback would undo the settings along with it.
    const answer = await client.execProtocolStream(
      concat([
        serialize.bind({ statement: GENERIC_ON }),
        serialize.execute({}),
        ...statement,
        serialize.bind({ statement: GENERIC_OFF }),
        serialize.execute({}),
        serialize.bind({ statement: BITMAP_BACK }),
        serialize.execute({}),
        serialize.sync(),
      ]),
      { syncToFs: false },
    );
    // The statement's own answer: from its Bind to the next one (the reset's).
    const binds = answer.flatMap((message, i) => (message.name === 'bindComplete' ? [i] : []));
    return readResults<T>(answer.slice(binds[1], binds[2]), client.parsers, options);
  }

  async function runText<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    let prepared = statements.get(text);
    if (prepared) {
      // Most recently used last: the first entry is the one to close when full.
      statements.delete(text);
      statements.set(text, prepared);
    } else {
      prepared = await prepare(text, options);
    }
    try {
      return await run<T>(prepared, params, options);
    } catch (error) {
      if (!PREPARE_AGAIN.has((error as { code?: string }).code ?? '')) throw error;
      statements.delete(text);
      genericModePrepared = false;
      closing.push(prepared.name);
      return run<T>(await prepare(text, options), params, options);
    }
  }

  async function reported<T>(text: string, params: unknown[], options: QueryOptions | undefined): Promise<Results<T>> {
    try {
      return await runText<T>(text, params, options);
    } catch (error) {
      // As PGlite's query() reports a failed statement: with its text, values and options.
      if (error && typeof error === 'object' && 'code' in error) Object.assign(error, { query: text, params, queryOptions: options });
      throw error;
    }
  }

  return {
    query<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      // A COPY from a blob needs PGlite's own handling of the blob.
      if (options?.blob) return client.query<T>(text, params, options);
      return client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          try {
            return await reported<T>(text, params, options);
          } finally {
            await client.syncToFs();
          }
        }),
      );
    },
    queryInTransaction<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      // As a PGlite transaction's own query(): the transaction holds the transaction lock already.
      return client._runExclusiveQuery(() => reported<T>(text, params, options));
    },
    planOnce(text: string) {
      if (planOnceTexts.has(text)) return;
      planOnceTexts.add(text);
      const prepared = statements.get(text);
      if (prepared) {
        // Prepared again on its next run, this time with the mode around it.
        statements.delete(text);
        closing.push(prepared.name);
      }
    },
    get size() {
      return statements.size;
    },
  };
}
