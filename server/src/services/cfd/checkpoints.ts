/**
 * Checkpoints of CFD directions on disk, in DATA_DIR/cfd-checkpoints/ (shared by every worker at
 * scale: DATA_DIR is the volume all processes mount). A checkpoint is written to a temporary file in
 * the same folder, flushed (fsync), renamed over the previous one and the folder flushed, so a
 * worker killed at any instant leaves either the old checkpoint or the new one, never a torn file;
 * the engine's header check refuses one from another grid.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, readdir, rename, rm, unlink } from 'node:fs/promises';
import { join } from 'node:path';

export interface CheckpointStore {
  load(): Promise<Uint8Array | null>;
  save(bytes: Uint8Array): Promise<void>;
  /** Removes this direction's checkpoint (the direction is done, or the run was given up). */
  clear(): Promise<void>;
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

export function checkpointStore(dataDir: string, simulationId: number, runId: string, index: number): CheckpointStore {
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
export async function clearRunCheckpoints(dataDir: string, simulationId: number, runId: string): Promise<void> {
  await rm(runCheckpointDir(dataDir, simulationId, runId), { recursive: true, force: true });
}
