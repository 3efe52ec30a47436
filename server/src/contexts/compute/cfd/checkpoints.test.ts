/**
 * CFD checkpoints on both places they live: files under DATA_DIR (local blob store) and blobs in the
 * shared store's 'cfd-checkpoints' container (BLOB_STORE=azure, on Azurite), so a worker on another
 * machine can resume a direction. Same behaviour either way: nothing until saved, the latest save
 * wins, one direction and one run never see another's, clearing a run removes all of its directions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BlobStore } from '../../../blobs/blob-store.ts';
import { openLocalBlobStore } from '../../../blobs/local-blob-store.ts';
import { deriveSasKey } from '../../../blobs/sas.ts';
import { openAzureBlobStore } from '../../../blobs/azure/azure-blob-store.ts';
import { parseConnectionString } from '../../../blobs/azure/azure-account.ts';
import { startAzurite, type Azurite } from '../../../../test/azurite.ts';
import { CHECKPOINT_CONTAINER, checkpointPlace, checkpointStore, clearRunCheckpoints, type CheckpointPlace } from './checkpoints.ts';

let azurite: Azurite;
let dataDir: string;
const stores = {} as Record<'local' | 'azure', BlobStore>;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'canopy-checkpoints-'));
  azurite = await startAzurite();
  stores.local = await openLocalBlobStore({
    root: join(dataDir, 'blobs'),
    sasKey: deriveSasKey(new TextEncoder().encode('checkpoint-test-secret-0123456789abc')),
  });
  stores.azure = await openAzureBlobStore({ account: parseConnectionString(azurite.connectionString), containerPrefix: 'ckpt-', corsOrigin: null });
});
afterAll(async () => {
  await azurite?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

const bytes = (...values: number[]) => Uint8Array.from(values);

describe.each(['local', 'azure'] as const)('checkpoints with the %s blob store', (kind) => {
  let place: CheckpointPlace;
  beforeAll(() => {
    place = checkpointPlace({ blobStore: stores[kind], config: { dataDir } });
  });

  it('are kept under DATA_DIR with the local store and in the shared store with Azure', () => {
    if (kind === 'local') expect(place).toBe(dataDir);
    else expect(place).toBe(stores.azure);
  });

  it('load nothing until saved, then the latest save', async () => {
    const store = checkpointStore(place, 7, 'run-a', 0);
    expect(await store.load()).toBeNull();
    await store.save(bytes(1, 2, 3));
    expect(await store.load()).toEqual(bytes(1, 2, 3));
    const big = new Uint8Array(6 * 1024 * 1024).map((_, i) => i & 0xff);
    await store.save(big);
    // Another process (a worker taking over) reads the same checkpoint.
    const back = await checkpointStore(place, 7, 'run-a', 0).load();
    expect(back && Buffer.from(back).equals(big)).toBe(true);
  });

  it('keep directions and runs apart, and clear one direction or a whole run', async () => {
    const d1 = checkpointStore(place, 8, 'run-b', 1);
    const d2 = checkpointStore(place, 8, 'run-b', 2);
    const otherRun = checkpointStore(place, 8, 'run-c', 1);
    await d1.save(bytes(1));
    await d2.save(bytes(2));
    await otherRun.save(bytes(3));
    expect(await d1.load()).toEqual(bytes(1));
    expect(await d2.load()).toEqual(bytes(2));
    await d1.clear();
    expect(await d1.load()).toBeNull();
    expect(await d2.load()).toEqual(bytes(2));
    await clearRunCheckpoints(place, 8, 'run-b');
    expect(await d2.load()).toBeNull();
    expect(await otherRun.load()).toEqual(bytes(3));
    // Clearing a run that has nothing is not an error.
    await clearRunCheckpoints(place, 8, 'never-ran');
  });

  it('with Azure, are blobs of the cfd-checkpoints container (nothing under DATA_DIR)', async () => {
    if (kind !== 'azure') return;
    await checkpointStore(place, 9, 'run-d', 0).save(bytes(9));
    const names: string[] = [];
    for await (const blob of stores.azure.list(CHECKPOINT_CONTAINER, 'simulation-9/')) names.push(blob.name);
    expect(names).toEqual(['simulation-9/run-run-d/direction-0.ckpt']);
    expect(existsSync(join(dataDir, 'cfd-checkpoints', 'simulation-9'))).toBe(false);
  });
});
