/**
 * The embedded PGlite on its own thread (db/pglite-worker.ts), seen from the server's thread as the
 * part of PGlite's interface drizzle uses: query, exec and transaction.
 *
 * Why: PGlite runs each statement synchronously in WebAssembly on the thread that calls it. On the
 * server's thread, every request that needed no statement (health, a cached page's answer, a file)
 * waited behind the statements of others, and the statements took the one core the server used:
 * in a profile of the project pages read afresh under 50 connections, 55-65 % of the server's time
 * was inside the engine (ADR 25).
 *
 * Values and rows cross by structured clone. Type parsers are functions and cannot: the columns of
 * the types the caller parses itself (drizzle keeps timestamps as text) come back as text, and are
 * parsed here with the caller's functions; so do JSON columns, parsed here (a string is copied
 * whole, where parsed objects would be cloned one by one). A transaction is opened on the database's thread and its
 * statements are sent there by its id until the callback here settles: committed when it returns,
 * rolled back when it throws, as PGlite's own transaction() does.
 */
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { QueryOptions, Results } from '@electric-sql/pglite';
import { errorFrom, JSON_TYPES, type Reply, type Request, type Started } from './pglite-thread-protocol.ts';

export interface PgliteThreadTransaction {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  readonly closed: boolean;
}

export interface PgliteThread {
  query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(text: string, options?: QueryOptions): Promise<Results[]>;
  transaction<T>(callback: (tx: PgliteThreadTransaction) => Promise<T>): Promise<T>;
  /** Plans `text` once for all values (db/pglite-statements.ts planOnce). */
  planOnce(text: string): void;
  /** Runs drizzle's migrations from `folder` on the database's thread. */
  migrate(folder: string): Promise<void>;
  /** The data folder as a tar archive (PGlite's dumpDataDir). */
  dumpDataDir(): Promise<Uint8Array>;
  close(): Promise<void>;
}

type Parsers = NonNullable<QueryOptions['parsers']>;
type Parser = (value: string, typeId?: number) => unknown;

const parseJson: Parser = (value) => JSON.parse(value) as unknown;

/** The caller's parsers, or JSON's, applied here to the columns the database's thread left as text. */
function parseRaw(results: Results<unknown>, parsers: Parsers | undefined, rowMode: QueryOptions['rowMode']): void {
  const columns = results.fields.flatMap((field, i) => {
    const parser =
      (parsers as Record<number, Parser | undefined> | undefined)?.[field.dataTypeID] ?? (JSON_TYPES.includes(field.dataTypeID) ? parseJson : undefined);
    return parser ? [{ i, name: field.name, type: field.dataTypeID, parser }] : [];
  });
  if (columns.length === 0) return;
  for (const row of results.rows as Array<Record<string | number, unknown>>) {
    for (const { i, name, type, parser } of columns) {
      const key = rowMode === 'array' ? i : name;
      const value = row[key];
      if (value !== null && value !== undefined) row[key] = parser(value as string, type);
    }
  }
}

function rawTypes(options: QueryOptions | undefined): number[] {
  if (options?.serializers) throw new Error('Custom serializers cannot cross to the database thread');
  if (options?.blob) throw new Error('Blobs cannot cross to the database thread');
  return options?.parsers ? Object.keys(options.parsers).map(Number) : [];
}

export async function startPgliteThread(options: { dataDir?: string; loadDataDir?: Uint8Array }): Promise<PgliteThread> {
  // The thread registers tsx's loader itself, then imports its TypeScript entry: a worker inherits
  // no loader, and `--import tsx` in its execArgv did not take in one (Node 20).
  // tsx/esm/api's ESM build, as its package exports it for `import` (the test runner's module
  // runner has no import.meta.resolve, and require.resolve would name the CommonJS one).
  const tsx = pathToFileURL(join(dirname(createRequire(import.meta.url).resolve('tsx/package.json')), 'dist/esm/api/index.mjs')).href;
  const entry = new URL('./pglite-worker.ts', import.meta.url).href;
  const bootstrap = `import(${JSON.stringify(tsx)}).then(({ register }) => { register(); return import(${JSON.stringify(entry)}); });`;
  const worker = new Worker(bootstrap, { eval: true, workerData: options });
  const pending = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  let lastId = 0;
  let exited: Error | undefined;

  await new Promise<void>((ready, failed) => {
    worker.once('message', (started: Started) => (started.ready ? ready() : failed(errorFrom(started.error))));
    worker.once('error', failed);
    worker.once('exit', (code) => failed(new Error(`The database thread stopped (${code}) before it was ready`)));
  });
  worker.removeAllListeners('error').removeAllListeners('exit');
  worker.on('message', (reply: Reply) => {
    const call = pending.get(reply.id);
    if (!call) return;
    pending.delete(reply.id);
    if (reply.ok) call.resolve(reply.value);
    else call.reject(errorFrom(reply.error));
  });
  const stopped = (error: Error) => {
    exited = error;
    for (const call of pending.values()) call.reject(error);
    pending.clear();
  };
  worker.on('error', stopped);
  worker.on('exit', (code) => stopped(new Error(`The database thread stopped (${code})`)));

  function call<T>(request: Request): Promise<T> {
    if (exited) return Promise.reject(exited);
    const id = ++lastId;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      worker.postMessage({ id, request });
    });
  }

  async function query<T>(text: string, params: unknown[] = [], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    const raw = rawTypes(options);
    const results = await call<Results<T>>({
      op: 'query',
      text,
      params,
      raw,
      ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
      ...(options?.paramTypes ? { paramTypes: options.paramTypes } : {}),
      ...(tx === undefined ? {} : { tx }),
    });
    parseRaw(results as Results<unknown>, options?.parsers, options?.rowMode);
    return results;
  }

  async function exec(text: string, options?: QueryOptions, tx?: number): Promise<Results[]> {
    const raw = rawTypes(options);
    const results = await call<Results[]>({
      op: 'exec',
      text,
      raw,
      ...(options?.rowMode ? { rowMode: options.rowMode } : {}),
      ...(tx === undefined ? {} : { tx }),
    });
    for (const result of results) parseRaw(result, options?.parsers, options?.rowMode);
    return results;
  }

  return {
    query: (text, params, options) => query(text, params, options),
    exec: (text, options) => exec(text, options),
    async transaction(callback) {
      const tx = await call<number>({ op: 'begin' });
      let closed = false;
      const handle: PgliteThreadTransaction = {
        query: (text, params, options) => (closed ? Promise.reject(new Error('Transaction is closed')) : query(text, params, options, tx)),
        exec: (text, options) => (closed ? Promise.reject(new Error('Transaction is closed')) : exec(text, options, tx)),
        get closed() {
          return closed;
        },
      };
      let result: Awaited<ReturnType<typeof callback>>;
      try {
        result = await callback(handle);
      } catch (error) {
        closed = true;
        await call({ op: 'end', tx, commit: false });
        throw error;
      }
      closed = true;
      await call({ op: 'end', tx, commit: true });
      return result;
    },
    planOnce(text) {
      // Messages are handled in order: it applies before any later statement of this text.
      call({ op: 'planOnce', text }).catch(() => undefined);
    },
    async migrate(folder) {
      await call({ op: 'migrate', folder });
    },
    dumpDataDir: () => call<Uint8Array>({ op: 'dump' }),
    async close() {
      if (exited) return;
      await call({ op: 'close' });
      await worker.terminate();
    },
  };
}
