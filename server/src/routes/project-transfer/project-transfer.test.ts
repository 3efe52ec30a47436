/**
 * Project export / import over HTTP against a real database (PGlite here; PostgreSQL under test:pg)
 * and the configured blob store (CANOPY_TEST_BLOB_STORE=azure runs it on Azurite; .ci/run does).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count, eq } from 'drizzle-orm';
import yazl from 'yazl';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { accessToken, createUser } from '../../../test/world.ts';
import { normalisedProject, seedTransferProject, type SeededProject } from '../../../test/project-transfer-fixtures.ts';
import { assets, companies, configurations, projects, simulations, studies, subscriptions, uploads, users } from '../../db/schema/index.ts';
import { PROJECT_ARCHIVE_FORMAT, type ProjectImportResult } from '@canopy/contract/project-transfer.ts';
import { runAdmin } from '../../admin/admin-cli.ts';
import { putBytes } from '../../blobs/blob-io.ts';

let t: TestContext;
let seeded: SeededProject;
const tokens = {} as Record<'owner' | 'orgAdmin' | 'colleague' | 'importer' | 'stranger' | 'noSubscription', string>;
const ids = {} as Record<keyof typeof tokens, number>;
let archive: Buffer;

/** Every blob in the store (both containers), as a count. */
async function blobCount(): Promise<number> {
  let n = 0;
  for (const container of ['assets', 'project-assets']) for await (const blob of t.deps.blobStore.list(container)) if (blob) n++;
  return n;
}

async function projectCount(): Promise<number> {
  return (await t.database.db.select({ n: count() }).from(projects))[0]!.n;
}

async function exportZip(projectId: number, token: string): Promise<Response> {
  return t.request(`/api/project/${projectId}/export/`, { token });
}

async function importZip(body: Uint8Array, token: string): Promise<Response> {
  return t.request('/api/project-import/', { method: 'POST', token, body: new Uint8Array(body), headers: { 'content-type': 'application/zip' } });
}

/** A zip of `entries` (name → bytes), written by yazl. */
async function zipOf(entries: Array<[string, Buffer]>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of entries) zip.addBuffer(bytes, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The entries of the exported archive, read back with the import's own reader's library. */
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

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  const [a] = await db.insert(companies).values({ name: 'Acme Engineering' }).returning({ id: companies.id });
  const [b] = await db.insert(companies).values({ name: 'Northwind Design' }).returning({ id: companies.id });
  ids.owner = await createUser(db, { username: 'owner', companyId: a!.id, role: 'Engineer' });
  ids.orgAdmin = await createUser(db, { username: 'orgadmin', companyId: a!.id, role: 'Org Admin' });
  ids.colleague = await createUser(db, { username: 'colleague', companyId: a!.id, role: 'Project Manager' });
  ids.importer = await createUser(db, { username: 'importer', companyId: b!.id, role: 'Engineer' });
  ids.stranger = await createUser(db, { username: 'stranger', companyId: b!.id, role: 'Org Admin' });
  ids.noSubscription = await createUser(db, { username: 'nosub', companyId: b!.id, role: 'Org Admin' });
  await db.insert(subscriptions).values([
    { companyId: b!.id, plan: 'Professional', creditType: 'AI', creditsPerPeriod: 100, userId: ids.importer },
    { companyId: b!.id, plan: 'Professional', creditType: 'AI', creditsPerPeriod: 100, userId: ids.stranger },
  ]);
  for (const role of Object.keys(ids) as Array<keyof typeof ids>) tokens[role] = await accessToken(t.deps, ids[role]);
  seeded = await seedTransferProject(t.deps, ids.owner, a!.id);
}, 120_000);
afterAll(() => t?.close());

