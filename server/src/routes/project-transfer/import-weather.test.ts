/**
 * Weather stations are shared between projects (one row per series, found by its SHA-256), so an
 * imported one must not become what other companies read. Over HTTP: an archive exported from
 * another installation, doctored, imported here before anyone fetched the station it imitates.
 * - a station claiming the library's SHA-256 and met_id with its wind ×4 and +15 °C: the importer's
 *   project reads its own doctored series, and another company fetching the library station for a
 *   new project gets the library's values;
 * - a station squatting the library station's met_id under another series: a later legitimate
 *   fetch of that station still works (no 500 "vanished after insert").
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import yazl from 'yazl';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { accessToken, createUser } from '../../../test/world.ts';
import { chicagoEpw, seedTransferProject } from '../../../test/project-transfer-fixtures.ts';
import { companies, projectMetSources, projects, subscriptions, weatherStations } from '../../db/schema/index.ts';
import type { ProjectImportResult } from '@canopy/contract/project-transfer.ts';
import type { FetchMetResult, MetSource, WeatherSummary } from '@canopy/contract/weather.ts';
import { decodeHourly, encodeHourly } from '../../contexts/projects/weather/hourly-codec.ts';
import { stationValues } from '../../contexts/projects/weather/stations.ts';
import { summarise } from '../../contexts/projects/weather/summary.ts';

async function zipOf(entries: Array<[string, Buffer]>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of entries) zip.addBuffer(bytes, name);
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

type StationRecord = Record<string, unknown> & { data: string; location: Record<string, unknown> };

/** An export of a seeded project from another installation, its station record rewritten by `change`. */
async function foreignArchive(change: (station: StationRecord) => StationRecord): Promise<Buffer> {
  const source = await createTestContext();
  try {
    const db = source.database.db;
    const [company] = await db.insert(companies).values({ name: 'Elsewhere' }).returning({ id: companies.id });
    const owner = await createUser(db, { username: 'elsewhere', companyId: company!.id, role: 'Org Admin' });
    const seeded = await seedTransferProject(source.deps, owner, company!.id, 'Lakeside');
    const res = await source.request(`/api/project/${seeded.projectId}/export/`, { token: await accessToken(source.deps, owner) });
    expect(res.status).toBe(200);
    const entries = await entriesOf(Buffer.from(await res.arrayBuffer()));
    return zipOf(
      entries.map(([name, bytes]): [string, Buffer] => {
        if (name !== 'records/weather_stations.json') return [name, bytes];
        const rows = JSON.parse(bytes.toString()) as StationRecord[];
        return [name, Buffer.from(JSON.stringify(rows.map(change)))];
      }),
    );
  } finally {
    await source.close();
  }
}

/** The library's Chicago station with its wind ×4 and 15 °C warmer, under the genuine record's claims. */
function doctored(station: StationRecord): StationRecord {
  const epw = decodeHourly(Buffer.from(station.data, 'base64'), chicagoEpw().location);
  for (let h = 0; h < epw.hours; h++) {
    epw.windSpeedMs[h] = epw.windSpeedMs[h]! * 4;
    epw.dryBulbC[h] = epw.dryBulbC[h]! + 15;
  }
  return { ...station, data: encodeHourly(epw).toString('base64') };
}

interface Installation {
  t: TestContext;
  importer: string;
  fetcher: string;
  fetcherProject: number;
}

/** This installation: company B imports; company A has a project near Chicago whose weather it fetches later. */
async function installation(): Promise<Installation> {
  const t = await createTestContext();
  const db = t.database.db;
  const [a] = await db.insert(companies).values({ name: 'Company A' }).returning({ id: companies.id });
  const [b] = await db.insert(companies).values({ name: 'Company B' }).returning({ id: companies.id });
  const importer = await createUser(db, { username: 'bob', companyId: b!.id, role: 'Org Admin' });
  await db.insert(subscriptions).values({ companyId: b!.id, plan: 'Professional', creditType: 'AI', creditsPerPeriod: 100, userId: importer });
  const fetcher = await createUser(db, { username: 'alice', companyId: a!.id, role: 'Org Admin', isSuperuser: true });
  const [project] = await db
    .insert(projects)
    .values({ name: 'A new tower', latitude: 41.9, longitude: -87.7, companyId: a!.id, createdBy: fetcher })
    .returning({ id: projects.id });
  return { t, importer: await accessToken(t.deps, importer), fetcher: await accessToken(t.deps, fetcher), fetcherProject: project!.id };
}

