/**
 * A study set up anywhere on Earth, as a new user would, in Chromium against local stand-ins for
 * every online service (one app and one set of servers for all six cities):
 * - the map's tiles, Nominatim place search and the Overpass API: server/test/osm-servers.ts, built
 *   from Nominatim's search API (nominatim.org/release-docs/latest/api/Search/) and Overpass QL
 *   (wiki.openstreetmap.org/wiki/Overpass_API/Overpass_QL), with recorded answers; the recorded
 *   London block is moved to each city's site;
 * - PVGIS's `tmy` endpoint: server/test/fake-pvgis.ts, built from the EU JRC's PVGIS API
 *   documentation (api-non-interactive-service, the TMY generator's outputs).
 * For London, Singapore, São Paulo, Sydney, Nairobi and Reykjavík: create the project from the map
 * by searching the place's name, with surroundings fetched automatically; get the weather, with its
 * distance and source shown; see the surroundings; import a glTF model as the study; and reach the
 * scenario wizard's geometry step with the model in place and drawn in its 3D preview.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { startFakePvgis, type FakePvgis } from '../../server/test/fake-pvgis.ts';
import { startOsmServers, type OsmServers } from '../../server/test/osm-servers.ts';
import { openBrowser, screenshot, signInThroughUi, startApp, type BrowserSession, type RunningApp } from './harness.ts';

let app: RunningApp;
let session: BrowserSession;
let pvgis: FakePvgis;
let osm: OsmServers;

const CITIES = [
  { city: 'London', result: /^London, Greater London/, file: 'london' },
  { city: 'Singapore', result: /^Singapore/, file: 'singapore' },
  { city: 'São Paulo', result: /^São Paulo, Região Imediata/, file: 'sao-paulo' },
  { city: 'Sydney', result: /^Sydney, Council of the City of Sydney/, file: 'sydney' },
  { city: 'Nairobi', result: /^Nairobi, Nairobi County/, file: 'nairobi' },
  { city: 'Reykjavík', result: /^Reykjavík, Capital Region/, file: 'reykjavik' },
];

/**
 * A 20 m × 20 m × 30 m tower standing 1 m into the ground as a glTF 2.0 file with its buffer
 * embedded as a data URI (Khronos glTF 2.0 specification: metres, +Y up).
 */
function towerGltf(): Buffer {
  const corners: number[][] = [];
  for (const y of [-1, 30]) for (const z of [-10, 10]) for (const x of [-10, 10]) corners.push([x, y, z]);
  // Outward faces of the box, counter-clockwise seen from outside, in glTF's Y-up frame.
  const quads = [
    [0, 1, 3, 2],
    [4, 6, 7, 5],
    [0, 4, 5, 1],
    [2, 3, 7, 6],
    [0, 2, 6, 4],
    [1, 5, 7, 3],
  ];
  const indices = quads.flatMap(([a, b, c, d]) => [a!, b!, c!, a!, c!, d!]);
  const positions = Buffer.from(new Float32Array(corners.flat()).buffer);
  const index = Buffer.from(new Uint16Array(indices).buffer);
  const data = Buffer.concat([positions, index]);
  const gltf = {
    asset: { version: '2.0', generator: 'canopy e2e' },
    scene: 0,
    scenes: [{ nodes: [0] }],
    nodes: [{ mesh: 0, name: 'Tower' }],
    meshes: [{ primitives: [{ attributes: { POSITION: 0 }, indices: 1, mode: 4 }] }],
    buffers: [{ byteLength: data.length, uri: `data:application/octet-stream;base64,${data.toString('base64')}` }],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: positions.length, target: 34962 },
      { buffer: 0, byteOffset: positions.length, byteLength: index.length, target: 34963 },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count: corners.length, type: 'VEC3', min: [-10, -1, -10], max: [10, 30, 10] },
      { bufferView: 1, componentType: 5123, count: indices.length, type: 'SCALAR' },
    ],
  };
  return Buffer.from(JSON.stringify(gltf));
}

beforeAll(async () => {
  [osm, pvgis] = await Promise.all([startOsmServers(), startFakePvgis()]);
  osm.overpass.answer = 'buildings-at-site';
  app = await startApp({
    MAP_TILE_URL: `${osm.url}/tiles/{z}/{x}/{y}.png`,
    GEOCODER_URL: osm.url,
    OVERPASS_URL: osm.overpassUrl,
    WEATHER_PVGIS_URL: pvgis.tmyUrl,
    WEATHER_PROVIDER_RETRIES: '0',
  });
  session = await openBrowser();
  await signInThroughUi(session.page, app.url, 'demo', 'canopy-demo');
});
afterAll(async () => {
  await session?.close();
  await app?.stop();
  await Promise.all([osm?.close(), pvgis?.close()]);
});

