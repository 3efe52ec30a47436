/**
 * Every blob of a store copied to a folder and back (docs/scale-out.md "Backups"). The folder has
 * the local store's layout — `{container}/{name}` — plus `manifest.json` (each blob's size and
 * SHA-256), so a backup of an Azure account can also be used as DATA_DIR/blobs, and a local
 * installation's blobs can be loaded into an account.
 *
 * Staging containers of uploads in flight are not copied: an upload not yet reported done is not
 * recorded either, so the database copy does not know of it. Files are streamed; an import checks each
 * blob's SHA-256 while it streams and stops at the first mismatch.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import { dirname, join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BlobStore } from '../blobs/blob-store.ts';
import { assertBlobName } from '../blobs/blob-names.ts';
import { BLOB_CONTAINERS } from '../db/schema/index.ts';
import { CHECKPOINT_CONTAINER } from '../contexts/compute/cfd/checkpoints.ts';

/** The containers Canopy keeps (uploads, results and geometry; CFD checkpoints). */
export const BACKED_UP_CONTAINERS: readonly string[] = [...BLOB_CONTAINERS, CHECKPOINT_CONTAINER];
export const MANIFEST = 'manifest.json';

export interface ManifestEntry {
  container: string;
  name: string;
  size: number;
  sha256: string;
}

export interface BlobManifest {
  format: 'canopy-blobs/1';
  createdAt: string;
  blobs: ManifestEntry[];
}

export interface CopySummary {
  blobs: number;
  bytes: number;
}

class HashTap extends Transform {
  private readonly hash = createHash('sha256');
  bytes = 0;
  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.hash.update(chunk);
    this.bytes += chunk.length;
    done(null, chunk);
  }
  digest(): string {
    return this.hash.digest('hex');
  }
}

function fileOf(dir: string, container: string, name: string): string {
  return join(dir, container, ...assertBlobName(name));
}

/** Copies every blob of the store into `dir` (which may already hold an earlier backup: files are replaced). */
export async function exportBlobs(store: BlobStore, dir: string, progress: (line: string) => void = () => {}): Promise<CopySummary> {
  const manifest: BlobManifest = { format: 'canopy-blobs/1', createdAt: new Date().toISOString(), blobs: [] };
  let bytes = 0;
  for (const container of BACKED_UP_CONTAINERS) {
    for await (const blob of store.list(container)) {
      const download = await store.get({ container, name: blob.name });
      // Deleted since it was listed (a result replaced meanwhile).
      if (!download) continue;
      const file = fileOf(dir, container, blob.name);
      await mkdir(dirname(file), { recursive: true });
      const tap = new HashTap();
      const temp = `${file}.part`;
      await pipeline(download.stream, tap, createWriteStream(temp));
      await rename(temp, file);
      manifest.blobs.push({ container, name: blob.name, size: tap.bytes, sha256: tap.digest() });
      bytes += tap.bytes;
    }
    progress(`${container}: ${manifest.blobs.filter((b) => b.container === container).length} blobs`);
  }
  await writeFile(join(dir, MANIFEST), JSON.stringify(manifest, null, 1));
  return { blobs: manifest.blobs.length, bytes };
}

export class BackupCorruptError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupCorruptError';
  }
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** Puts every blob the manifest in `dir` lists into the store (replacing blobs of the same name). */
export async function importBlobs(store: BlobStore, dir: string, progress: (line: string) => void = () => {}): Promise<CopySummary> {
  const manifest = JSON.parse(await readFile(join(dir, MANIFEST), 'utf8')) as BlobManifest;
  if (manifest.format !== 'canopy-blobs/1') throw new BackupCorruptError(`${join(dir, MANIFEST)} is not a Canopy blob backup`);
  let bytes = 0;
  for (const [i, entry] of manifest.blobs.entries()) {
    if (!BACKED_UP_CONTAINERS.includes(entry.container)) throw new BackupCorruptError(`unknown container ${entry.container}`);
    const file = fileOf(dir, entry.container, entry.name);
    // Checked before the store sees a byte, so a damaged file is never put. (Failing the upload
    // stream itself at its end left the Azure client's upload waiting forever on a loaded machine.)
    const digest = await sha256Of(file);
    if (digest !== entry.sha256) throw new BackupCorruptError(`${entry.container}/${entry.name}: SHA-256 ${digest}, the manifest says ${entry.sha256}`);
    await store.put({ container: entry.container, name: entry.name }, createReadStream(file));
    bytes += entry.size;
    if ((i + 1) % 100 === 0) progress(`${i + 1} of ${manifest.blobs.length} blobs`);
  }
  return { blobs: manifest.blobs.length, bytes };
}
