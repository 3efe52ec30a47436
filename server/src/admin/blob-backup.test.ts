/**
 * Blob backups between stores: every blob of a local store exported to a folder (the local store's
 * own layout plus a manifest) and imported into an Azure account (Azurite), and back; a damaged file
 * is refused before it reaches the store.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import type { BlobStore } from '../blobs/blob-store.ts';
import { openLocalBlobStore } from '../blobs/local-blob-store.ts';
import { deriveSasKey } from '../blobs/sas.ts';
import { openAzureBlobStore } from '../blobs/azure/azure-blob-store.ts';
import { parseConnectionString } from '../blobs/azure/azure-account.ts';
import { BackupCorruptError, exportBlobs, importBlobs, MANIFEST, type BlobManifest } from './blob-backup.ts';
import { getBytes } from '../blobs/blob-io.ts';
import { startAzurite, type Azurite } from '../../test/azurite.ts';

let azurite: Azurite;
let dir: string;
let local: BlobStore;
let azure: BlobStore;
const sasKey = deriveSasKey(new TextEncoder().encode('backup-test-secret-0123456789abcdefgh'));

const blobs = [
  { container: 'project-assets', name: '7d0c3a52-8f55-4a55-9d31-0a7f1e0f3b11/plan with space.pdf', bytes: Buffer.from('%PDF-1.7\n…') },
  { container: 'assets', name: 'results/simulation-3/job-9/pct-sunlit.summer.noon.glb', bytes: Buffer.alloc(5 * 1024 * 1024 + 7, 3) },
  { container: 'cfd-checkpoints', name: 'simulation-4/run-1/direction-0.ckpt', bytes: Buffer.from([1, 2, 3]) },
];

async function everything(store: BlobStore): Promise<string[]> {
  const out: string[] = [];
  for (const container of ['assets', 'project-assets', 'cfd-checkpoints'])
    for await (const blob of store.list(container)) out.push(`${container}/${blob.name}:${blob.size}`);
  return out.sort();
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'canopy-backup-'));
  azurite = await startAzurite();
  local = await openLocalBlobStore({ root: join(dir, 'data', 'blobs'), sasKey });
  azure = await openAzureBlobStore({ account: parseConnectionString(azurite.connectionString), containerPrefix: 'backup-', corsOrigin: null });
  for (const blob of blobs) await local.put(blob, Readable.from([blob.bytes]));
});
afterAll(async () => {
  await azurite?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('blob backups', () => {
  it('move every blob from a local store to an Azure account, byte for byte', async () => {
    const exported = await exportBlobs(local, join(dir, 'backup'));
    expect(exported).toEqual({ blobs: 3, bytes: blobs.reduce((n, b) => n + b.bytes.length, 0) });
    // The folder is a local store's layout: usable as DATA_DIR/blobs as it is.
    expect(readFileSync(join(dir, 'backup', 'project-assets', '7d0c3a52-8f55-4a55-9d31-0a7f1e0f3b11', 'plan with space.pdf'), 'utf8')).toBe('%PDF-1.7\n…');
    expect(await importBlobs(azure, join(dir, 'backup'))).toEqual(exported);
    expect(await everything(azure)).toEqual(await everything(local));
    for (const blob of blobs) expect(Buffer.from(await getBytes(azure, blob)).equals(blob.bytes)).toBe(true);
  });

  it('and back from the account into an empty local store', async () => {
    await exportBlobs(azure, join(dir, 'from-azure'));
    const fresh = await openLocalBlobStore({ root: join(dir, 'fresh', 'blobs'), sasKey });
    await importBlobs(fresh, join(dir, 'from-azure'));
    expect(await everything(fresh)).toEqual(await everything(local));
  });

  it('refuses a damaged file before it reaches the store', async () => {
    const backup = join(dir, 'damaged');
    await exportBlobs(local, backup);
    const manifest = JSON.parse(readFileSync(join(backup, MANIFEST), 'utf8')) as BlobManifest;
    const target = manifest.blobs.find((b) => b.container === 'cfd-checkpoints')!;
    writeFileSync(join(backup, 'cfd-checkpoints', 'simulation-4', 'run-1', 'direction-0.ckpt'), Buffer.from([9, 9, 9]));
    const empty = await openAzureBlobStore({ account: parseConnectionString(azurite.connectionString), containerPrefix: 'damaged-', corsOrigin: null });
    await expect(importBlobs(empty, backup)).rejects.toBeInstanceOf(BackupCorruptError);
    expect(await empty.head({ container: target.container, name: target.name })).toBeNull();
  });
});
