/**
 * Weather source (b): POST /api/project/{id}/fetch-met-data/ against a library folder of our own —
 * the nearest station chosen by distance, a bad station and an unreadable file skipped, and a
 * failure no retry can fix stored on the project as what to do instead (cleared by the next
 * success). SPEC §8's retry message is kept for failures a retry can fix (fetch-met-pvgis tests).
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { CHICAGO_EPW_PATH } from '../../../test/world-weather.ts';
import { badStations, projects } from '../../db/schema/index.ts';
import type { FetchMetFailure, FetchMetResult } from '@canopy/contract/weather.ts';
import { MET_FETCH_FAILURE, NO_COORDINATES, NO_WEATHER_NEAR } from '../../contexts/projects/weather/fetch-met.ts';
import { greatCircleKm } from '../../contexts/projects/weather/library.ts';

const SPEC_MESSAGE =
  "An error occurred getting meteorological data for your project. Please try again by clicking on the 'Details' button of the project card and resubmitting the request.";

const chicago = readFileSync(CHICAGO_EPW_PATH, 'utf8');

/** The Chicago file under another station header (city, WMO, position). */
function relocated(city: string, wmo: string, lat: number, lon: number): string {
  const [header, ...rest] = chicago.split('\n');
  const f = header!.split(',');
  f[1] = city;
  f[5] = wmo;
  f[6] = String(lat);
  f[7] = String(lon);
  return [f.join(','), ...rest].join('\n');
}

let t: TestContext;
let w: World;
let libraryDir: string;

beforeAll(async () => {
  libraryDir = mkdtempSync(join(tmpdir(), 'canopy-library-'));
  writeFileSync(join(libraryDir, 'chicago.epw'), chicago);
  // Toronto Pearson: the nearest to the world's Toronto project, but listed as bad.
  writeFileSync(join(libraryDir, 'toronto.epw'), relocated('Toronto Pearson', '716240', 43.68, -79.63));
  // Nearer still, but its data stop after a day.
  writeFileSync(join(libraryDir, 'broken.epw'), relocated('Toronto City', '715080', 43.67, -79.4).split('\n').slice(0, 40).join('\n'));
  // Buffalo: the one that should be chosen.
  writeFileSync(join(libraryDir, 'buffalo.epw'), relocated('Buffalo Niagara Intl', '725280', 42.94, -78.74));
  t = await createTestContext({ WEATHER_LIBRARY_DIR: libraryDir });
  w = await buildWorld(t.deps);
  await t.database.db.insert(badStations).values({ wmo: '716240', name: 'Toronto Pearson', reason: 'anemometer sheltered by a new hangar' });
});
afterAll(async () => {
  await t.close();
  rmSync(libraryDir, { recursive: true, force: true });
});

const fetchMet = (projectId: number, token = w.tokens.colleagueWithPermission) =>
  t.request(`/api/project/${projectId}/fetch-met-data/`, { method: 'POST', token });

async function metError(projectId: number): Promise<string | null> {
  const [row] = await t.database.db.select({ metError: projects.metError }).from(projects).where(eq(projects.id, projectId));
  return row!.metError;
}