describe('a study set up anywhere', () => {
  it.each(CITIES)(
    '$city: project from the map, weather with distance and source, automatic surroundings, a glTF model, the geometry step',
    async ({ city, result, file }) => {
      const { page } = session;
      const name = `${city} tower`;
      const queriesBefore = osm.overpass.queries.length;

      // The project, from the map: find the place by name, pick it, ask for the surroundings.
      await page.goto(`${app.url}/projects/`);
      await page.getByRole('button', { name: 'New project' }).click();
      const dialog = page.getByRole('dialog', { name: 'New project' });
      await dialog.getByLabel('Name').fill(name);
      const search = dialog.getByLabel('Find a place');
      await search.fill(city);
      await search.press('Enter');
      await dialog.getByRole('button', { name: result }).click();
      await dialog.getByRole('application').locator('img.leaflet-tile-loaded').first().waitFor({ timeout: 30_000 });
      await dialog.getByLabel('Generate surrounding buildings from map data').check();
      await dialog.getByLabel('Surrounding buildings', { exact: true }).selectOption('200');
      await dialog.getByRole('button', { name: 'Create project' }).click();
      await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
      await expect.poll(() => osm.overpass.queries.length, { timeout: 30_000 }).toBe(queriesBefore + 1);

      // Weather for the site from the online provider, its distance and source in words.
      const tile = page.getByRole('article', { name });
      await tile.getByRole('link', { name: 'Details' }).click();
      await page.waitForURL(/\/projects\/\d+$/);
      const projectUrl = page.url();
      await page.goto(`${projectUrl}/resources`);
      await page.getByRole('button', { name: 'Fetch nearest station' }).click();
      const stations = page.getByRole('list', { name: 'Weather stations' });
      await stations.getByText(/^PVGIS typical year at /).waitFor({ timeout: 90_000 });
      const text = (await stations.textContent()) ?? '';
      expect(text).toContain('online provider · 0 km from the project');
      expect(text).toContain('Source: PVGIS typical year (EU JRC, ISO 15927-4); wind from ERA5 reanalysis at 10 m');

      // The surroundings fetched at creation: the four recorded buildings, and the trees and park as landscaping.
      const geolocator = page.getByRole('group', { name: 'Surrounds geolocator' });
      await geolocator.getByText(/^4 buildings within 200 m/).waitFor({ timeout: 60_000 });
      expect(await geolocator.textContent()).toContain('7 trees and green areas mapped there become the landscaping');
      await screenshot(page, `site-anywhere-${file}-resources`);

      // A glTF model as the study, up to the wizard's geometry step.
      await page.goto(projectUrl);
      const overview = page.getByRole('region', { name: 'Site set-up' });
      await overview.getByRole('button', { name: 'Add scenario' }).click();
      const wizard = page.getByRole('dialog', { name: 'Add scenario' });
      await wizard.getByRole('textbox', { name: 'Scenario name' }).fill(`${city} solar`);
      await wizard.getByRole('radio', { name: /^CFD/ }).check();
      await wizard.getByRole('button', { name: 'Next' }).click();
      await wizard.getByRole('checkbox', { name: 'Run solar' }).check();
      await wizard.getByRole('button', { name: 'Next' }).click();
      const study: Locator = wizard.getByRole('group', { name: 'Study buildings geometry' });
      await study.getByTestId('file-input').setInputFiles({ name: 'tower.gltf', mimeType: 'model/gltf+json', buffer: towerGltf() });
      const ask = study.getByRole('group', { name: 'Import tower.gltf' });
      // glTF is in metres by its specification; the step may still ask, and metres is the answer.
      if (await ask.isVisible({ timeout: 5_000 }).catch(() => false)) await ask.getByRole('button', { name: 'Import tower.gltf' }).click();
      await study.getByRole('button', { name: 'Remove tower.stl' }).waitFor({ timeout: 90_000 });
      // The imported model in the geometry step's 3D preview, with the site marker, before validation.
      const legend = wizard.getByRole('list', { name: 'Preview legend' });
      await legend.getByText('Study buildings: tower.stl').waitFor({ timeout: 60_000 });
      await legend.getByText(/^Site marker/).waitFor();
      await wizard.getByRole('group', { name: /3D preview of the scenario geometry/ }).waitFor();
      await screenshot(page, `site-anywhere-${file}-geometry`);
    },
    300_000,
  );
});
