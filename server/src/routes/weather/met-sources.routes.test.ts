/** Weather source (a): EPW files through the upload mechanism, stored once, listed and removed. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { CHICAGO_EPW_PATH, uploadFile } from '../../../test/world-weather.ts';
import { weatherStations } from '../../db/schema/index.ts';
import type { MetSource } from '@canopy/contract/weather.ts';

let t: TestContext;
let w: World;
const chicago = readFileSync(CHICAGO_EPW_PATH, 'utf8');
const lines = chicago.split(/\r?\n/);

beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
});
afterAll(() => t.close());

async function importText(text: string, filename = 'weather.epw') {
  const uploadId = await uploadFile(t.deps, w.projectId, w.ownerId, filename, Buffer.from(text));
  return t.request(`/api/project/${w.projectId}/met-sources/`, { method: 'POST', token: w.tokens.projectAdmin, json: { upload_id: uploadId } });
}

describe('POST /api/project/{id}/met-sources/ with an uploaded EPW', () => {
  it('imports the real Chicago file: 8760 hours, the station from its LOCATION line', async () => {
    const res = await importText(chicago, 'chicago.epw');
    expect(res.status).toBe(201);
    const source = (await res.json()) as MetSource;
    expect(source).toMatchObject({ wmo: '725300', hours: 8760, origin: 'upload', distance_km: null, time_zone_hours: -6 });
    expect(source.latitude).toBeCloseTo(41.98, 2);
    expect(source.longitude).toBeCloseTo(-87.92, 2);
    expect(source.met_id).toMatch(/^725300-[0-9a-f]{8}$/);
    expect(source.name).toContain('Chicago');
  });

  it('stores the hours once: the same file again links the same station, no new row', async () => {
    const before = (await t.database.db.select({ n: count() }).from(weatherStations))[0]!.n;
    const again = (await (await importText(chicago, 'copy.epw')).json()) as MetSource;
    const after = (await t.database.db.select({ n: count() }).from(weatherStations))[0]!.n;
    expect(after).toBe(before);
    expect(again.met_id).toBe(w.weather.metId);
    const list = (await (await t.request(`/api/project/${w.projectId}/met-sources/`, { token: w.tokens.colleague })).json()) as { results: MetSource[] };
    expect(list.results.filter((s) => s.met_id === again.met_id)).toHaveLength(1);
  });

  it('appears in the project detail (SPEC §3 Project.met_sources) as the list shows it', async () => {
    const list = (await (await t.request(`/api/project/${w.projectId}/met-sources/`, { token: w.tokens.colleague })).json()) as { results: MetSource[] };
    const detail = (await (await t.request(`/api/project/${w.projectId}/`, { token: w.tokens.colleague })).json()) as { met_sources: MetSource[] };
    expect(list.results.length).toBeGreaterThan(0);
    expect(detail.met_sources).toEqual(list.results);
  });

  it('refuses a truncated file with the line where the data ends', async () => {
    const res = await importText(lines.slice(0, 8 + 100).join('\n'));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { upload_id: string[] };
    expect(body.upload_id[0]).toMatch(/truncated file: DATA PERIODS declares 8760 hourly rows, found 100 \(data ends at line 108\)/);
  });

  it('refuses a row with the wrong column count, naming line and field', async () => {
    const broken = [...lines];
    broken[8 + 4] = broken[8 + 4]!.split(',').slice(0, 30).join(',');
    const res = await importText(broken.join('\n'));
    expect(res.status).toBe(400);
    const body = (await res.json()) as { upload_id: string[]; line: number; field: string };
    expect(body.line).toBe(13);
    expect(body.field).toBe('row');
    expect(body.upload_id[0]).toContain('line 13: expected 35 comma-separated fields, found 30');
  });

  it('refuses a value that is not a number, naming line and field', async () => {
    const broken = [...lines];
    const f = broken[8]!.split(',');
    f[21] = 'calm';
    broken[8] = f.join(',');
    const body = (await (await importText(broken.join('\n'))).json()) as { upload_id: string[]; line: number; field: string };
    expect(body).toMatchObject({ line: 9, field: 'wind speed' });
    expect(body.upload_id[0]).toContain("line 9: wind speed: 'calm' is not a number");
  });

  it('accepts missing-value codes and keeps them missing (empty CSV cells, counted in coverage)', async () => {
    const edited = [...lines];
    const f = edited[8]!.split(',');
    f[6] = '99.9';
    f[21] = '999';
    // A different station header too, so this is a new station rather than a different version of Chicago.
    edited[0] = edited[0]!.replace('725300', '725399');
    edited[8] = f.join(',');
    const res = await importText(edited.join('\n'));
    expect(res.status).toBe(201);
    const source = (await res.json()) as MetSource;
    const csv = await (
      await t.request(`/api/project/${w.projectId}/download-weather-data/`, { method: 'POST', token: w.tokens.colleague, json: { met_id: source.met_id } })
    ).text();
    const firstRow = csv.split('\n')[1]!.split(',');
    expect(firstRow[1]).toBe('');
    expect(firstRow[4]).toBe('');
    const summary = (await (await t.request(`/api/project/${w.projectId}/weather-summary/?met_id=${source.met_id}`, { token: w.tokens.colleague })).json()) as {
      coverage: { missing: Record<string, number>; missing_by_month: number[] };
    };
    expect(summary.coverage.missing.dry_bulb).toBe(1);
    expect(summary.coverage.missing.wind_speed).toBe(1);
    expect(summary.coverage.missing_by_month[0]).toBe(1);
  });

  it('refuses an upload of another project as an unknown id', async () => {
    const res = await t.request(`/api/project/${w.projectId}/met-sources/`, { method: 'POST', token: w.tokens.superuser, json: { upload_id: 999_999 } });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ upload_id: ['Invalid pk "999999" - object does not exist.'] });
  });

  it('refuses a file that is not an EPW at all', async () => {
    const res = await importText('solid cube\nendsolid cube\n', 'cube.stl');
    expect(res.status).toBe(400);
    expect(((await res.json()) as { upload_id: string[] }).upload_id[0]).toMatch(/cube\.stl is not a readable EPW weather file: truncated file/);
  });
});

describe('DELETE /api/project/{id}/met-sources/{sourceId}/', () => {
  it('unlinks the station from this project only; 404 the second time', async () => {
    const id = w.weather.metSourceToRemove.projectAdmin;
    const path = `/api/project/${w.projectId}/met-sources/${id}/`;
    expect((await t.request(path, { method: 'DELETE', token: w.tokens.projectAdmin })).status).toBe(204);
    expect((await t.request(path, { method: 'DELETE', token: w.tokens.projectAdmin })).status).toBe(404);
  });
});
