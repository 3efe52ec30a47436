/**
 * The embedded database's own thread (db/pglite-thread.ts starts it): PGlite, its named statements
 * (db/pglite-statements.ts) and its transactions, answering the server's thread by message.
 *
 * Every statement runs here, back to back, while the server's thread reads and answers requests;
 * a statement's work no longer holds up a request that needs none, and the two share the cores.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type QueryOptions, type Transaction } from '@electric-sql/pglite';
import { pgliteStatements } from './pglite-statements.ts';
import { errorFields, JSON_TYPES, type Reply, type Request, type Started } from './pglite-thread-protocol.ts';

interface Options {
  /** The data folder; absent: in memory. */
  dataDir?: string;
  /** A data folder dump (dumpDataDir) to start from. */
  loadDataDir?: Uint8Array;
}

const port = parentPort!;
const options = workerData as Options;

/**
 * Columns of these types are left as their text, for the server's thread to parse: those the
 * caller parses itself, and JSON, whose text crosses the threads for a copy where the objects
 * parsed here would be cloned one by one (the reply's postMessage was a tenth of this thread's time
 * with the project list's page as objects).
 */
const rawParsers = new Map<string, Record<number, (value: string) => string>>();
function leftRaw(raw: number[], rowMode: QueryOptions['rowMode']): QueryOptions {
  const key = raw.join(',');
  let parsers = rawParsers.get(key);
  if (!parsers) {
    parsers = Object.fromEntries([...JSON_TYPES, ...raw].map((type) => [type, (value: string) => value]));
    rawParsers.set(key, parsers);
  }
  return { rowMode, parsers };
}

/** Thrown inside a transaction's callback to have PGlite roll it back. */
const ROLLBACK = Symbol('rollback');

let client: PGlite;
try {
  client = await PGlite.create({
    ...(options.dataDir ? { dataDir: options.dataDir } : {}),
    ...(options.loadDataDir ? { loadDataDir: new Blob([options.loadDataDir as Uint8Array<ArrayBuffer>]) } : {}),
  });
} catch (error) {
  port.postMessage({ ready: false, error: errorFields(error) } satisfies Started);
  process.exit(1);
}
const statements = pgliteStatements(client);
const transactions = new Map<number, { tx: Transaction; end: (commit: boolean) => void; done: Promise<unknown> }>();
let lastTransaction = 0;

function inTransaction(id: number | undefined): Transaction | undefined {
  if (id === undefined) return undefined;
  const open = transactions.get(id);
  if (!open) throw new Error('Transaction is closed');
  return open.tx;
}

/** Starts a transaction and answers once it is open; it ends with an `end` request. */
function begin(): Promise<number> {
  return new Promise((opened, failed) => {
    const id = ++lastTransaction;
    let end!: (commit: boolean) => void;
    const ended = new Promise<boolean>((resolve) => (end = resolve));
    const done = client.transaction(async (tx) => {
      transactions.set(id, { tx, end, done });
      opened(id);
      if (!(await ended)) throw ROLLBACK;
    });
    // Until the transaction opened, a failure (BEGIN itself) is the begin request's.
    done.catch((error: unknown) => {
      if (!transactions.has(id)) failed(error);
    });
  });
}

async function end(id: number, commit: boolean): Promise<void> {
  const open = transactions.get(id);
  if (!open) throw new Error('Transaction is closed');
  open.end(commit);
  try {
    await open.done;
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  } finally {
    transactions.delete(id);
  }
}

async function handle(request: Request): Promise<unknown> {
  switch (request.op) {
    case 'query': {
      const queryOptions = { ...leftRaw(request.raw, request.rowMode), ...(request.paramTypes ? { paramTypes: request.paramTypes } : {}) };
      return request.tx === undefined
        ? statements.query(request.text, request.params, queryOptions)
        : (inTransaction(request.tx), statements.queryInTransaction(request.text, request.params, queryOptions));
    }
    case 'exec': {
      const tx = inTransaction(request.tx);
      // Planned with the session's own settings, not those of the planned-once statements.
      if (!tx) await statements.restoreDefaults();
      return (tx ?? client).exec(request.text, leftRaw(request.raw, request.rowMode));
    }
    case 'begin':
      // A transaction starts with the defaults; its planned-once statements switch and switch back.
      await statements.restoreDefaults();
      return begin();
    case 'end':
      return end(request.tx, request.commit);
    case 'planOnce':
      return statements.planOnce(request.text);
    case 'migrate': {
      await statements.restoreDefaults();
      // Loaded when asked for: a test file's database thread never migrates, and starts sooner.
      const [{ drizzle }, { migrate }] = await Promise.all([import('drizzle-orm/pglite'), import('drizzle-orm/pglite/migrator')]);
      return migrate(drizzle({ client }), { migrationsFolder: request.folder });
    }
    case 'dump': {
      const dump = await client.dumpDataDir('none');
      return new Uint8Array(await dump.arrayBuffer());
    }
    case 'close':
      if (!client.closed) await client.close();
      return undefined;
  }
}

port.on('message', ({ id, request }: { id: number; request: Request }) => {
  handle(request).then(
    (value) => port.postMessage({ id, ok: true, value } satisfies Reply),
    (error: unknown) => port.postMessage({ id, ok: false, error: errorFields(error) } satisfies Reply),
  );
});
port.postMessage({ ready: true } satisfies Started);
