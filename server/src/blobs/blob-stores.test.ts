/**
 * The BlobStore contract, one suite run on both stores: the embedded local store and
 * BLOB_STORE=azure against Azurite (started by the test, loopback, in memory). What a caller may
 * rely on whichever is configured: put/get/head/list/delete, a failed body leaves nothing and keeps
 * the previous blob, bad names are refused, and (Azure) an unreachable store is a
 * BlobStoreUnavailableError naming it — with nothing half-written — that clears when it returns.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { createHash, randomUUID } from 'node:crypto';
import type { BlobStore } from './blob-store.ts';
import { BlobNameError, BlobStoreUnavailableError } from './blob-store.ts';
import { openLocalBlobStore } from './local-blob-store.ts';
import { deriveSasKey } from './sas.ts';
import { openAzureBlobStore } from './azure/azure-blob-store.ts';
import { parseConnectionString } from './azure/azure-account.ts';
import { startAzurite, type Azurite } from '../../test/azurite.ts';

let azurite: Azurite;
let dataDir: string;
const stores: Record<'local' | 'azure', BlobStore> = {} as never;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'canopy-stores-'));
  azurite = await startAzurite();
  stores.local = await openLocalBlobStore({
    root: join(dataDir, 'blobs'),
    sasKey: deriveSasKey(new TextEncoder().encode('stores-test-secret-0123456789abcdef')),
  });
  stores.azure = await openAzureBlobStore({
    account: parseConnectionString(azurite.connectionString),
    containerPrefix: 'contract-',
    corsOrigin: 'http://localhost:8080',
    maxTries: 1,
  });
});
afterAll(async () => {
  await azurite?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** A body that yields `good` and then fails, like a connection dropped mid-upload. */
function failingBody(good: Buffer): Readable {
  return Readable.from(
    (async function* () {
      yield good;
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('connection reset');
    })(),
  );
}

async function names(store: BlobStore, container: string, prefix?: string): Promise<string[]> {
  const out: string[] = [];
  for await (const blob of store.list(container, prefix)) out.push(blob.name);
  return out.sort();
}

describe.each(['local', 'azure'] as const)('the %s blob store', (kind) => {
  const store = () => stores[kind];
  const u = randomUUID();
  const key = (name: string) => ({ container: 'assets', name: `${u}/${name}` });

  it('puts, heads, gets, lists and deletes', async () => {
    const put = await store().put(key('a.csv'), Readable.from([Buffer.from('a,b\n'), Buffer.from('1,2\n')]));
    expect(put).toMatchObject({ container: 'assets', name: `${u}/a.csv`, size: 8, contentMd5: createHash('md5').update('a,b\n1,2\n').digest('base64') });
    expect(await store().head(key('a.csv'))).toMatchObject({ size: 8, etag: put.etag });
    const got = await store().get(key('a.csv'));
    expect(got!.properties.size).toBe(8);
    expect(await text(got!.stream)).toBe('a,b\n1,2\n');
    await store().put(key('b.csv'), Readable.from([Buffer.from('x')]));
    await store().put({ container: 'assets', name: `${u}-other/c.csv` }, Readable.from([Buffer.from('y')]));
    expect(await names(store(), 'assets', `${u}/`)).toEqual([`${u}/a.csv`, `${u}/b.csv`]);
    expect(await names(store(), 'assets', `${u}/b`)).toEqual([`${u}/b.csv`]);
    expect(await store().delete(key('a.csv'))).toBe(true);
    expect(await store().delete(key('a.csv'))).toBe(false);
    expect(await store().head(key('a.csv'))).toBeNull();
    expect(await store().get(key('missing'))).toBeNull();
    // A container never written to reads as empty.
    expect(await names(store(), 'cfd-checkpoints', 'nothing-here/')).toEqual([]);
  });

  it('streams a multi-block body (over 4 MiB) intact', async () => {
    const big = Buffer.alloc(9 * 1024 * 1024 + 123);
    for (let i = 0; i < big.length; i += 4096) big[i] = (i / 4096) & 0xff;
    const chunks = [];
    for (let i = 0; i < big.length; i += 64 * 1024) chunks.push(big.subarray(i, i + 64 * 1024));
    const put = await store().put(key('big.bin'), Readable.from(chunks));
    expect(put.size).toBe(big.length);
    const got = await store().get(key('big.bin'));
    const back: Buffer[] = [];
    for await (const chunk of got!.stream) back.push(chunk as Buffer);
    expect(Buffer.concat(back).equals(big)).toBe(true);
  });

  it('leaves nothing when the body fails, and keeps the previous blob of that name intact', async () => {
    await store().put(key('kept.csv'), Readable.from([Buffer.from('old')]));
    await expect(store().put(key('kept.csv'), failingBody(Buffer.alloc(5 * 1024 * 1024, 1)))).rejects.toThrow();
    expect(await text((await store().get(key('kept.csv')))!.stream)).toBe('old');
    await expect(store().put(key('partial.bin'), failingBody(Buffer.from('partial')))).rejects.toThrow();
    expect(await store().head(key('partial.bin'))).toBeNull();
  });

  it('refuses names that would leave the container, and containers that are not container names', async () => {
    for (const name of ['../x', `${u}/../../x`, `${u}/`, '/abs']) {
      await expect(store().put(key(name), Readable.from([]))).rejects.toBeInstanceOf(BlobNameError);
    }
    await expect(store().head({ container: '../etc', name: 'passwd' })).rejects.toBeInstanceOf(BlobNameError);
  });
});

describe('an unreachable Azure store', () => {
  it('is a BlobStoreUnavailableError naming the store, writes nothing, and works again when it returns', async () => {
    const store = stores.azure;
    const key = { container: 'assets', name: `${randomUUID()}/while-down.csv` };
    await azurite.cut();
    try {
      const refused = await store.put(key, Readable.from([Buffer.from('a,b\n')])).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(BlobStoreUnavailableError);
      expect((refused as Error).message).toContain(`Azure Blob Storage at ${azurite.blobEndpoint}`);
      await expect(store.get(key)).rejects.toBeInstanceOf(BlobStoreUnavailableError);
      await expect(store.head(key)).rejects.toBeInstanceOf(BlobStoreUnavailableError);
    } finally {
      await azurite.restore();
    }
    expect(await store.head(key)).toBeNull();
    await store.put(key, Readable.from([Buffer.from('a,b\n')]));
    expect(await text((await store.get(key))!.stream)).toBe('a,b\n');
  });
});
