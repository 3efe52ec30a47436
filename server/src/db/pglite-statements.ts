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
 * - The session stays in the planned-once mode between planned-once statements: the settings are
 *   switched, in the statement's own message, only when a statement of the other kind comes. Every
 *   statement a request runs is planned once (db/prepared.ts), so under load they are switched
 *   almost never; set and reset around each run, they were three more statements through the
 *   engine per statement, about 40 µs a run (the bench's token's user: 0.11 ms against 0.15 ms).
 *   Inside a transaction a statement switches and switches back in its own message, so a
 *   rollback, which undoes settings made in it, finds them as they were; outside one, a failed
 *   statement's message is undone with its settings. Statements that do not come through here
 *   (exec, migrations) run after `restoreDefaults`.
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
  /** The session's default planner settings back, for statements that do not come through here. */
  restoreDefaults(): Promise<void>;
  /** How many texts are prepared now (tests). */
  readonly size: number;
}

/** The planner settings a session is in: PostgreSQL's defaults, or planned once without bitmap scans. */
type Mode = 'default' | 'planOnce';

/** Per PGlite session, shared by every instance over it (tests make several). */
const sessionModes = new WeakMap<PGlite, { mode: Mode }>();

/** The messages that put a session into `mode`, each an unnamed statement (switches are rare). */
function switchTo(mode: Mode): Uint8Array[] {
  const { serialize } = protocol;
  const texts =
    mode === 'planOnce'
      ? ["select set_config('plan_cache_mode', 'force_generic_plan', false), set_config('enable_bitmapscan', 'off', false)"]
      : ['reset plan_cache_mode', 'reset enable_bitmapscan'];
  return texts.flatMap((text) => [serialize.parse({ text }), serialize.bind({}), serialize.execute({})]);
}

export function pgliteStatements(client: PGlite, max = 256): PgliteStatements {
  const { serialize } = protocol;
  const statements = new Map<string, Prepared>();
  const closing: string[] = [];
  const planOnceTexts = new Set<string>();
  let counter = 0;
  // Unique to this instance: another one over the same PGlite must not meet its names.
  const prefix = `canopy_${randomBytes(4).toString('hex')}_`;
  let session = sessionModes.get(client);
  if (!session) {
    session = { mode: 'default' };
    sessionModes.set(client, session);
  }
  const state = session;

  async function prepare(text: string, options: QueryOptions | undefined): Promise<Prepared> {
    const name = `${prefix}${++counter}`;
    const generic = planOnceTexts.has(text);
    const messages: Uint8Array[] = closing.splice(0).map((old) => serialize.close({ type: 'S', name: old }));
    messages.push(serialize.parse({ name, text, types: options?.paramTypes }), serialize.describe({ type: 'S', name }), serialize.sync());
    const answer = await client.execProtocolStream(concat(messages), { syncToFs: false });
    const prepared = { name, generic, types: parse.parseDescribeStatementResults(answer) };
    statements.set(text, prepared);
    if (statements.size > max) {
      const [oldestText, oldest] = statements.entries().next().value as [string, Prepared];
      statements.delete(oldestText);
      closing.push(oldest.name);
    }
    return prepared;
  }

  async function run<T>(prepared: Prepared, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
    const values = params.map((param, i) => {
      if (param === null || param === undefined) return null;
      const type = prepared.types[i]!;
      const serializer = options?.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(param) : String(param);
    });
    const statement = [serialize.bind({ statement: prepared.name, values }), serialize.describe({ type: 'P' }), serialize.execute({})];
    const wanted: Mode = prepared.generic ? 'planOnce' : 'default';
    const before = state.mode;
    if (before === wanted) {
      const answer = await client.execProtocolStream(concat([...statement, serialize.sync()]), { syncToFs: false });
      return readResults<T>(answer, client.parsers, options);
    }
    // Switched in the same message; inside a transaction switched back in it too (see the top).
    const switching = switchTo(wanted);
    const answer = await client.execProtocolStream(concat([...switching, ...statement, ...(inTransaction ? switchTo(before) : []), serialize.sync()]), {
      syncToFs: false,
    });
    if (!inTransaction) state.mode = wanted;
    // The statement's own answer: from its Bind (after one per switching statement) to the next Bind, or the end.
    const binds = answer.flatMap((message, i) => (message.name === 'bindComplete' ? [i] : []));
    const switches = switching.length / 3;
    return readResults<T>(answer.slice(binds[switches], binds[switches + 1]), client.parsers, options);
  }

  async function runText<T>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
    let prepared = statements.get(text);
    if (prepared) {
      // Most recently used last: the first entry is the one to close when full.
      statements.delete(text);
      statements.set(text, prepared);
    } else {
      prepared = await prepare(text, options);
    }
    try {
      return await run<T>(prepared, params, options, inTransaction);
    } catch (error) {
      if (!PREPARE_AGAIN.has((error as { code?: string }).code ?? '')) throw error;
      statements.delete(text);
      closing.push(prepared.name);
      return run<T>(await prepare(text, options), params, options, inTransaction);
    }
  }

  async function reported<T>(text: string, params: unknown[], options: QueryOptions | undefined, inTransaction: boolean): Promise<Results<T>> {
    try {
      return await runText<T>(text, params, options, inTransaction);
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
            return await reported<T>(text, params, options, false);
          } finally {
            await client.syncToFs();
          }
        }),
      );
    },
    queryInTransaction<T>(text: string, params: unknown[] = [], options?: QueryOptions): Promise<Results<T>> {
      // As a PGlite transaction's own query(): the transaction holds the transaction lock already.
      return client._runExclusiveQuery(() => reported<T>(text, params, options, true));
    },
    restoreDefaults(): Promise<void> {
      if (state.mode === 'default') return Promise.resolve();
      return client._runExclusiveTransaction(() =>
        client._runExclusiveQuery(async () => {
          if (state.mode === 'default') return;
          await client.execProtocolStream(concat([...switchTo('default'), serialize.sync()]), { syncToFs: false });
          state.mode = 'default';
        }),
      );
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
