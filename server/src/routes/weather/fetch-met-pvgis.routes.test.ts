/**
 * POST /api/project/{id}/fetch-met-data/ with the online provider, PVGIS's typical-year service,
 * played by a local server that speaks its documented API (test/fake-pvgis.ts cites PVGIS's "API
 * non-interactive service" and "TMY generator" pages for the request, the EPW answer and the JSON
 * error for a point over the sea). Six sites on six continents get weather with distance and
 * source; a library station near the site is still preferred; and each way the provider can fail
 * gives its own answer: over the sea is a 422 that says what to do (no retry text on the project),
 * an error page, a slow answer or a cut-off file is a 503 saying what happened, after retries.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { CHICAGO_EPW_PATH } from '../../../test/world-weather.ts';
import { startFakePvgis, type FakePvgis } from '../../../test/fake-pvgis.ts';
import { projects } from '../../db/schema/index.ts';
import type { FetchMetFailure, FetchMetResult } from '@canopy/contract/weather.ts';
import { MET_FETCH_FAILURE, NO_WEATHER_NEAR } from '../../contexts/projects/weather/fetch-met.ts';
import { greatCircleKm } from '../../contexts/projects/weather/library.ts';

let t: TestContext;
let w: World;
let pvgis: FakePvgis;
let libraryDir: string;

beforeAll(async () => {
  pvgis = await startFakePvgis({ slowMs: 4000 });
  libraryDir = mkdtempSync(join(tmpdir(), 'canopy-library-'));
  writeFileSync(join(libraryDir, 'chicago.epw'), readFileSync(CHICAGO_EPW_PATH, 'utf8'));
  t = await createTestContext({
    WEATHER_LIBRARY_DIR: libraryDir,
    WEATHER_PVGIS_URL: pvgis.tmyUrl,
    WEATHER_PROVIDER_TIMEOUT_SECONDS: '1',
    WEATHER_PROVIDER_RETRIES: '1',
  });
  w = await buildWorld(t.deps);
});
afterAll(async () => {
  await t.close();
  await pvgis.close();
  rmSync(libraryDir, { recursive: true, force: true });
});
beforeEach(() => {
  pvgis.behave(() => 'year');
  pvgis.requests.length = 0;
});

async function projectAt(name: string, latitude: number, longitude: number): Promise<number> {
  const [row] = await t.database.db
    .insert(projects)
    .values({ name, latitude, longitude, companyId: w.companyId, createdBy: w.ownerId })
    .returning({ id: projects.id });
  return row!.id;
}

const fetchMet = (projectId: number) => t.request(`/api/project/${projectId}/fetch-met-data/`, { method: 'POST', token: w.tokens.colleagueWithPermission });

async function metError(projectId: number): Promise<string | null> {
  const [row] = await t.database.db.select({ metError: projects.metError }).from(projects).where(eq(projects.id, projectId));
  return row!.metError;
}

const SITES = [
  { city: 'London', lat: 51.5074, lon: -0.1278, zone: 0 },
  { city: 'Singapore', lat: 1.3521, lon: 103.8198, zone: 7 },
  { city: 'São Paulo', lat: -23.5505, lon: -46.6333, zone: -3 },
  { city: 'Sydney', lat: -33.8688, lon: 151.2093, zone: 10 },
  { city: 'Nairobi', lat: -1.2921, lon: 36.8219, zone: 2 },
  { city: 'Reykjavík', lat: 64.1466, lon: -21.9426, zone: -1 },
];

describe('fetch-met-data with PVGIS', () => {
  it.each(SITES)('$city gets a typical year for the site, with its distance and where the data come from', async ({ city, lat, lon, zone }) => {
    const projectId = await projectAt(city, lat, lon);
    const res = await fetchMet(projectId);
    const body = (await res.json()) as FetchMetResult;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.provider).toBe('pvgis');
    expect(body.met_source).toMatchObject({ origin: 'provider', hours: 8760, distance_km: 0, time_zone_hours: zone });
    expect(body.met_source.latitude).toBeCloseTo(lat, 3);
    expect(body.met_source.longitude).toBeCloseTo(lon, 3);
    expect(body.met_source.name).toMatch(/^PVGIS typical year at /);
    expect(body.met_source.source).toBe('PVGIS typical year (EU JRC, ISO 15927-4); wind from ERA5 reanalysis at 10 m; PVGIS © European Union');
    expect(body.met_source.years).toMatch(/^PVGIS-ERA5 \(typical months of 20\d\d–20\d\d\)$/);
    // The request is the documented one: GET …/tmy?lat=…&lon=…&outputformat=epw.
    expect(pvgis.requests).toEqual([{ method: 'GET', lat: String(Number(lat.toFixed(4))), lon: String(Number(lon.toFixed(4))), outputformat: 'epw' }]);
    expect(await metError(projectId)).toBeNull();
    const list = (await (await t.request(`/api/project/${projectId}/met-sources/`, { token: w.tokens.colleague })).json()) as {
      results: Array<{ met_id: string; distance_km: number | null; source: string }>;
    };
    expect(list.results.map((s) => [s.met_id, s.distance_km, s.source])).toEqual([[body.met_source.met_id, 0, body.met_source.source]]);
  });

  it('prefers a library station within WEATHER_LIBRARY_PREFERRED_KM, and does not ask PVGIS', async () => {
    // Chicago's Loop: O'Hare is ~27 km away.
    const res = await fetchMet(await projectAt('Loop tower', 41.88, -87.63));
    const body = (await res.json()) as FetchMetResult;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.provider).toBe('library');
    expect(body.met_source.wmo).toBe('725300');
    expect(pvgis.requests).toEqual([]);
  });

  it('a point over the sea is a message, not an error: 422, what was passed over, and no retry text on the project', async () => {
    pvgis.behave(() => 'sea');
    const projectId = await projectAt('Mid-Atlantic platform', 0, -30);
    const res = await fetchMet(projectId);
    expect(res.status).toBe(422);
    const body = (await res.json()) as FetchMetFailure;
    expect(body.retryable).toBe(false);
    expect(body.online_provider).toBe('PVGIS (EU JRC)');
    expect(body.detail).toBe(NO_WEATHER_NEAR);
    expect(body.detail).not.toMatch(/try again/i);
    expect(body.skipped).toEqual([
      {
        name: 'PVGIS (EU JRC) typical year',
        wmo: '',
        distance_km: 0,
        reason: 'PVGIS (EU JRC) has no data for this site: Location over the sea. Please, select another location',
      },
      // Then the nearest library station, and why it is out of reach.
      {
        name: 'Chicago Ohare Intl Ap, IL, USA',
        wmo: '725300',
        distance_km: Math.round(greatCircleKm(0, -30, 41.98, -87.92) * 10) / 10,
        reason: 'farther than the 1000 km a station may be from the site',
      },
    ]);
    // Refused, not failed: asked once.
    expect(pvgis.requests).toHaveLength(1);
    expect(await metError(projectId)).toBe(NO_WEATHER_NEAR);
    const detail = (await (await t.request(`/api/project/${projectId}/`, { token: w.tokens.colleagueWithPermission })).json()) as { met_error: string | null };
    expect(detail.met_error).toBe(NO_WEATHER_NEAR);
  });

  it('an error page, after a retry, is a 503 that names it; the retry text is stored because trying later can help', async () => {
    pvgis.behave(() => 'error-page');
    const projectId = await projectAt('London error page', 51.5, -0.12);
    const res = await fetchMet(projectId);
    expect(res.status).toBe(503);
    const body = (await res.json()) as FetchMetFailure;
    expect(body.retryable).toBe(true);
    expect(body.detail).toBe(MET_FETCH_FAILURE);
    expect(body.skipped[0]!.reason).toBe(
      'provider unavailable: PVGIS (EU JRC) answered HTTP 500 (500 Internal Server Error Internal Server Error The server encountered an internal error.); 2 attempts',
    );
    expect(pvgis.requests).toHaveLength(2);
    expect(await metError(projectId)).toBe(MET_FETCH_FAILURE);
  });

  it('an overloaded answer (529) is retried, and the second attempt succeeds', async () => {
    pvgis.behave((_lat, _lon, attempt) => (attempt === 1 ? 'busy' : 'year'));
    const res = await fetchMet(await projectAt('Nairobi busy', -1.3, 36.8));
    const body = (await res.json()) as FetchMetResult;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.provider).toBe('pvgis');
    expect(pvgis.requests).toHaveLength(2);
  });

  it('a slow answer runs into the timeout and says so', async () => {
    pvgis.behave(() => 'slow');
    const res = await fetchMet(await projectAt('Sydney slow', -33.9, 151.2));
    expect(res.status).toBe(503);
    const body = (await res.json()) as FetchMetFailure;
    expect(body.skipped[0]!.reason).toBe('provider unavailable: PVGIS (EU JRC) did not answer within 1 s (WEATHER_PROVIDER_TIMEOUT_SECONDS); 2 attempts');
  });

  it('a file cut off mid-way (connection closed, or half a year) is not stored, and says why', async () => {
    pvgis.behave(() => 'cut-connection');
    const cut = await fetchMet(await projectAt('São Paulo cut', -23.55, -46.63));
    expect(cut.status).toBe(503);
    expect(((await cut.json()) as FetchMetFailure).skipped[0]!.reason).toBe(
      'provider unavailable: PVGIS (EU JRC) sent an unusable answer: the file was cut off before its end (the connection closed early); 2 attempts',
    );
    pvgis.behave(() => 'half-year');
    const half = await fetchMet(await projectAt('São Paulo half', -23.56, -46.64));
    expect(half.status).toBe(503);
    expect(((await half.json()) as FetchMetFailure).skipped[0]!.reason).toBe(
      'provider unavailable: PVGIS (EU JRC) sent an unusable answer: the EPW file is cut off or damaged: truncated file: DATA PERIODS declares 8760 hourly rows, found 4380 (data ends at line 4388); 2 attempts',
    );
  });

  it('falls back to a farther library station when PVGIS is down, and says what was passed over', async () => {
    pvgis.behave(() => 'error-page');
    // Toronto: Chicago O'Hare is ~700 km away, beyond the preferred 50 km but within 1000 km.
    const res = await fetchMet(await projectAt('Toronto', 43.64, -79.38));
    const body = (await res.json()) as FetchMetResult;
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body.provider).toBe('library');
    expect(body.skipped.map((s) => s.name)).toEqual(['PVGIS (EU JRC) typical year']);
  });
});
