/**
 * The blob endpoint against a real listening server (startServer), where the body is a socket:
 * a connection dropped mid-body leaves no blob, no temporary file and no record; a body over the
 * limit without Content-Length is cut off with 413; a large body streams through intact.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { startServer, type RunningServer } from '../../boot.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { grantUpload } from '../../../test/world-uploads.ts';
import { filesUnder } from '../../../test/blob-helpers.ts';
import { uploads } from '../../db/schema/index.ts';

const LIMIT = 8 * 1024 * 1024;
let server: RunningServer;
let w: World;
let dataDir: string;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'canopy-blob-server-'));
  server = await startServer(
    { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_DEMO: 'false', EMBEDDED_WORKERS: 'false', UPLOAD_MAX_BYTES: String(LIMIT), NODE_ENV: 'test' },
    () => {},
  );
  w = await buildWorld(server.deps);
});
afterAll(async () => {
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const grant = () => grantUpload(server.deps, w.projectId, w.userIds.projectAdmin);

function blobPath(g: { container: string; uuid: string; sasToken: string }, filename: string): string {
  return `/blobs/${g.container}/${g.uuid}/${filename}?${g.sasToken}`;
}

function put(path: string, headers: Record<string, string | number>) {
  return httpRequest({ host: '127.0.0.1', port: server.port, method: 'PUT', path, headers: { 'x-ms-blob-type': 'BlockBlob', ...headers } });
}

function answer(req: ReturnType<typeof put>): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    req.once('response', resolve);
    req.once('error', reject);
  });
}

async function until(check: () => boolean | Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > timeoutMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

const leftovers = (uuid: string) => filesUnder(dataDir).filter((f) => f.includes(uuid) || f.startsWith('.tmp'));

describe('the blob endpoint on a listening server', () => {
  it('keeps no partial blob when the connection drops mid-body', async () => {
    const g = await grant();
    const req = put(blobPath(g, 'dropped.bin'), { 'content-length': 4 * 1024 * 1024 });
    req.on('error', () => {}); // the socket is destroyed on purpose
    const chunk = Buffer.alloc(256 * 1024, 1);
    for (let i = 0; i < 4; i++) await new Promise<void>((resolve) => req.write(chunk, () => resolve()));
    // The server has started writing: a temporary file exists for this upload.
    await until(() => filesUnder(dataDir).some((f) => f.startsWith('.tmp')));
    req.destroy();
    await until(() => leftovers(g.uuid).length === 0);
    // And it stays that way (no late rename of a half body).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(leftovers(g.uuid)).toEqual([]);
    expect(await server.deps.database.db.select().from(uploads).where(eq(uploads.uuid, g.uuid))).toEqual([]);
  });

  it('cuts off a chunked body over the limit with 413 and keeps nothing', async () => {
    const g = await grant();
    const req = put(blobPath(g, 'chunked.bin'), { 'transfer-encoding': 'chunked' });
    req.on('error', () => {}); // the server closes the connection after answering
    const response = answer(req);
    const chunk = Buffer.alloc(512 * 1024, 2);
    let written = 0;
    let answered = false;
    void response.then(
      () => (answered = true),
      () => (answered = true),
    );
    while (!answered && written <= LIMIT * 2) {
      await new Promise<void>((resolve) => req.write(chunk, () => resolve()));
      written += chunk.length;
    }
    const res = await response;
    expect(res.statusCode).toBe(413);
    expect(res.headers['x-ms-error-code']).toBe('RequestBodyTooLarge');
    res.resume();
    req.destroy();
    await until(() => leftovers(g.uuid).length === 0);
  });

  it('streams a large body through intact', async () => {
    const g = await grant();
    const size = LIMIT;
    const chunk = Buffer.alloc(1024 * 1024);
    for (let i = 0; i < chunk.length; i++) chunk[i] = (i * 31) & 0xff;
    const expected = createHash('sha256');
    const req = put(blobPath(g, 'large.bin'), { 'content-length': size });
    const response = answer(req);
    for (let sent = 0; sent < size; sent += chunk.length) {
      expected.update(chunk);
      if (!req.write(chunk)) await new Promise((resolve) => req.once('drain', resolve));
    }
    req.end();
    const res = await response;
    res.resume();
    expect(res.statusCode).toBe(201);
    const [row] = await server.deps.database.db.select().from(uploads).where(eq(uploads.uuid, g.uuid));
    expect(row).toMatchObject({ size, sha256: expected.digest('hex'), format: 'binary' });
    expect(leftovers(g.uuid)).toEqual([`project-assets/${g.uuid}/large.bin`]);
  });
});
