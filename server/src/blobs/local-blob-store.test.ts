import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync, existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { openLocalBlobStore, type LocalBlobStore } from './local-blob-store.ts';
import { BlobNameError } from './blob-store.ts';
import { authenticateSas, deriveSasKey } from './sas.ts';
import { filesUnder } from '../../test/blob-helpers.ts';

const sasKey = deriveSasKey(new TextEncoder().encode('local-store-test-secret-0123456789'));
let dataDir: string;
let store: LocalBlobStore;
beforeEach(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'canopy-store-'));
  store = await openLocalBlobStore({ root: join(dataDir, 'blobs'), sasKey });
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const key = (name: string) => ({ container: 'assets', name });

/** A body that yields `good` and then fails, like a connection dropped mid-upload. */
function failingBody(good: string): Readable {
  return Readable.from(
    (async function* () {
      yield Buffer.from(good);
      throw new Error('connection reset');
    })(),
  );
}

describe('the local blob store', () => {
  it('puts, heads, gets, lists and deletes', async () => {
    const put = await store.put(key('u1/a.csv'), Readable.from([Buffer.from('a,b\n'), Buffer.from('1,2\n')]));
    expect(put).toMatchObject({ container: 'assets', name: 'u1/a.csv', size: 8, contentMd5: expect.any(String) });
    expect(await store.head(key('u1/a.csv'))).toMatchObject({ size: 8, etag: put.etag });
    const got = await store.get(key('u1/a.csv'));
    expect(await text(got!.stream)).toBe('a,b\n1,2\n');
    await store.put(key('u1/b.csv'), Readable.from([Buffer.from('x')]));
    await store.put(key('u2/c.csv'), Readable.from([Buffer.from('y')]));
    const names = async (prefix?: string) => {
      const out: string[] = [];
      for await (const blob of store.list('assets', prefix)) out.push(blob.name);
      return out.sort();
    };
    expect(await names()).toEqual(['u1/a.csv', 'u1/b.csv', 'u2/c.csv']);
    expect(await names('u1/')).toEqual(['u1/a.csv', 'u1/b.csv']);
    expect(await names('u1/b')).toEqual(['u1/b.csv']);
    expect(await store.delete(key('u1/a.csv'))).toBe(true);
    expect(await store.delete(key('u1/a.csv'))).toBe(false);
    expect(await store.head(key('u1/a.csv'))).toBeNull();
    expect(await store.get(key('missing/x'))).toBeNull();
    await store.delete(key('u2/c.csv'));
    // The emptied uuid folder goes too.
    expect(existsSync(join(dataDir, 'blobs', 'assets', 'u2'))).toBe(false);
  });

  it('leaves nothing when the body fails, and keeps the previous blob of that name intact', async () => {
    await store.put(key('u1/a.csv'), Readable.from([Buffer.from('old')]));
    await expect(store.put(key('u1/a.csv'), failingBody('new but incomplete'))).rejects.toThrow('connection reset');
    expect(readFileSync(join(dataDir, 'blobs', 'assets', 'u1', 'a.csv'), 'utf8')).toBe('old');
    await expect(store.put(key('u1/other.csv'), failingBody('partial'))).rejects.toThrow();
    expect(filesUnder(dataDir)).toEqual(['assets/u1/a.csv']);
  });

  it('refuses names that would leave the container', async () => {
    for (const name of ['../x', 'u1/../../x', 'u1/', '/abs']) {
      await expect(store.put(key(name), Readable.from([]))).rejects.toBeInstanceOf(BlobNameError);
    }
    await expect(store.head({ container: '../etc', name: 'passwd' })).rejects.toBeInstanceOf(BlobNameError);
  });

  it('clears temporary files older than a day at start-up, and keeps fresh ones', async () => {
    const temp = join(dataDir, 'blobs', '.tmp');
    mkdirSync(temp, { recursive: true });
    writeFileSync(join(temp, 'stale.part'), 'x');
    writeFileSync(join(temp, 'fresh.part'), 'y');
    const twoDaysAgo = new Date(Date.now() - 2 * 86400_000);
    utimesSync(join(temp, 'stale.part'), twoDaysAgo, twoDaysAgo);
    await openLocalBlobStore({ root: join(dataDir, 'blobs'), sasKey });
    expect(filesUnder(dataDir)).toEqual(['.tmp/fresh.part']);
  });

  it('signs upload URLs on the given origin that its SAS verifier accepts', async () => {
    const expiresOn = new Date(Date.now() + 60_000);
    const url = await store.createUploadUrl({ container: 'assets', prefix: 'u1', permissions: ['c', 'w'], expiresOn, origin: 'http://localhost:5173/' });
    expect(url.containerUrl).toBe('http://localhost:5173/blobs/assets');
    expect(authenticateSas(sasKey, 'assets', new URLSearchParams(url.sasToken), new Date())).toMatchObject({ ok: true, directory: 'u1' });
  });
});
