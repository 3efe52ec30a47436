/**
 * A partial upload does not survive a crash: a process killed with SIGKILL in
 * the middle of a Put Blob leaves its .part file behind; the next start removes it at once, while
 * a temporary file another live process is still writing stays.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { openBlobStore } from './open-blob-store.ts';
import { loadConfig } from '../env.ts';

const secret = new TextEncoder().encode('orphan-part-test-secret-0123456789');
let dataDir: string;
beforeEach(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'canopy-parts-'));
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

const tempFiles = () => readdirSync(join(dataDir, 'blobs', '.tmp'));
const start = () => openBlobStore(loadConfig({ DATA_DIR: dataDir }), secret);

/** A child process that starts a Put Blob of a body that never ends, and reports when bytes are on disk. */
function uploaderThatHangs(): Promise<{ kill(): Promise<void> }> {
  const store = resolve(import.meta.dirname, 'open-blob-store.ts');
  const env = resolve(import.meta.dirname, '../env.ts');
  const script = `
    import { PassThrough } from 'node:stream';
    const { openBlobStore } = await import(${JSON.stringify(store)});
    const { loadConfig } = await import(${JSON.stringify(env)});
    const blobs = await openBlobStore(loadConfig({ DATA_DIR: ${JSON.stringify(dataDir)} }), new TextEncoder().encode('orphan-part-test-secret-0123456789'));
    const body = new PassThrough();
    void blobs.put({ container: 'assets', name: 'u1/big.stl' }, body);
    body.write(Buffer.alloc(1 << 20));
    setTimeout(() => process.stdout.write('writing\\n'), 300);
    setInterval(() => {}, 1000);
  `;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolveReady, reject) => {
    child.once('error', reject);
    child.stdout.once('data', () =>
      resolveReady({
        kill: () =>
          new Promise((done) => {
            child.once('exit', () => done());
            child.kill('SIGKILL');
          }),
      }),
    );
  });
}

describe('temporary upload files at start-up', () => {
  it('removes the .part of an upload whose process was killed, at once', async () => {
    await start();
    const uploader = await uploaderThatHangs();
    expect(tempFiles()).toHaveLength(1);
    await uploader.kill();
    expect(tempFiles()).toHaveLength(1);
    await start();
    expect(tempFiles()).toEqual([]);
  });

  it('keeps the .part of an upload another live process on this machine is writing', async () => {
    const uploader = await uploaderThatHangs();
    try {
      const [part] = tempFiles();
      await start();
      expect(tempFiles()).toEqual([part]);
    } finally {
      await uploader.kill();
    }
  });

  it('removes the .part of an earlier run that had this very pid (pid 1 in a container)', async () => {
    await start();
    writeFileSync(join(dataDir, 'blobs', '.tmp', `${hostname().replace(/[^A-Za-z0-9.-]/g, '_')}~${process.pid}~earlier~abc.part`), 'x');
    await start();
    expect(tempFiles()).toEqual([]);
  });

  it("keeps another machine's fresh .part (shared folders): only the day-old rule applies to it", async () => {
    await start();
    writeFileSync(join(dataDir, 'blobs', '.tmp', `${hostname()}x~4242~run~abc.part`), 'x');
    await start();
    expect(tempFiles()).toHaveLength(1);
  });
});
