/**
 * What an import killed mid-way (kill -9, a crash, a lost machine) leaves behind, removed when a
 * server starts:
 *
 * - its temporary folder (`canopy-import-{pid}-…` in the system's temp folder, holding the request
 *   body, up to 4 GiB): removed when the process that made it is gone — no process of that id, or
 *   this very process id from an earlier life (nothing of this process is importing yet at start);
 * - the blobs it had put before its records were committed. Before writing any blob an import
 *   writes a journal (`assets/import-journal/{batch}.json`: every key it will write, and which
 *   process on which machine writes them) and deletes it when it is done either way. A journal
 *   still there belongs to an import that died — when its process is gone from this machine, or
 *   after JOURNAL_STALE_MS when it ran on another — and each key it lists that no record points at
 *   is deleted, then the journal.
 */
import { readdir, rm, stat } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/database.ts';
import type { BlobKey, BlobStore } from '../../blobs/blob-store.ts';
import { assets, layerSets, projectSurrounds, studyImages, uploads } from '../../db/schema/index.ts';
import { getBytes, putBytes } from '../../blobs/blob-io.ts';

export const TEMP_PREFIX = 'canopy-import-';
/** The temporary folder prefix of imports made by this process. */
export const tempPrefix = () => `${TEMP_PREFIX}${process.pid}-`;

const JOURNAL_CONTAINER = 'assets';
const JOURNAL_PREFIX = 'import-journal/';
/** An import on another machine is given this long before its journal counts as left behind. */
export const JOURNAL_STALE_MS = 6 * 60 * 60 * 1000;
/** A temporary folder of an older version (no process id in its name) is left this long. */
const UNNAMED_STALE_MS = 60 * 60 * 1000;

interface Journal {
  host: string;
  pid: number;
  keys: BlobKey[];
}

const journalKey = (batch: string): BlobKey => ({ container: JOURNAL_CONTAINER, name: `${JOURNAL_PREFIX}${batch}.json` });

/** Records, before an import writes any blob, every key it will write. */
export async function writeJournal(store: BlobStore, batch: string, keys: BlobKey[]): Promise<void> {
  const journal: Journal = { host: hostname(), pid: process.pid, keys };
  await putBytes(store, journalKey(batch), new TextEncoder().encode(JSON.stringify(journal)));
}

export async function deleteJournal(store: BlobStore, batch: string): Promise<void> {
  await store.delete(journalKey(batch));
}

function alive(pid: number): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, it is another user's.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether a blob is one some record points at. */
async function referenced(db: Db, key: BlobKey): Promise<boolean> {
  const full = `${key.container}/${key.name}`;
  const slash = key.name.indexOf('/');
  const checks: Array<Promise<unknown[]>> = [
    db.select({ id: assets.id }).from(assets).where(eq(assets.blobKey, full)).limit(1),
    db.select({ id: layerSets.id }).from(layerSets).where(eq(layerSets.blobKey, full)).limit(1),
    db.select({ id: studyImages.id }).from(studyImages).where(eq(studyImages.blobKey, full)).limit(1),
    db
      .select({ id: projectSurrounds.id })
      .from(projectSurrounds)
      .where(and(eq(projectSurrounds.blobContainer, key.container), eq(projectSurrounds.blobName, key.name)))
      .limit(1),
  ];
  if (slash > 0 && /^[0-9a-f-]{36}$/.test(key.name.slice(0, slash))) {
    checks.push(
      db
        .select({ id: uploads.id })
        .from(uploads)
        .where(
          and(
            eq(uploads.container, key.container as (typeof uploads.$inferSelect)['container']),
            eq(uploads.uuid, key.name.slice(0, slash)),
            eq(uploads.filename, key.name.slice(slash + 1)),
          ),
        )
        .limit(1),
    );
  }
  for (const rows of await Promise.all(checks)) if (rows.length) return true;
  return false;
}

export interface Leftovers {
  folders: number;
  blobs: number;
}

/**
 * Removes what dead imports left. `atStart`: this process imports nothing yet, so folders carrying
 * its own process id are from an earlier life too.
 */
export async function cleanImportLeftovers(
  deps: { blobStore: BlobStore; db: Db },
  options: { atStart: boolean; now?: Date; tempDir?: string } = { atStart: true },
): Promise<Leftovers> {
  const now = options.now ?? new Date();
  const out: Leftovers = { folders: 0, blobs: 0 };
  const dir = options.tempDir ?? tmpdir();
  for (const name of await readdir(dir).catch(() => [] as string[])) {
    if (!name.startsWith(TEMP_PREFIX)) continue;
    const pid = /^canopy-import-(\d+)-/.exec(name)?.[1];
    const path = join(dir, name);
    let stale: boolean;
    if (pid !== undefined) stale = Number(pid) === process.pid ? options.atStart : !alive(Number(pid));
    else {
      const info = await stat(path).catch(() => null);
      stale = info !== null && now.getTime() - info.mtimeMs > UNNAMED_STALE_MS;
    }
    if (!stale) continue;
    await rm(path, { recursive: true, force: true });
    out.folders++;
  }
  for await (const blob of deps.blobStore.list(JOURNAL_CONTAINER, JOURNAL_PREFIX)) {
    let journal: Journal;
    try {
      journal = JSON.parse(new TextDecoder().decode(await getBytes(deps.blobStore, blob))) as Journal;
    } catch {
      continue;
    }
    const ours = journal.host === hostname();
    const dead = ours ? (journal.pid === process.pid ? options.atStart : !alive(journal.pid)) : now.getTime() - blob.lastModified.getTime() > JOURNAL_STALE_MS;
    if (!dead) continue;
    for (const key of journal.keys ?? []) {
      if (await referenced(deps.db, key)) continue;
      if (await deps.blobStore.delete(key)) out.blobs++;
    }
    await deps.blobStore.delete(blob);
  }
  return out;
}