describe('export', () => {
  it('streams a zip with a manifest, the records of every table and every blob with its SHA-256', async () => {
    const res = await exportZip(seeded.projectId, tokens.owner);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="Harbour-Towers-\d+\.canopy\.zip"/);
    archive = Buffer.from(await res.arrayBuffer());
    const entries = new Map(await entriesOf(archive));
    const manifest = JSON.parse(entries.get('manifest.json')!.toString()) as {
      format: string;
      source: Record<string, unknown>;
      counts: Record<string, number>;
      blobs: Array<{ path: string; size: number; sha256: string }>;
    };
    expect(manifest.format).toBe(PROJECT_ARCHIVE_FORMAT);
    expect(manifest.source).toMatchObject({ project_id: seeded.projectId, project_name: 'Harbour Towers' });
    expect(manifest.counts).toMatchObject({
      projects: 1,
      studies: 1,
      uploads: 2,
      project_files: 1,
      configurations: 1,
      simulations: 1,
      insights: 1,
      scene_views: 1,
      drawings: 1,
      insight_pins: 1,
      reports: 1,
      report_views: 1,
      study_images: 1,
    });
    expect(manifest.counts.assets).toBe(seeded.assetIds.length);
    // 2 uploads, the fixture results, the plane GLB (shared by 3 rows) and the study image.
    expect(manifest.blobs.length).toBeGreaterThanOrEqual(5);
    const { createHash } = await import('node:crypto');
    for (const blob of manifest.blobs) {
      const bytes = entries.get(blob.path)!;
      expect(bytes.length).toBe(blob.size);
      expect(createHash('sha256').update(bytes).digest('hex')).toBe(blob.sha256);
    }
    const drawingsJson = JSON.parse(entries.get('records/drawings.json')!.toString()) as Array<Record<string, unknown>>;
    expect(drawingsJson[0]).toMatchObject({ name: 'Arrow', horizontal_translation_factor: 0.25 });
  });

  it('lets the Org Admin of the owning company export; a colleague without it gets 403, another company 404', async () => {
    expect((await exportZip(seeded.projectId, tokens.orgAdmin)).status).toBe(200);
    const colleague = await exportZip(seeded.projectId, tokens.colleague);
    expect(colleague.status).toBe(403);
    const stranger = await exportZip(seeded.projectId, tokens.stranger);
    expect(stranger.status).toBe(404);
    expect((await exportZip(999_999, tokens.owner)).status).toBe(404);
  });
});

describe('an export whose download is closed early', () => {
  it('stops reading the blob in flight and opens no other', async () => {
    const { exportProject } = await import('../../contexts/transfer/export.ts');
    const opened: Array<{ closed: boolean }> = [];
    const store = t.deps.blobStore;
    const watched = Object.create(store) as typeof store;
    watched.get = async (key) => {
      const download = await store.get(key);
      if (!download) return download;
      const state = { closed: false };
      opened.push(state);
      download.stream.on('close', () => (state.closed = true));
      return download;
    };
    // A project with one 32 MiB result: far more than the streams buffer, so it is still being read when the client leaves.
    const db = t.database.db;
    const big = await seedTransferProject(t.deps, ids.owner, (await userCompany(ids.owner))!, 'Big results');
    // Named to sort first: the export reads blobs in key order, so this one is in flight when the client leaves.
    const key = { container: 'assets', name: `0-big/simulation-${big.simulationId}.glb` };
    await putBytes(t.deps.blobStore, key, new Uint8Array(32 * 1024 * 1024).fill(7));
    await db.insert(assets).values({ simulationId: big.simulationId, layerType: 'data', filename: 'big.glb', blobKey: `${key.container}/${key.name}` });
    const archive = await exportProject({ ...t.deps, blobStore: watched }, db, null, big.projectId);
    // Read a little, then hang up (as a browser closing the tab).
    for await (const chunk of archive.stream) if ((chunk as Buffer).length > 0) break;
    await vi.waitFor(() => expect(opened.length).toBeGreaterThan(0), { timeout: 30_000 });
    await vi.waitFor(() => expect(opened.every((s) => s.closed)).toBe(true), { timeout: 30_000 });
    expect(archive.stream.destroyed).toBe(true);
  });
});

