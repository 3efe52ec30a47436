/**
 * A project moved from an embedded installation (PGlite, blobs on the local disk) to a server
 * installation (PostgreSQL, blobs on Azurite) with the export / import routes, under
 * `npm run test:pg`: the same records modulo ids, the same bytes, the viewer assets served there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../harness.ts';
import { accessToken, createUser } from '../world.ts';
import { startAzurite, type Azurite } from '../azurite.ts';
import { normalisedProject, seedTransferProject, type SeededProject } from '../project-transfer-fixtures.ts';
import { assets, companies, configurations, simulations, subscriptions } from '../../src/db/schema/index.ts';
import type { ProjectImportResult } from '@canopy/contract/project-transfer.ts';

const pgUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!pgUrl)('a project moved from the embedded database to PostgreSQL and Azure', () => {
  let embedded: TestContext;
  let server: TestContext;
  let azurite: Azurite;
  let seeded: SeededProject;
  let ownerToken: string;
  let importerToken: string;

  beforeAll(async () => {
    // The embedded installation: the harness opens PGlite when no TEST_DATABASE_URL is set.
    delete process.env.TEST_DATABASE_URL;
    try {
      embedded = await createTestContext({ BLOB_STORE: 'local' });
    } finally {
      process.env.TEST_DATABASE_URL = pgUrl;
    }
    azurite = await startAzurite();
    server = await createTestContext(azurite.env());
    expect(embedded.databaseUrl).toBeUndefined();
    expect(embedded.deps.blobStore.kind).toBe('local');
    expect(server.databaseUrl).toBeDefined();
    expect(server.deps.blobStore.kind).toBe('azure');

    const [a] = await embedded.database.db.insert(companies).values({ name: 'Acme Engineering' }).returning({ id: companies.id });
    const owner = await createUser(embedded.database.db, { username: 'owner', companyId: a!.id, role: 'Engineer' });
    ownerToken = await accessToken(embedded.deps, owner);
    seeded = await seedTransferProject(embedded.deps, owner, a!.id);

    const [b] = await server.database.db.insert(companies).values({ name: 'Acme Engineering (server)' }).returning({ id: companies.id });
    const importer = await createUser(server.database.db, { username: 'alice', companyId: b!.id, role: 'Engineer' });
    await server.database.db
      .insert(subscriptions)
      .values({ companyId: b!.id, plan: 'Professional', creditType: 'AI', creditsPerPeriod: 100, userId: importer });
    importerToken = await accessToken(server.deps, importer);
  }, 180_000);

  afterAll(async () => {
    await embedded?.close();
    await server?.close();
    await azurite?.stop();
  });

  it('exports from the embedded installation and imports into the server: the same project modulo ids, served there', async () => {
    const exported = await embedded.request(`/api/project/${seeded.projectId}/export/`, { token: ownerToken });
    expect(exported.status).toBe(200);
    const zip = new Uint8Array(await exported.arrayBuffer());
    const res = await server.request('/api/project-import/', {
      method: 'POST',
      token: importerToken,
      body: zip,
      headers: { 'content-type': 'application/zip' },
    });
    const result = (await res.json()) as ProjectImportResult;
    expect(res.status, JSON.stringify(result)).toBe(201);
    // New on this installation: the weather station comes along.
    expect(result.records.weather_stations).toBe(1);

    const source = await normalisedProject(embedded.deps, embedded.database.db, seeded.projectId);
    const copy = await normalisedProject(server.deps, server.database.db, result.id);
    for (const table of Object.keys(source)) {
      if (table !== 'weather_stations') expect({ table, rows: copy[table] }).toEqual({ table, rows: source[table] });
    }
    // A station new to this installation stays private to the imported project (an archive is not
    // trusted to add to the shared library): the same series and facts, in a row of its own.
    type Station = Record<string, unknown>;
    const facts = (rows: unknown[] | undefined) => (rows as Station[]).map(({ createdAt: _c, projectId: _p, ...rest }) => rest);
    expect(facts(copy.weather_stations)).toEqual(facts(source.weather_stations));
    expect((copy.weather_stations as Station[]).map((r) => r.projectId)).toEqual([result.id]);

    const db = server.database.db;
    const [config] = await db.select({ id: configurations.id }).from(configurations).where(eq(configurations.projectId, result.id));
    const [sim] = await db.select({ id: simulations.id }).from(simulations).where(eq(simulations.configurationId, config!.id));
    const rows = await db.select({ id: assets.id }).from(assets).where(eq(assets.simulationId, sim!.id));
    expect(rows.length).toBe(seeded.assetIds.length);
    for (const { id } of rows) {
      const asset = await server.request(`/api/project/${result.id}/configuration/${config!.id}/simulation/${sim!.id}/simulation-asset/${id}/download/`, {
        token: importerToken,
      });
      expect(asset.status).toBe(200);
    }
  });
});
