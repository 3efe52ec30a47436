/**
 * The site on a map in a real browser, against local stand-ins for the tile server, Nominatim and
 * the Overpass API (server/test/osm-servers.ts): create a project by finding "London", moving the
 * site with the arrow keys and asking for OpenStreetMap surroundings; see their footprints and the
 * study area in the details tab; and the form without the map when the tiles cannot be reached.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, signInThroughUi, startApp, type BrowserSession, type RunningApp } from './harness.ts';
import { startOsmServers, type OsmServers } from '../../server/test/osm-servers.ts';

let app: RunningApp;
let session: BrowserSession;
let osm: OsmServers;

/** The id of the demo user's project of that name, through the API. */
async function projectId(name: string): Promise<number> {
  const signIn = await fetch(`${app.url}/authjwt/create/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'canopy-demo' }),
  });
  const { access } = (await signIn.json()) as { access: string };
  const page = (await (
    await fetch(`${app.url}/api/project/?search=${encodeURIComponent(name)}`, { headers: { authorization: `Bearer ${access}` } })
  ).json()) as {
    results: Array<{ id: number; name: string }>;
  };
  return page.results.find((p) => p.name === name)!.id;
}

beforeAll(async () => {
  osm = await startOsmServers();
  app = await startApp({ MAP_TILE_URL: `${osm.url}/tiles/{z}/{x}/{y}.png`, GEOCODER_URL: osm.url, OVERPASS_URL: osm.overpassUrl });
  session = await openBrowser();
});
afterAll(async () => {
  await session?.close();
  await app?.stop();
  await osm?.close();
});

describe('the site on a map', () => {
  let projectUrl = '';

  it('finds a place by name, moves the site by keyboard, and creates the project with OpenStreetMap surroundings', async () => {
    const { page } = session;
    await signInThroughUi(page, app.url, 'demo', 'canopy-demo');
    await page.getByRole('button', { name: 'New project' }).click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByLabel('Name').fill('Trafalgar');
    await dialog
      .getByRole('search')
      .waitFor({ timeout: 15_000 })
      .catch(async (error: unknown) => {
        await screenshot(page, 'site-map-create-debug');
        throw error;
      });
    const search = dialog.getByLabel('Find a place');
    await search.fill('London');
    await search.press('Enter');
    await dialog.getByRole('status').filter({ hasText: '2 places found for “London”' }).waitFor();
    await dialog.getByRole('button', { name: /^London, Greater London/ }).click();
    await expect(dialog.getByLabel('Latitude (°)').inputValue()).resolves.toBe('51.507446');
    const map = dialog.getByRole('application');
    await map.locator('img.leaflet-tile-loaded').first().waitFor();
    await map.focus();
    await page.keyboard.press('ArrowUp');
    await expect(dialog.getByLabel('Latitude (°)').inputValue()).resolves.toBe('51.507536');
    await dialog.getByLabel('Generate surrounding buildings from map data').check();
    await dialog.getByLabel('Surrounding buildings', { exact: true }).selectOption('200');
    await map.locator('path.leaflet-interactive').first().waitFor();
    expect(await map.getByText('© OpenStreetMap contributors').count()).toBe(1);
    await screenshot(page, 'site-map-create');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await dialog.waitFor({ state: 'hidden', timeout: 30_000 });
    await expect.poll(() => osm.overpass.queries.length, { timeout: 30_000 }).toBe(1);
    expect(osm.overpass.queries[0]).toContain('(around:200,51.5075360,-0.1277650)');
    projectUrl = `${app.url}/projects/${await projectId('Trafalgar')}`;
  });

  it('shows the surroundings and the study area on the details tab map', async () => {
    const { page } = session;
    await page.goto(`${projectUrl}/details`);
    const map = page.getByRole('application');
    await map.locator('img.leaflet-tile-loaded').first().waitFor({ timeout: 30_000 });
    // Four footprints and the study area's circle.
    await expect.poll(() => map.locator('path.leaflet-interactive').count(), { timeout: 30_000 }).toBe(5);
    await screenshot(page, 'site-map-settings');
  });

  it('leaves the coordinate fields when the tiles cannot be reached', async () => {
    const { page } = session;
    await page.route('**/tiles/**', (route) => route.abort('internetdisconnected'));
    await page.goto(`${projectUrl}/details`);
    await page.getByRole('note').filter({ hasText: 'The map cannot be shown' }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('application').count()).toBe(0);
    await page.getByLabel('Latitude').first().waitFor();
    await screenshot(page, 'site-map-degraded');
  });
});