describe('import', () => {
  let imported: ProjectImportResult;

  it('creates the project in the caller’s company, owned by the caller, equal to the source modulo ids', async () => {
    const before = await blobCount();
    const res = await importZip(archive, tokens.importer);
    expect(res.status).toBe(201);
    imported = (await res.json()) as ProjectImportResult;
    expect(imported.name).toBe('Harbour Towers');
    expect(imported.id).not.toBe(seeded.projectId);
    expect(imported.records).toMatchObject({ projects: 1, assets: seeded.assetIds.length, drawings: 1, insight_pins: 1 });
    // Stored once per installation: the station is the source's own.
    expect(imported.records.weather_stations).toBe(0);
    expect(await blobCount()).toBe(before + imported.blobs);
    const [project] = await t.database.db.select().from(projects).where(eq(projects.id, imported.id));
    expect(project).toMatchObject({ companyId: await userCompany(ids.importer), createdBy: ids.importer, isDemo: false, referenceId: 'HT-1' });
    const source = await normalisedProject(t.deps, t.database.db, seeded.projectId);
    const copy = await normalisedProject(t.deps, t.database.db, imported.id);
    for (const table of Object.keys(source)) expect({ table, rows: copy[table] }).toEqual({ table, rows: source[table] });
    // Blobs were copied under new names, not shared with the source.
    const names = await t.database.db.select({ uuid: uploads.uuid, projectId: uploads.projectId }).from(uploads);
    const uuids = names.map((n) => n.uuid);
    expect(new Set(uuids).size).toBe(uuids.length);
  });

  it('serves the imported simulation’s viewer assets and the project to its new owner', async () => {
    const detail = await t.request(`/api/project/${imported.id}/`, { token: tokens.importer });
    expect(detail.status).toBe(200);
    const sims = await t.request(`/api/project/${imported.id}/study/${await firstStudy(imported.id)}/simulation/`, { token: tokens.importer });
    expect(sims.status).toBe(200);
    const { configurationId, simulationId, assetIds } = await importedIds(imported.id);
    expect(assetIds.length).toBe(seeded.assetIds.length);
    for (const assetId of assetIds) {
      const res = await t.request(
        `/api/project/${imported.id}/configuration/${configurationId}/simulation/${simulationId}/simulation-asset/${assetId}/download/`,
        { token: tokens.importer },
      );
      expect(res.status).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(0);
    }
    // The source's owner cannot see the copy (another company).
    expect((await t.request(`/api/project/${imported.id}/`, { token: tokens.owner })).status).toBe(404);
  });

  it('refuses a caller without a subscription (403) and nobody anonymous (401)', async () => {
    expect((await importZip(archive, tokens.noSubscription)).status).toBe(403);
    expect((await t.request('/api/project-import/', { method: 'POST', body: new Uint8Array(archive) })).status).toBe(401);
  });
});

describe('bad archives: 400 naming the problem, nothing written', () => {
  async function refused(body: Uint8Array, pattern: RegExp): Promise<void> {
    const projectsBefore = await projectCount();
    const blobsBefore = await blobCount();
    const res = await importZip(body, tokens.importer);
    const answer = (await res.json()) as { detail: string };
    expect({ status: res.status, detail: answer.detail }).toEqual({ status: 400, detail: expect.stringMatching(pattern) });
    expect(await projectCount()).toBe(projectsBefore);
    expect(await blobCount()).toBe(blobsBefore);
  }

  it('a damaged zip', async () => {
    await refused(archive.subarray(0, Math.floor(archive.length / 2)), /not a readable zip archive|damaged/);
    await refused(new TextEncoder().encode('this is not a zip at all'), /not a readable zip archive/);
  });

  it('a blob whose bytes do not match the manifest’s SHA-256', async () => {
    const entries = await entriesOf(archive);
    const manifest = JSON.parse(entries.find(([n]) => n === 'manifest.json')![1].toString()) as { blobs: Array<{ path: string }> };
    const victim = manifest.blobs.at(-1)!.path;
    const tampered = entries.map(([name, bytes]): [string, Buffer] => {
      if (name !== victim) return [name, bytes];
      const copy = Buffer.from(bytes);
      copy[copy.length - 1] = copy[copy.length - 1]! ^ 0xff;
      return [name, copy];
    });
    await refused(await zipOf(tampered), new RegExp(`${victim.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}: SHA-256 [0-9a-f]{64}, the manifest says`));
  });

  it('a foreign format version', async () => {
    const entries = (await entriesOf(archive)).map(([name, bytes]): [string, Buffer] =>
      name === 'manifest.json' ? [name, Buffer.from(JSON.stringify({ ...JSON.parse(bytes.toString()), format: 'canopy-project/9' }))] : [name, bytes],
    );
    await refused(await zipOf(entries), /format is "canopy-project\/9"; this installation reads "canopy-project\/1"/);
  });

  it('a record pointing outside the archive, and a missing record file', async () => {
    const entries = (await entriesOf(archive)).map(([name, bytes]): [string, Buffer] => {
      if (name !== 'records/drawings.json') return [name, bytes];
      const rows = JSON.parse(bytes.toString()) as Array<Record<string, unknown>>;
      return [name, Buffer.from(JSON.stringify(rows.map((r) => ({ ...r, scene_view_id: 123_456 }))))];
    });
    await refused(await zipOf(entries), /records\/drawings\.json\[0\]: scene_view_id 123456 is not a record of records\/scene_views\.json/);
    const without = (await entriesOf(archive)).filter(([name]) => name !== 'records/insights.json');
    await refused(await zipOf(without), /records\/insights\.json holds 0 records; the manifest says 1/);
  });

  it('a record the database refuses while writing: the blobs already put are deleted again', async () => {
    // Every check before writing passes; the INSERT of drawings fails (a date JavaScript reads and
    // PostgreSQL's timestamps cannot hold), after all blobs were put and most records written in the transaction.
    const entries = (await entriesOf(archive)).map(([name, bytes]): [string, Buffer] => {
      if (name !== 'records/drawings.json') return [name, bytes];
      const rows = JSON.parse(bytes.toString()) as Array<Record<string, unknown>>;
      return [name, Buffer.from(JSON.stringify(rows.map((r) => ({ ...r, created_at: '-100000-01-01T00:00:00.000Z' }))))];
    });
    await refused(await zipOf(entries), /records cannot be written: .*out of range/);
  });

  it('an archive without a manifest', async () => {
    await refused(await zipOf([['hello.txt', Buffer.from('hi')]]), /no manifest\.json/);
  });
});

