/**
 * Answers of hot read routes (the project list and detail, where a result download's file is),
 * kept as their JSON text and reused while the database is in exactly the state they were read in
 * (ADR 24).
 *
 * The state is named by `pg_current_snapshot()`, read by the token's-user statement that every
 * authenticated request runs anyway (http/authenticate.ts). A snapshot lists which transactions had
 * completed: two equal snapshots see the same committed rows, whatever table a commit touched and
 * whichever process or server made it. So nothing has to announce a change, and a user who writes
 * and then reads sees the write at once, on any server:
 *
 * - An answer is stored under the snapshot its request read *before* its own statements ran. Its
 *   statements saw that state or a later one. If a transaction completed in between, every later
 *   snapshot differs from the tag, so the answer is never served.
 * - A request reuses an answer only when its own snapshot equals the tag: no transaction has
 *   completed since, so reading again would give the same rows.
 *
 * The answer must depend only on the database, the caller and the URL (not on the clock or the
 * blob store): the key is the user and the URL. Any write anywhere changes the snapshot, so the
 * cache only helps while nothing is written — the common case for pages that are read far more than
 * changed. A miss costs one map lookup.
 *
 * Bounded: MAX_BYTES in all per database handle, least recently used first out, and answers over
 * MAX_ENTRY_BYTES are not kept, so no request can make it grow.
 */
import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';
import type { AppEnv } from '../deps.ts';
import type { Db } from '../db/database.ts';

const MAX_BYTES = 16 * 1024 * 1024;
const MAX_ENTRY_BYTES = 1024 * 1024;

interface Entry {
  snapshot: string;
  body: string;
  bytes: number;
}

export class SnapshotCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;

  constructor(
    private readonly maxBytes = MAX_BYTES,
    private readonly maxEntryBytes = MAX_ENTRY_BYTES,
  ) {}

  /** The answer stored under `key` when it was read at `snapshot`; it becomes the most recently used. */
  get(key: string, snapshot: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry || entry.snapshot !== snapshot) return undefined;
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.body;
  }

  set(key: string, snapshot: string, body: string): void {
    this.delete(key);
    // UTF-16 strings: two bytes a character, for the text and the key alike.
    const bytes = 2 * (key.length + body.length + snapshot.length);
    if (bytes > this.maxEntryBytes) return;
    this.entries.set(key, { snapshot, body, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  get size(): { entries: number; bytes: number } {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.bytes;
  }
}

const caches = new WeakMap<Db, SnapshotCache>();

function cacheFor(db: Db): SnapshotCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = new SnapshotCache();
    caches.set(db, cache);
  }
  return cache;
}

/**
 * A 200 JSON answer built by `read`, or the same answer as text when the database has not changed
 * since it was built for this user at this URL. `read` must decide access itself, as every route
 * does: a cached answer is only ever one `read` gave this user in the same database state.
 */
export async function snapshotCachedJson<T extends object>(c: Context<AppEnv>, read: () => Promise<T>): Promise<CachedJson<T>> {
  return snapshotCachedText<T>(c, async () => JSON.stringify(await read()));
}

/**
 * `snapshotCachedJson` for an answer `read` writes as JSON text itself (the project list,
 * http/pagination.ts paginatedJson): the text is sent and kept as it is.
 */
export async function snapshotCachedText<T extends object>(c: Context<AppEnv>, read: () => Promise<string>): Promise<CachedJson<T>> {
  const body = await snapshotCachedString(c, read);
  // The same text c.json would send; typed as its answer so the route's OpenAPI types still hold.
  return c.body(body, 200, { 'content-type': 'application/json' }) as unknown as CachedJson<T>;
}

/**
 * The text `read` gives for this user at this URL, or the one it gave in the same database state:
 * for a route that sends something else than the text itself (a download keeps where its file is,
 * and reads the file from the blob store each time, routes/viewer/project.routes.ts).
 */
export async function snapshotCachedString(c: Context<AppEnv>, read: () => Promise<string>): Promise<string> {
  const user = c.get('user');
  const snapshot = c.get('snapshot');
  if (!user || !snapshot) return read();
  const cache = cacheFor(c.get('db'));
  const key = `${user.id} ${c.req.url}`;
  const kept = cache.get(key, snapshot);
  if (kept !== undefined) return kept;
  const body = await read();
  cache.set(key, snapshot, body);
  return body;
}

type CachedJson<T> = Response & TypedResponse<JSONParsed<T>, 200, 'json'>;
