import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buffer } from 'node:stream/consumers';
import { openLocalBlobStore } from './local-blob-store.ts';
import { deriveSasKey } from './sas.ts';
import { putBytes } from './blob-io.ts';
import { HotBlobs, type BlobRead } from './hot-blobs.ts';
import type { BlobKey, BlobStore } from './blob-store.ts';

const sasKey = deriveSasKey(new TextEncoder().encode('hot-blobs-test-secret-0123456789ab'));
let dataDir: string;
let store: BlobStore;
/** How many times the store was asked for a blob's bytes (not its properties). */
let bodyReads: number;
beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'canopy-hot-'));
  const local = await openLocalBlobStore({ root: join(dataDir, 'blobs'), sasKey });
  bodyReads = 0;
  // The real store, counting its reads of bytes.
  store = Object.assign(Object.create(local) as BlobStore, {
    get: (key: BlobKey) => {
      bodyReads++;
      return local.get(key);
    },
  });
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const key = (name: string): BlobKey => ({ container: 'assets', name });
const bytesOf = (length: number, seed: number) => Uint8Array.from({ length }, (_, i) => (i * 31 + seed) & 0xff);
const limits = { maxBytes: 1000, maxBlobBytes: 400, maxFillingBytes: 1000 };

async function content(read: BlobRead | null): Promise<Buffer | null> {
  if (!read) return null;
  return 'bytes' in read ? read.bytes : await buffer(read.stream);
}

describe('result files kept in memory', () => {
  it('reads a small blob from the store once, then from memory while the store holds the same version', async () => {
    await putBytes(store, key('r/a.glb'), bytesOf(300, 1));
    const hot = new HotBlobs(store, limits);
    const first = await hot.read(key('r/a.glb'));
    const second = await hot.read(key('r/a.glb'));
    expect(bodyReads).toBe(1);
    expect(second && 'bytes' in second && [...second.bytes]).toEqual([...bytesOf(300, 1)]);
    expect(second?.properties.etag).toBe(first?.properties.etag);
    expect(hot.size).toEqual({ entries: 1, bytes: 300 });
  });

  it('reads again once the blob is replaced or deleted, from this store or any other', async () => {
    const hot = new HotBlobs(store, limits);
    await putBytes(store, key('r/a.glb'), bytesOf(300, 1));
    await hot.read(key('r/a.glb'));
    await putBytes(store, key('r/a.glb'), bytesOf(200, 2));
    const replaced = await hot.read(key('r/a.glb'));
    expect(replaced && 'bytes' in replaced && [...replaced.bytes]).toEqual([...bytesOf(200, 2)]);
    expect(replaced?.properties.size).toBe(200);
    expect(bodyReads).toBe(2);
    await store.delete(key('r/a.glb'));
    expect(await hot.read(key('r/a.glb'))).toBeNull();
    expect(hot.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('streams a blob over the size it keeps, every time', async () => {
    const hot = new HotBlobs(store, limits);
    await putBytes(store, key('r/big.glb'), bytesOf(401, 3));
    const read = await hot.read(key('r/big.glb'));
    expect(read && 'stream' in read).toBe(true);
    expect(await content(read)).toHaveLength(401);
    expect(await content(await hot.read(key('r/big.glb')))).toHaveLength(401);
    expect(bodyReads).toBe(2);
    expect(hot.size.entries).toBe(0);
  });

  it('keeps no more than its bound in all, the least recently used going first', async () => {
    const hot = new HotBlobs(store, limits);
    for (const name of ['a', 'b', 'c']) await putBytes(store, key(`r/${name}.glb`), bytesOf(400, name.charCodeAt(0)));
    await hot.read(key('r/a.glb'));
    await hot.read(key('r/b.glb'));
    await hot.read(key('r/a.glb')); // a is now the most recently used
    await hot.read(key('r/c.glb')); // 1,200 bytes > 1,000: b goes
    expect(hot.size).toEqual({ entries: 2, bytes: 800 });
    bodyReads = 0;
    await hot.read(key('r/a.glb'));
    await hot.read(key('r/c.glb'));
    expect(bodyReads).toBe(0);
    await hot.read(key('r/b.glb'));
    expect(bodyReads).toBe(1);
  });

  it('streams instead of reading into memory when too many first reads are under way at once', async () => {
    for (const name of ['a', 'b']) await putBytes(store, key(`r/${name}.glb`), bytesOf(300, name.charCodeAt(0)));
    // Both reads are under way at once: each download waits until the other has opened too, and
    // they go on in the order they were asked for. Left to the disk, the second could open first,
    // or the first could finish before the second opens.
    let opened = 0;
    let bothOpen!: () => void;
    const gate = new Promise<void>((resolve) => (bothOpen = resolve));
    const gated = Object.assign(Object.create(store) as BlobStore, {
      get: async (k: BlobKey) => {
        const download = await store.get(k);
        if (++opened === 2) bothOpen();
        await gate;
        return download;
      },
    });
    const hot = new HotBlobs(gated, { maxBytes: 1000, maxBlobBytes: 400, maxFillingBytes: 500 });
    const [a, b] = await Promise.all([hot.read(key('r/a.glb')), hot.read(key('r/b.glb'))]);
    // The first fills (300 of 500 bytes); the second would pass the bound, so it streams.
    expect([a && 'bytes' in a, b && 'stream' in b]).toEqual([true, true]);
    expect(await content(b)).toHaveLength(300);
    expect(hot.size).toEqual({ entries: 1, bytes: 300 });
  });

  it('answers null for a blob that does not exist', async () => {
    expect(await new HotBlobs(store, limits).read(key('r/none.glb'))).toBeNull();
  });
});