async function importArchive(i: Installation, archive: Buffer): Promise<ProjectImportResult> {
  const res = await i.t.request('/api/project-import/', {
    method: 'POST',
    token: i.importer,
    body: new Uint8Array(archive),
    headers: { 'content-type': 'application/zip' },
  });
  const body = (await res.json()) as ProjectImportResult;
  expect(res.status, JSON.stringify(body)).toBe(201);
  return body;
}

async function summary(i: Installation, projectId: number, token: string, metId: string): Promise<WeatherSummary> {
  const res = await i.t.request(`/api/project/${projectId}/weather-summary/?met_id=${encodeURIComponent(metId)}`, { token });
  const body = (await res.json()) as WeatherSummary;
  expect(res.status, JSON.stringify(body).slice(0, 300)).toBe(200);
  return body;
}

const library = stationValues(chicagoEpw(), 'library', 'library:chicago');
const libraryMonthly = summarise(chicagoEpw(), {}).monthly;

describe('an imported station claiming the library station’s SHA-256 and met_id with doctored hours', () => {
  let i: Installation;
  let imported: ProjectImportResult;
  beforeAll(async () => {
    const archive = await foreignArchive(doctored);
    i = await installation();
    imported = await importArchive(i, archive);
  }, 120_000);
  afterAll(() => i?.t.close());

  it('stays the importing project’s own: its hash and met_id are computed from its bytes', async () => {
    expect(imported.records.weather_stations).toBe(1);
    const db = i.t.database.db;
    const [link] = await db
      .select({ station: weatherStations })
      .from(projectMetSources)
      .innerJoin(weatherStations, eq(weatherStations.id, projectMetSources.stationId))
      .where(eq(projectMetSources.projectId, imported.id));
    expect(link!.station.projectId).toBe(imported.id);
    expect(link!.station.dataSha256).not.toBe(library.dataSha256);
    expect(link!.station.metId).not.toBe(library.metId);
    // The importer reads its own series.
    const own = await summary(i, imported.id, i.importer, link!.station.metId);
    expect(own.monthly[0]!.temperature_c.mean).toBeCloseTo(libraryMonthly[0]!.temperature_c.mean! + 15, 1);
  });

  it('is not what another company gets when it fetches the library station for a new project', async () => {
    const res = await i.t.request(`/api/project/${i.fetcherProject}/fetch-met-data/`, { method: 'POST', token: i.fetcher });
    const fetched = (await res.json()) as FetchMetResult;
    expect(res.status, JSON.stringify(fetched)).toBe(200);
    expect(fetched.met_source.met_id).toBe(library.metId);
    const theirs = await summary(i, i.fetcherProject, i.fetcher, fetched.met_source.met_id);
    expect(theirs.monthly).toEqual(libraryMonthly);
  });

  it('goes with its project', async () => {
    const db = i.t.database.db;
    await db.delete(projects).where(eq(projects.id, imported.id));
    expect(await db.select({ id: weatherStations.id }).from(weatherStations).where(eq(weatherStations.projectId, imported.id))).toEqual([]);
  });
});

describe('an imported station squatting the library station’s met_id under another series', () => {
  let i: Installation;
  beforeAll(async () => {
    const archive = await foreignArchive((station) => ({ ...doctored(station), met_id: library.metId, data_sha256: 'f'.repeat(64) }));
    i = await installation();
    await importArchive(i, archive);
  }, 120_000);
  afterAll(() => i?.t.close());

  it('does not stop a later legitimate fetch of that station', async () => {
    const res = await i.t.request(`/api/project/${i.fetcherProject}/fetch-met-data/`, { method: 'POST', token: i.fetcher });
    const fetched = (await res.json()) as { met_source: MetSource };
    expect(res.status, JSON.stringify(fetched)).toBe(200);
    expect(fetched.met_source.met_id).toBe(library.metId);
    expect((await summary(i, i.fetcherProject, i.fetcher, library.metId)).monthly).toEqual(libraryMonthly);
  });
});
