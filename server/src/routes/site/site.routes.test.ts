/**
 * The site map's server side over HTTP: the map settings the operator configured, and place search
 * through a local server answering Nominatim's documented search?format=jsonv2 (server/test/osm-servers.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { startOsmServers, type OsmServers } from '../../../test/osm-servers.ts';
import type { GeocodeResults, MapSettings } from '@canopy/contract/site.ts';

let t: TestContext;
let w: World;
let osm: OsmServers;

beforeAll(async () => {
  osm = await startOsmServers();
  t = await createTestContext({
    GEOCODER_URL: osm.url,
    OVERPASS_URL: 'off',
    MAP_TILE_URL: 'http://tiles.example.test/{z}/{x}/{y}.png',
    MAP_TILE_ATTRIBUTION: '© OpenStreetMap contributors, tiles by Example',
  });
  w = await buildWorld(t.deps);
});
afterAll(async () => {
  await t.close();
  await osm.close();
});

describe('GET /api/site/map-settings/', () => {
  it('gives the configured tile server, its attribution, and which services are on', async () => {
    const res = await t.request('/api/site/map-settings/', { token: w.tokens.colleague });
    expect(res.status).toBe(200);
    expect((await res.json()) as MapSettings).toEqual({
      tile_url: 'http://tiles.example.test/{z}/{x}/{y}.png',
      tile_attribution: '© OpenStreetMap contributors, tiles by Example',
      geocoder: true,
      overpass: false,
      overpass_max_radius_m: 2000,
    });
  });
});

describe('GET /api/site/geocode/', () => {
  it('asks the geocoder in its documented format, naming Canopy, and gives the places with their attribution', async () => {
    const res = await t.request('/api/site/geocode/?q=%20London%20', { token: w.tokens.colleague });
    expect(res.status).toBe(200);
    const body = (await res.json()) as GeocodeResults;
    expect(body.attribution).toBe('Data © OpenStreetMap contributors, ODbL 1.0. http://osm.org/copyright');
    expect(body.results).toEqual([
      { name: 'London, Greater London, England, United Kingdom', kind: 'boundary · administrative', latitude: 51.5074456, longitude: -0.1277653 },
      { name: 'London, Southwestern Ontario, Ontario, Canada', kind: 'boundary · administrative', latitude: 42.9836747, longitude: -81.2496068 },
    ]);
    const asked = osm.geocoder.queries.at(-1)!;
    expect(Object.fromEntries(asked)).toEqual({ q: 'London', format: 'jsonv2', limit: '6' });
    expect(osm.geocoder.userAgents.at(-1)).toMatch(/^Canopy\/\S+ \(\+http:\/\/localhost:\d+\)$/);
  });

  it('answers a repeated search from its cache, as the usage policy asks', async () => {
    const before = osm.geocoder.queries.length;
    expect((await t.request('/api/site/geocode/?q=london', { token: w.tokens.colleague })).status).toBe(200);
    expect(osm.geocoder.queries.length).toBe(before);
  });

  it('nothing found is an empty list; a blank search is a 400 naming q; a failing geocoder a 502 in words', async () => {
    const none = await t.request('/api/site/geocode/?q=Nowhere%20at%20all', { token: w.tokens.colleague });
    expect(none.status).toBe(200);
    expect(((await none.json()) as GeocodeResults).results).toEqual([]);
    const blank = await t.request('/api/site/geocode/?q=%20', { token: w.tokens.colleague });
    expect(blank.status).toBe(400);
    expect(await blank.json()).toEqual({ q: ['This field may not be blank.'] });
    const failing = await t.request('/api/site/geocode/?q=server%20error', { token: w.tokens.colleague });
    expect(failing.status).toBe(502);
    expect(((await failing.json()) as { detail: string }).detail).toMatch(
      /^The place search \(127\.0\.0\.1:\d+\) answered HTTP 503; type the coordinates, or try again later\.$/,
    );
  });

  it('needs a signed-in user', async () => {
    expect((await t.request('/api/site/geocode/?q=London')).status).toBe(401);
  });
});
