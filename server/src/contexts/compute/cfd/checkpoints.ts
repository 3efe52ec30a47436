/**
 * Checkpoints of CFD directions: where every worker that may take over a direction can read them.
 *
 * With the local blob store they are files in DATA_DIR/cfd-checkpoints/ (workers on one machine, or
 * DATA_DIR a volume all of them mount). A checkpoint is written to a temporary file in the same
 * folder, flushed (fsync), renamed over the previous one and the folder flushed, so a worker killed
 * at any instant leaves either the old checkpoint or the new one, never a torn file.
 *
 * With BLOB_STORE=azure they are blobs in the store's 'cfd-checkpoints' container, so workers on
 * other machines resume them too. A block blob is replaced only when its block list is committed,
 * after every byte was staged: the same either-old-or-new guarantee without a rename.
 *
 * Either way the engine's header check refuses a checkpoint from another grid.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, readdir, rename, rm, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { BlobStore } from '../../../blobs/blob-store.ts';
import { putBytes } from '../../../blobs/blob-io.ts';

export interface CheckpointStore {
  load(): Promise<Uint8Array | null>;
  save(bytes: Uint8Array): Promise<void>;
  /** Removes this direction's checkpoint (the direction is done, or the run was given up). */
  clear(): Promise<void>;
}

/** A folder (DATA_DIR) for the local store's installations, or the shared blob store. */
export type CheckpointPlace = string | BlobStore;

export const CHECKPOINT_CONTAINER = 'cfd-checkpoints';

/** Where a worker keeps checkpoints: beside the blobs when those are shared (Azure), else under DATA_DIR. */
export function checkpointPlace(services: { blobStore: BlobStore; config: { dataDir: string } }): CheckpointPlace {
  return services.blobStore.kind === 'local' ? services.config.dataDir : services.blobStore;
}

function runPrefix(simulationId: number, runId: string): string {
  return `simulation-${simulationId}/run-${runId.replace(/[^A-Za-z0-9_-]/g, '_')}/`;
}

function blobCheckpointStore(store: BlobStore, simulationId: number, runId: string, index: number): CheckpointStore {
  const key = { container: CHECKPOINT_CONTAINER, name: `${runPrefix(simulationId, runId)}direction-${index}.ckpt` };
  return {
    async load() {
      const download = await store.get(key);
      if (!download) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of download.stream) chunks.push(chunk as Buffer);
      const joined = Buffer.concat(chunks);
      return new Uint8Array(joined.buffer, joined.byteOffset, joined.byteLength);
    },
    save: (bytes) => putBytes(store, key, bytes),
    async clear() {
      await store.delete(key);
    },
  };
}

export function checkpointRoot(dataDir: string): string {
  return join(dataDir, 'cfd-checkpoints');
}

export function runCheckpointDir(dataDir: string, simulationId: number, runId: string): string {
  return join(checkpointRoot(dataDir), `simulation-${simulationId}`, `run-${runId.replace(/[^A-Za-z0-9_-]/g, '_')}`);
}

async function syncDir(dir: string): Promise<void> {
  // Makes the rename itself durable; some filesystems refuse fsync on a directory, which is harmless.
  const handle = await open(dir, 'r').catch(() => null);
  if (!handle) return;
  await handle.sync().catch(() => {});
  await handle.close();
}

export function checkpointStore(place: CheckpointPlace, simulationId: number, runId: string, index: number): CheckpointStore {
  if (typeof place !== 'string') return blobCheckpointStore(place, simulationId, runId, index);
  const dataDir = place;
  const dir = runCheckpointDir(dataDir, simulationId, runId);
  const file = join(dir, `direction-${index}.ckpt`);
  return {
    async load() {
      try {
        const buffer = await readFile(file);
        return new Uint8Array(buffer.buffer, buffer.byteOffset, buffer.byteLength);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async save(bytes) {
      await mkdir(dir, { recursive: true });
      const temp = join(dir, `direction-${index}.${process.pid}.${randomUUID()}.part`);
      const handle = await open(temp, 'w');
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await rename(temp, file);
      } catch (error) {
        await unlink(temp).catch(() => {});
        throw error;
      }
      await syncDir(dir);
    },
    async clear() {
      await rm(file, { force: true });
      // Leftover temporary files of this direction (a writer killed mid-write).
      const left = await readdir(dir).catch(() => [] as string[]);
      await Promise.all(left.filter((f) => f.startsWith(`direction-${index}.`) && f.endsWith('.part')).map((f) => unlink(join(dir, f)).catch(() => {})));
    },
  };
}

/** Removes every checkpoint of a run (it finished, failed for good, or was superseded). */
export async function clearRunCheckpoints(place: CheckpointPlace, simulationId: number, runId: string): Promise<void> {
  if (typeof place === 'string') {
    await rm(runCheckpointDir(place, simulationId, runId), { recursive: true, force: true });
    return;
  }
  const names: string[] = [];
  for await (const blob of place.list(CHECKPOINT_CONTAINER, runPrefix(simulationId, runId))) names.push(blob.name);
  await Promise.all(names.map((name) => place.delete({ container: CHECKPOINT_CONTAINER, name })));
}
