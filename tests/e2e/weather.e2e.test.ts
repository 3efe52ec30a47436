/**
 * Weather and site in a real browser: in a project's resources tab, upload the Chicago
 * EPW through the shared uploader and see its wind rose drawn; upload the hand-written OSM extract
 * and see its buildings on the site map. (The 3D viewer, where the surrounds GLB will also show,
 * arrives with its own issue.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileURLToPath } from 'node:url';
import { apiToken, openBrowser, screenshot, signInThroughUi, startApp, type BrowserSession, type RunningApp } from './harness.ts';

const EPW = fileURLToPath(new URL('../fixtures/chicago.epw', import.meta.url));
const OSM = fileURLToPath(new URL('../fixtures/site.osm', import.meta.url));

let app: RunningApp;
let session: BrowserSession;
let projectId: number;

async function demoToken(baseUrl: string): Promise<string> {
  return await apiToken(baseUrl, 'demo', 'canopy-demo');
}

beforeAll(async () => {
  app = await startApp();
  session = await openBrowser();
  // The demo project is read-only for its users; the demo user makes a project of their own.
  const token = await demoToken(app.url);
  const call = (path: string, init: RequestInit = {}) =>
    fetch(`${app.url}${path}`, { ...init, headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` } });
  // The onboarding questionnaire and the end-user agreement are other tests' business: answer them here.
  await call('/api/user/questionnaire-answers', {
    method: 'POST',
    body: JSON.stringify({ role: 'Engineer', organisation_type: 'Engineering consultancy', intended_use: 'Pedestrian wind comfort' }),
  });
  const eula = (await (await call('/api/eula/')).json()) as { id?: number };
  if (eula.id) await call(`/api/eula/${eula.id}/agreement`, { method: 'POST' });
  const res = await fetch(`${app.url}/api/project/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ name: 'Loop tower', location: 'Chicago, IL, USA', latitude: 41.88, longitude: -87.63 }),
  });
  if (res.status !== 201) throw new Error(`project not created: ${res.status} ${await res.text()}`);
  projectId = ((await res.json()) as { id: number }).id;
});
afterAll(async () => {
  await session?.close();
  await app?.stop();
});

describe('the resources tab', () => {
  it('turns an uploaded EPW into a station and draws its wind rose', async () => {
    const { page } = session;
    await signInThroughUi(page, app.url, 'demo', 'canopy-demo');
    await page.goto(`${app.url}/projects/${projectId}/resources`);
    await page.getByRole('heading', { name: 'Weather data' }).waitFor();
    await page.getByText('This project has no weather yet').waitFor();
    await page.getByTestId('file-input').first().setInputFiles(EPW);
    const stations = page.getByRole('list', { name: 'Weather stations' });
    await stations
      .getByText(/Chicago Ohare/)
      .first()
      .waitFor({ timeout: 60_000 });
    await expect(stations.textContent()).resolves.toContain('WMO 725300');
    const rose = page.getByTestId('wind-rose');
    await rose.waitFor({ timeout: 60_000 });
    expect(await rose.getAttribute('aria-label')).toMatch(/^Wind rose, 16 sectors: most often from [A-Z]+ \(\d+\.\d % of hours\); calm \d+\.\d %\.$/);
    expect(await rose.locator('[data-sector]').count()).toBe(16);
    expect(await rose.locator('path').count()).toBeGreaterThan(30);
    await page.getByTestId('temperature-chart').waitFor();
    // The winter filter redraws the rose from winter hours only.
    const before = await rose.getAttribute('aria-label');
    await page.getByLabel('Season').selectOption('winter');
    await page.getByText('2160 hours selected').waitFor();
    expect(await rose.getAttribute('aria-label')).not.toBe(before);
    await screenshot(page, 'weather-wind-rose');
  });

  it('turns an uploaded OSM extract into buildings on the site map', async () => {
    const { page } = session;
    await page.getByTestId('file-input').nth(1).setInputFiles(OSM);
    const map = page.getByTestId('site-map');
    await page.getByTestId('site-building').first().waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('site-building').count()).toBe(4);
    expect(await map.getAttribute('aria-label')).toBe('Site map: 4 surrounding buildings within 300 m, the tallest 45 m.');
    // The Chicago O'Hare station is ~27 km away: drawn at the map's edge with its distance and bearing.
    await expect(map.getByTestId('site-station').textContent()).resolves.toMatch(/Chicago Ohare Intl Ap · 2\d\.\d km [NESW]+/);
    await page.getByRole('table', { name: 'Project resources' }).getByText('Surroundings source (map data in use)').waitFor();
    await screenshot(page, 'weather-site-map');
  });

  it('loads without console errors or CSP violations', () => {
    expect(session.problems).toEqual([]);
  });
});
