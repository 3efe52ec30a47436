/**
 * Stored data the server inflates is inflated only up to what it can legitimately be:
 * - a weather station whose stored series is 64 KB of gzip inflating to 64 MiB (as an import could
 *   store before imports were checked): every read of its summary is a 409 saying the data inflates
 *   past the limit (~6.8 MB, ten years of hours), not a 500 after inflating it all; an archive
 *   carrying such a station is refused naming it;
 * - a PNG whose IDAT inflates far past its header's size, as an RGBA capture and as a palette image
 *   (pdf-lib's codec): the export answers 400, the inflation stopped at the header's size.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32, deflateSync, gzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { accessToken, createUser } from '../../../test/world.ts';
import { chicagoEpw } from '../../../test/project-transfer-fixtures.ts';
import { buildVisibilityWorld, type VisibilityWorld } from '../../../test/world-insights.ts';
import { companies, projectMetSources, projects, weatherStations } from '../../db/schema/index.ts';
import { MAX_RAW_BYTES } from '../../contexts/projects/weather/hourly-codec.ts';
import { stationValues } from '../../contexts/projects/weather/stations.ts';
import { preparePng } from '../../contexts/results/pdf/image-prepare.ts';
import type { Insight } from '@canopy/contract/insights.ts';

const BOMB_BYTES = 64 * 1024 * 1024;

function chunk(type: string, data: Uint8Array): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const out = Buffer.alloc(8 + data.length + 4);
  out.writeUInt32BE(data.length, 0);
  body.copy(out, 4);
  out.writeUInt32BE(crc32(body) >>> 0, 8 + data.length);
  return out;
}

/** A `size` × `size` PNG of colour type `colourType` whose IDAT inflates to 64 MiB of zeros. */
function bombPng(size: number, colourType: 6 | 3): Uint8Array {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, colourType, 0, 0, 0], 8);
  return new Uint8Array(
    Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      chunk('IHDR', ihdr),
      ...(colourType === 3 ? [chunk('PLTE', Buffer.from([0, 0, 0, 255, 255, 255]))] : []),
      chunk('IDAT', deflateSync(Buffer.alloc(BOMB_BYTES), { level: 9 })),
      chunk('IEND', Buffer.alloc(0)),
    ]),
  );
}

describe('a stored weather series that inflates to 64 MiB', () => {
  let t: TestContext;
  let token: string;
  let projectId: number;
  const bomb = gzipSync(Buffer.alloc(BOMB_BYTES), { level: 9 });
  beforeAll(async () => {
    t = await createTestContext();
    const db = t.database.db;
    const [company] = await db.insert(companies).values({ name: 'Acme' }).returning({ id: companies.id });
    const root = await createUser(db, { username: 'root', companyId: company!.id, isSuperuser: true });
    token = await accessToken(t.deps, root);
    const [project] = await db.insert(projects).values({ name: 'Bombed', companyId: company!.id, createdBy: root }).returning({ id: projects.id });
    projectId = project!.id;
    const [station] = await db
      .insert(weatherStations)
      .values({ ...stationValues(chicagoEpw(), 'upload', 'bomb.epw'), metId: 'bomb-1', data: bomb, projectId })
      .returning({ id: weatherStations.id });
    await db.insert(projectMetSources).values({ projectId, stationId: station!.id, origin: 'upload' });
  });
  afterAll(() => t?.close());

  it('is refused on every read with a 409 saying it inflates past the limit', async () => {
    expect(bomb.length).toBeLessThan(128 * 1024);
    for (let i = 0; i < 3; i++) {
      const res = await t.request(`/api/project/${projectId}/weather-summary/?met_id=bomb-1`, { token });
      const body = (await res.json()) as { detail: string };
      expect({ status: res.status, detail: body.detail }).toEqual({
        status: 409,
        detail: expect.stringContaining(`stored weather data inflates past ${MAX_RAW_BYTES} bytes`),
      });
    }
    const csv = await t.request(`/api/project/${projectId}/download-weather-data/`, { method: 'POST', token, json: { met_id: 'bomb-1' } });
    expect(csv.status).toBe(409);
  });

  it('is refused in an archive, naming the station', async () => {
    const { readTable } = await import('../../contexts/transfer/read-table.ts');
    const [row] = await t.database.db.select().from(weatherStations).where(eq(weatherStations.metId, 'bomb-1'));
    const record = { ...row, data: row!.data.toString('base64'), data_format: row!.dataFormat, origin_ref: row!.originRef };
    const outcome = readTable({ table: 'weather_stations', bytes: Buffer.from(JSON.stringify([record])), expected: 1 });
    expect(outcome).toEqual({
      ok: false,
      message: expect.stringMatching(/^records\/weather_stations\.json\[0\]: data: stored weather data inflates past \d+ bytes/),
    });
  });
});

describe('a PNG whose image data inflates far past its header’s size', () => {
  let t: TestContext;
  let w: VisibilityWorld;
  beforeAll(async () => {
    t = await createTestContext();
    w = await buildVisibilityWorld(t.deps);
  });
  afterAll(() => t?.close());

  it('is not prepared, as an RGBA capture or as a palette image for pdf-lib’s codec', async () => {
    expect(await preparePng(bombPng(64, 6))).toBeNull();
    expect(await preparePng(bombPng(64, 3))).toBeNull();
  });

  it('is a 400 from the export', async () => {
    const created = await t.request(`/api/project/${w.projectId}/study/${w.studyId}/insight/`, {
      method: 'POST',
      token: w.ownerToken,
      json: { title: 'Bomb' },
    });
    const insight = (await created.json()) as Insight;
    const view = await t.request(`/api/project/${w.projectId}/study/${w.studyId}/insight/${insight.id}/scene-view`, {
      method: 'POST',
      token: w.ownerToken,
      json: { name: 'View' },
    });
    expect(view.status).toBe(201);
    const sceneViewId = ((await view.json()) as { id: number }).id;
    const res = await t.request('/api/export-pdf/', {
      method: 'POST',
      token: w.ownerToken,
      json: {
        project_id: w.projectId,
        study_id: w.studyId,
        insight_id: insight.id,
        images: [{ scene_view_id: sceneViewId, image_base64: Buffer.from(bombPng(64, 6)).toString('base64') }],
      },
    });
    const body = (await res.json()) as Record<string, unknown>;
    expect({ status: res.status, body }).toEqual({ status: 400, body: { images: ['An image could not be read (damaged PNG or JPEG).'] } });
  });
});
