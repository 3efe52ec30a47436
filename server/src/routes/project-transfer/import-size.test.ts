/**
 * An archive is refused by what it would inflate to before anything is inflated, and its tables are
 * parsed in the heavy-work pool, not on the request thread:
 * - over HTTP, a records file inflating past the per-table limit (a few KB of zip, 40 MiB of JSON) is a
 *   413 naming it, parsed by nobody, nothing written;
 * - the import (as the route and the CLI call it) with smaller limits: all tables together past theirs,
 *   every entry together past theirs (a stored 8 MiB blob) → 413, nothing written;
 * - a good archive's tables go through the pool, one task per table, counted against the importer.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count } from 'drizzle-orm';
import yazl from 'yazl';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { accessToken, createUser } from '../../../test/world.ts';
import { seedTransferProject } from '../../../test/project-transfer-fixtures.ts';
import { companies, projects, subscriptions } from '../../db/schema/index.ts';
import { IMPORT_LIMITS, importProjectArchive } from '../../contexts/transfer/import.ts';

let t: TestContext;
let token: string;
let user: { id: number; companyId: number };
let archive: Buffer;
let dir: string;
let tableSizes: Map<string, number>;

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

/** The exported archive with the JSON of some records files padded with `pad` bytes of white space (still the same rows). */
async function padded(pads: Record<string, number>): Promise<Buffer> {
  return zipOf(
    (await entriesOf(archive)).map(([name, bytes]): [string, Buffer] => {
      const table = /^records\/(.+)\.json$/.exec(name)?.[1];
      if (!table || pads[table] === undefined) return [name, bytes];
      const json = bytes.toString();
      return [name, Buffer.concat([Buffer.from(json.slice(0, -1)), Buffer.alloc(pads[table], 0x20), Buffer.from(']')])];
    }),
  );
}

const projectCount = async () => (await t.database.db.select({ n: count() }).from(projects))[0]!.n;

async function importFile(bytes: Buffer, limits: Partial<typeof IMPORT_LIMITS>) {
  const file = join(dir, `a-${Math.random()}.zip`);
  writeFileSync(file, bytes);
  return importProjectArchive(t.deps, t.database.db, file, { user, limits });
}

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'canopy-size-test-'));
  t = await createTestContext();
  const db = t.database.db;
  const [company] = await db.insert(companies).values({ name: 'Acme' }).returning({ id: companies.id });
  const id = await createUser(db, { username: 'importer', companyId: company!.id, role: 'Org Admin' });
  await db.insert(subscriptions).values({ companyId: company!.id, plan: 'Professional', creditType: 'AI', creditsPerPeriod: 100, userId: id });
  user = { id, companyId: company!.id };
  token = await accessToken(t.deps, id);
  const seeded = await seedTransferProject(t.deps, id, company!.id);
  archive = Buffer.from(await (await t.request(`/api/project/${seeded.projectId}/export/`, { token })).arrayBuffer());
  tableSizes = new Map((await entriesOf(archive)).map(([name, bytes]) => [name, bytes.length]));
}, 120_000);
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('an archive that inflates past the limits', () => {
  it('a records file past the per-table limit: 413 naming it, never parsed, nothing written', async () => {
    const bomb = await padded({ uploads: 40 * 1024 * 1024 });
    expect(bomb.length).toBeLessThan(1024 * 1024);
    const parse = vi.spyOn(t.deps.heavy, 'run');
    const before = await projectCount();
    try {
      const res = await t.request('/api/project-import/', {
        method: 'POST',
        token,
        body: new Uint8Array(bomb),
        headers: { 'content-type': 'application/zip' },
      });
      const body = (await res.json()) as { detail: string };
      expect({ status: res.status, detail: body.detail }).toEqual({
        status: 413,
        detail: `records/uploads.json inflates to ${40 * 1024 * 1024 + tableSizes.get('records/uploads.json')!} bytes; at most ${IMPORT_LIMITS.tableBytes} bytes are accepted for one table.`,
      });
      expect(parse).not.toHaveBeenCalled();
      expect(await projectCount()).toBe(before);
    } finally {
      parse.mockRestore();
    }
  });

  it('all tables together past their limit, and every entry together past its limit: 413, nothing written', async () => {
    const before = await projectCount();
    await expect(
      importFile(await padded({ insights: 600_000, drawings: 600_000 }), { tableBytes: 1024 * 1024, recordsBytes: 1024 * 1024 }),
    ).rejects.toMatchObject({
      kind: 'too-large',
      body: { detail: expect.stringMatching(/^The archive's records inflate to \d+ bytes; at most 1048576 bytes are accepted for all tables together\.$/) },
    });
    // A blob of 8 MiB, stored as the exporter stores blobs (not deflated).
    const entries = await entriesOf(archive);
    const withBomb = await zipOf([...entries.map(([n, b]): [string, Buffer] => [n, b]), ['blobs/assets/zeros.bin', Buffer.alloc(8 * 1024 * 1024), false]]);
    await expect(importFile(withBomb, { uncompressedBytes: 4 * 1024 * 1024 })).rejects.toMatchObject({
      kind: 'too-large',
      body: { detail: expect.stringMatching(/^The archive inflates to \d+ bytes; at most 4194304 bytes are accepted\.$/) },
    });
    expect(await projectCount()).toBe(before);
  });
});

describe('a good archive', () => {
  it('has its tables parsed in the heavy-work pool, one task per table, counted against the importer', async () => {
    const parse = vi.spyOn(t.deps.heavy, 'run');
    try {
      const res = await t.request('/api/project-import/', {
        method: 'POST',
        token,
        body: new Uint8Array(archive),
        headers: { 'content-type': 'application/zip' },
      });
      expect(res.status).toBe(201);
      const tasks = parse.mock.calls.filter(([, task]) => task === 'transfer.readTable');
      const tables = (await entriesOf(archive)).filter(([name]) => name.startsWith('records/')).length;
      expect(tasks).toHaveLength(tables);
      expect(tasks.every(([userId]) => userId === user.id)).toBe(true);
    } finally {
      parse.mockRestore();
    }
  });
});