describe('POST /api/project/{id}/fetch-met-data/', () => {
  it('the message is SPEC §8 word for word', () => {
    expect(MET_FETCH_FAILURE).toBe(SPEC_MESSAGE);
  });

  it('picks the nearest suitable station, skipping a bad one and an unreadable one, and says how far it is', async () => {
    const res = await fetchMet(w.projectId);
    expect(res.status).toBe(200);
    const body = (await res.json()) as FetchMetResult;
    expect(body.provider).toBe('library');
    expect(body.met_source).toMatchObject({ wmo: '725280', origin: 'library', hours: 8760 });
    const expectedKm = greatCircleKm(43.64, -79.38, 42.94, -78.74);
    expect(body.met_source.distance_km).toBeCloseTo(expectedKm, 1);
    // Toronto → Buffalo is about 94 km (great circle).
    expect(body.met_source.distance_km!).toBeGreaterThan(90);
    expect(body.met_source.distance_km!).toBeLessThan(98);
    expect(body.skipped.map((s) => [s.wmo, s.reason.split(':')[0]])).toEqual([
      ['715080', 'could not be read'],
      ['716240', 'listed as a bad station'],
    ]);
    expect(body.skipped[1]!.reason).toContain('anemometer sheltered by a new hangar');
    const list = (await (await t.request(`/api/project/${w.projectId}/met-sources/`, { token: w.tokens.colleague })).json()) as {
      results: Array<{ met_id: string; distance_km: number | null }>;
    };
    expect(list.results.find((s) => s.met_id === body.met_source.met_id)?.distance_km).toBe(body.met_source.distance_km);
  });

  it('needs projects.fetch-MET-manually: an Engineer who may change the project gets 403 and no error is stored', async () => {
    expect((await fetchMet(w.projectId, w.tokens.projectAdmin)).status).toBe(403);
    expect(await metError(w.projectId)).toBeNull();
  });

  it('nothing within reach is a 422 that says what to do (not the retry text), stored on the project until the next success clears it', async () => {
    const [far] = await t.database.db
      .insert(projects)
      .values({ name: 'Far away', latitude: -33.87, longitude: 151.21, companyId: w.companyId, createdBy: w.ownerId })
      .returning({ id: projects.id });
    const res = await fetchMet(far!.id);
    expect(res.status).toBe(422);
    const body = (await res.json()) as FetchMetFailure;
    expect(body.detail).toBe(NO_WEATHER_NEAR);
    expect(body.retryable).toBe(false);
    // The online provider is off in tests unless one points it at a local server.
    expect(body.online_provider).toBeNull();
    expect(body.reason).toContain('no suitable station within 1000 km');
    // The nearest stations beyond reach, with their distances, so the form can say why none serves.
    expect(body.skipped.map((s) => [s.wmo, s.reason])).toEqual([
      ['725300', 'farther than the 1000 km a station may be from the site'],
      ['716240', 'farther than the 1000 km a station may be from the site'],
      ['715080', 'farther than the 1000 km a station may be from the site'],
    ]);
    expect(body.skipped[0]!.distance_km).toBeGreaterThan(14_000); // Sydney → Chicago;
    expect(await metError(far!.id)).toBe(NO_WEATHER_NEAR);
    const detail = (await (await t.request(`/api/project/${far!.id}/`, { token: w.tokens.colleagueWithPermission })).json()) as { met_error: string | null };
    expect(detail.met_error).toBe(NO_WEATHER_NEAR);

    // The user moves the project to Chicago and resubmits.
    await t.database.db.update(projects).set({ latitude: 41.9, longitude: -87.7 }).where(eq(projects.id, far!.id));
    const again = await fetchMet(far!.id);
    expect(again.status).toBe(200);
    const fetched = ((await again.json()) as FetchMetResult).met_source;
    expect(fetched.wmo).toBe('725300');
    expect(await metError(far!.id)).toBeNull();
    const after = (await (await t.request(`/api/project/${far!.id}/`, { token: w.tokens.colleagueWithPermission })).json()) as { met_error: string | null };
    expect(after.met_error).toBeNull();
    const sources = (await (await t.request(`/api/project/${far!.id}/met-sources/`, { token: w.tokens.colleagueWithPermission })).json()) as {
      results: Array<{ met_id: string }>;
    };
    expect(sources.results.map((s) => s.met_id)).toEqual([fetched.met_id]);
  });

  it('says a project without coordinates needs them (422; no retry text)', async () => {
    const [nowhere] = await t.database.db
      .insert(projects)
      .values({ name: 'Nowhere', companyId: w.companyId, createdBy: w.ownerId })
      .returning({ id: projects.id });
    const res = await fetchMet(nowhere!.id);
    expect(res.status).toBe(422);
    const body = (await res.json()) as FetchMetFailure;
    expect(body.reason).toBe('the project has no coordinates');
    expect(body.detail).toBe(NO_COORDINATES);
    expect(await metError(nowhere!.id)).toBe(NO_COORDINATES);
  });
});