describe('receiving the body', () => {
  it('refuses past the limit (413), declared or counted while streaming, and leaves no temporary file', async () => {
    const { Readable } = await import('node:stream');
    const { receiveArchive } = await import('../../contexts/transfer/import.ts');
    const { existsSync, readdirSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { dirname } = await import('node:path');
    const temporaries = () => readdirSync(tmpdir()).filter((name) => name.startsWith('canopy-import-')).length;
    const before = temporaries();
    await expect(receiveArchive(Readable.from([Buffer.alloc(10)]), '2048', 1024)).rejects.toMatchObject({ kind: 'too-large' });
    // No Content-Length (chunked): counted as it arrives.
    const chunks = Array.from({ length: 8 }, () => Buffer.alloc(256));
    await expect(receiveArchive(Readable.from(chunks), undefined, 1024)).rejects.toMatchObject({
      kind: 'too-large',
      body: { detail: 'The archive is too large: at most 1024 bytes are accepted.' },
    });
    expect(temporaries()).toBe(before);
    const ok = await receiveArchive(Readable.from(chunks.slice(0, 4)), undefined, 1024);
    expect(ok.bytes).toBe(1024);
    expect(existsSync(ok.file)).toBe(true);
    await ok.cleanup();
    expect(existsSync(dirname(ok.file))).toBe(false);
    await expect(receiveArchive(Readable.from([]), undefined, 1024)).rejects.toMatchObject({ kind: 'invalid' });
  });
});

describe('admin CLI', () => {
  it('export-project writes the zip and import-project imports it for a user', async () => {
    const { mkdtempSync, rmSync, existsSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const dir = mkdtempSync(join(tmpdir(), 'canopy-cli-'));
    try {
      const out: string[] = [];
      const err: string[] = [];
      const io = { out: (l: string) => out.push(l), err: (l: string) => err.push(l) };
      const file = join(dir, 'p.zip');
      expect(await runAdmin(['export-project', '--id', String(seeded.projectId), '--out', file], {}, t.database.db, io, () => t.deps)).toBe(0);
      expect(existsSync(file)).toBe(true);
      expect(await runAdmin(['import-project', '--file', file, '--user', 'stranger'], {}, t.database.db, io, () => t.deps)).toBe(0);
      expect(err).toEqual([]);
      const id = Number(/project (\d+)/.exec(out.at(-1)!)![1]);
      const [project] = await t.database.db.select().from(projects).where(eq(projects.id, id));
      expect(project).toMatchObject({ name: 'Harbour Towers', createdBy: ids.stranger });
      expect(await runAdmin(['import-project', '--file', join(dir, 'missing.zip'), '--user', 'stranger'], {}, t.database.db, io, () => t.deps)).toBe(1);
      expect(await runAdmin(['import-project', '--file', file, '--user', 'nobody-here'], {}, t.database.db, io, () => t.deps)).toBe(1);
      expect(err.join('\n')).toMatch(/nobody-here/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

async function userCompany(userId: number): Promise<number | null> {
  return (await t.database.db.select({ companyId: users.companyId }).from(users).where(eq(users.id, userId)))[0]!.companyId;
}

async function firstStudy(projectId: number): Promise<number> {
  return (await t.database.db.select({ id: studies.id }).from(studies).where(eq(studies.projectId, projectId)))[0]!.id;
}

async function importedIds(projectId: number): Promise<{ configurationId: number; simulationId: number; assetIds: number[] }> {
  const db = t.database.db;
  const [config] = await db.select({ id: configurations.id }).from(configurations).where(eq(configurations.projectId, projectId));
  const [sim] = await db.select({ id: simulations.id }).from(simulations).where(eq(simulations.configurationId, config!.id));
  const rows = await db.select({ id: assets.id }).from(assets).where(eq(assets.simulationId, sim!.id));
  return { configurationId: config!.id, simulationId: sim!.id, assetIds: rows.map((r) => r.id) };
}
