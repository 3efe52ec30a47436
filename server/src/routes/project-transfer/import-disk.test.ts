/**
 * An import cannot fill the disk, over HTTP:
 * - a blob the manifest lists (size and SHA-256 right) that no record names: 400 naming it, nothing
 *   written — such a blob would only take space, and no route could ever remove it;
 * - a blob that inflates to 1,000 times its size in the zip (8 MiB of zeros in 8 KB, listed and
 *   named correctly): 413 naming it before it is inflated;
 * - a third import of one company while two are in progress: 429 with Retry-After; another
 *   company's import goes ahead; once one finishes, the company may import again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { count } from 'drizzle-orm';
import yazl from 'yazl';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { accessToken, createUser } from '../../../test/world.ts';
import { seedTransferProject } from '../../../test/project-transfer-fixtures.ts';
import { companies, projects, subscriptions } from '../../db/schema/index.ts';
import { IMPORTS_PER_COMPANY } from '../../contexts/transfer/import-slots.ts';

let t: TestContext;
let tokens: { a1: string; a2: string; b: string };
let archive: Buffer;

async function zipOf(entries: Array<[string, Buffer, boolean?]>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes, compress] of entries) zip.addBuffer(bytes, name, { compress: compress ?? true });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function entriesOf(zipBytes: Buffer): Promise<Array<[string, Buffer]>> {
  const yauzl = await import('yauzl');
  const zip = await yauzl.fromBufferPromise(zipBytes, { lazyEntries: true });
  const out: Array<[string, Buffer]> = [];
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    out.push([entry.fileName, Buffer.concat(chunks)]);
  }
  zip.close();
  return out;
}

/** The archive with one more blob, listed in the manifest with its true size and SHA-256. */
async function withExtraBlob(bytes: Buffer, compress: boolean): Promise<Buffer> {
  const name = 'results/extra/zeros.bin';
  const path = `blobs/assets/${name}`;
  const entries = (await entriesOf(archive)).map(([entry, data]): [string, Buffer, boolean?] => {
    if (entry !== 'manifest.json') return [entry, data];
    const manifest = JSON.parse(data.toString()) as { blobs: unknown[] };
    manifest.blobs.push({ path, container: 'assets', name, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex') });
    return [entry, Buffer.from(JSON.stringify(manifest))];
  });
  return zipOf([...entries, [path, bytes, compress]]);
}

async function blobCount(): Promise<number> {
  let n = 0;
  for (const container of ['assets', 'project-assets']) for await (const blob of t.deps.blobStore.list(container)) if (blob) n++;
  return n;
}
const projectCount = async () => (await t.database.db.select({ n: count() }).from(projects))[0]!.n;

function importBody(token: string, body: Uint8Array | ReadableStream<Uint8Array>) {
  return t.request('/api/project-import/', {
    method: 'POST',
    token,
    body,
    headers: { 'content-type': 'application/zip' },
    ...(body instanceof ReadableStream ? { duplex: 'half' } : {}),
  } as RequestInit);
}

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  const [a] = await db.insert(companies).values({ name: 'Company A' }).returning({ id: companies.id });
  const [b] = await db.insert(companies).values({ name: 'Company B' }).returning({ id: companies.id });
  const ids = {
    a1: await createUser(db, { username: 'a1', companyId: a!.id, role: 'Org Admin' }),
    a2: await createUser(db, { username: 'a2', companyId: a!.id, role: 'Org Admin' }),
    b: await createUser(db, { username: 'b', companyId: b!.id, role: 'Org Admin' }),
  };
  for (const [key, id] of Object.entries(ids))
    await db
      .insert(subscriptions)
      .values({ companyId: key === 'b' ? b!.id : a!.id, plan: 'Professional', creditType: 'AI', creditsPerPeriod: 100, userId: id });
  tokens = { a1: await accessToken(t.deps, ids.a1), a2: await accessToken(t.deps, ids.a2), b: await accessToken(t.deps, ids.b) };
  const seeded = await seedTransferProject(t.deps, ids.a1, a!.id);
  archive = Buffer.from(await (await t.request(`/api/project/${seeded.projectId}/export/`, { token: tokens.a1 })).arrayBuffer());
}, 120_000);
afterAll(() => t?.close());

describe('blobs an archive may bring', () => {
  it('one no record names: 400 naming it, nothing written', async () => {
    const [projectsBefore, blobsBefore] = [await projectCount(), await blobCount()];
    const res = await importBody(tokens.a1, new Uint8Array(await withExtraBlob(Buffer.alloc(4096, 7), false)));
    const body = (await res.json()) as { detail: string };
    expect({ status: res.status, detail: body.detail }).toEqual({
      status: 400,
      detail: 'blobs/assets/results/extra/zeros.bin is not named by any record of the archive: only blobs records point at are imported',
    });
    expect([await projectCount(), await blobCount()]).toEqual([projectsBefore, blobsBefore]);
  });

  it('one that inflates to 1,000 times its size: 413 naming it, before it is inflated', async () => {
    const bomb = await withExtraBlob(Buffer.alloc(8 * 1024 * 1024), true);
    expect(bomb.length).toBeLessThan(archive.length + 64 * 1024);
    const [projectsBefore, blobsBefore] = [await projectCount(), await blobCount()];
    const res = await importBody(tokens.a1, new Uint8Array(bomb));
    const body = (await res.json()) as { detail: string };
    expect({ status: res.status, detail: body.detail }).toEqual({
      status: 413,
      detail: expect.stringMatching(
        /^blobs\/assets\/results\/extra\/zeros\.bin inflates to 8388608 bytes from \d+ in the archive; a blob may inflate to at most 100 times its size \(plus 65536 bytes\)\.$/,
      ),
    });
    expect([await projectCount(), await blobCount()]).toEqual([projectsBefore, blobsBefore]);
  });
});

describe('imports of one company at once', () => {
  it(`at most ${IMPORTS_PER_COMPANY}: the next is a 429 with Retry-After, another company goes ahead, and a slot comes back`, async () => {
    // Two imports of company A whose bodies are still arriving.
    const open: Array<ReadableStreamDefaultController<Uint8Array>> = [];
    const reading = new Set<number>();
    const pending = [tokens.a1, tokens.a2].map((token, i) =>
      importBody(
        token,
        new ReadableStream<Uint8Array>({
          start(controller) {
            open[i] = controller;
            controller.enqueue(new Uint8Array(archive.subarray(0, 1024)));
          },
          // Asked for more after the first chunk: the route is reading the body (its slot is taken).
          pull() {
            reading.add(i);
          },
        }),
      ),
    );
    await expect.poll(() => reading.size, { timeout: 30_000 }).toBe(2);
    const third = await importBody(tokens.a1, new Uint8Array(archive));
    const refusal = (await third.json()) as { detail: string };
    expect({ status: third.status, retryAfter: third.headers.get('retry-after'), detail: refusal.detail }).toEqual({
      status: 429,
      retryAfter: '30',
      detail: `Your company already has 2 project imports in progress; at most ${IMPORTS_PER_COMPANY} at a time. Try again when one has finished.`,
    });
    expect((await importBody(tokens.b, new Uint8Array(archive))).status).toBe(201);
    // One of A's finishes (its body ends short: a damaged zip); A may import again.
    open[0]!.close();
    expect((await pending[0]!).status).toBe(400);
    expect((await importBody(tokens.a1, new Uint8Array(archive))).status).toBe(201);
    open[1]!.close();
    expect((await pending[1]!).status).toBe(400);
  });
});
