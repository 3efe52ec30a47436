/**
 * Canopy computes wind, in Chromium against the real server with embedded workers: an
 * engineer of a new company, holding its CFD starter subscription, creates a scenario with
 * pedestrian wind comfort on Canopy's CFD engine for a small tower — real binary STL files through
 * the uploader — sees the solver's estimate at the cost step, changes the number of directions
 * (the estimate follows; the choice is applied and checked again), approves, watches the run's
 * progress (percentage, direction i of n, phase), and opens the comfort map and the wind arrows in
 * the viewer, then re-classifies the map under another criterion in the browser.
 *
 * The run is short through the server's test knob CFD_TEST_STEPS (the same phases, a fraction of the
 * steps; NODE_ENV=test, as production refuses it), on one solver thread.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { ARTIFACTS_DIR, openBrowser, screenshot, signInThroughUi, startApp, type BrowserSession, type RunningApp } from './harness.ts';
import { approveAndSubmit, binaryStl, box, grid, uploadGeometry, walkWizardToCost } from './wizard-walk.ts';

let app: RunningApp;
let session: BrowserSession;
let token: string;
let projectId: number;
const PROJECT_NAME = 'CFD wind e2e';
const ENGINEER = {
  username: 'wind-e2e',
  email: 'wind-e2e@example.test',
  password: 'a windy passphrase 15',
  first_name: 'Wendy',
  last_name: 'Engineer',
  company: 'Wind Engineering',
};

async function api<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (init.body) headers.set('content-type', 'application/json');
  const res = await fetch(`${app.url}${path}`, { ...init, headers });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

// A 12 m × 12 m × 16 m tower standing 1 m into the ground, the ground, and a plane at 1.5 m.
const TOWER = binaryStl(box([-6, -6, -1], [6, 6, 16]), 'canopy cfd e2e');
const GROUND = binaryStl(grid(100, 0, 4), 'canopy cfd e2e');
const PLANE = binaryStl(grid(36, 1.5, 18), 'canopy cfd e2e');

beforeAll(async () => {
  app = await startApp({ NODE_ENV: 'test', EMBEDDED_WORKERS: 'true', CFD_TEST_STEPS: '80', CFD_THREADS: '1', CFD_CHECKPOINT_SECONDS: '0' });
  session = await openBrowser();
  // The first sign-up becomes the operator; the engineer's sign-up makes her company, with a
  // starter subscription per job level: she takes the CFD one.
  const signUp = (body: object) =>
    fetch(`${app.url}/authusers/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect((await signUp({ username: 'operator-cfd', email: 'operator-cfd@example.test', password: 'the operator passphrase 7' })).status).toBe(201);
  expect((await signUp(ENGINEER)).status).toBe(201);
  const created = await api<{ access: string }>('/authjwt/create/', {
    method: 'POST',
    body: JSON.stringify({ username: ENGINEER.username, password: ENGINEER.password }),
  });
  expect(created.status).toBe(200);
  token = created.body.access;
  const me = await api<{ id: number }>('/authusers/me/');
  const subs = await api<Array<{ id: number; credit_type: string }> | { results: Array<{ id: number; credit_type: string }> }>('/api/company/subscriptions/');
  const list = Array.isArray(subs.body) ? subs.body : subs.body.results;
  const cfd = list.find((s) => s.credit_type === 'CFD');
  expect(cfd, JSON.stringify(subs.body)).toBeDefined();
  const assigned = await api(`/api/company/users/${me.body.id}/`, { method: 'PATCH', body: JSON.stringify({ subscription: cfd!.id }) });
  expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
  const project = await api<{ id: number }>('/api/project/', {
    method: 'POST',
    body: JSON.stringify({ name: PROJECT_NAME, location: 'Chicago, IL', latitude: 41.98, longitude: -87.9, fetch_met: true }),
  });
  expect(project.status).toBe(201);
  projectId = project.body.id;
  for (let i = 0; i < 60; i++) {
    const met = await api<{ results: unknown[] }>(`/api/project/${projectId}/met-sources/`);
    if (met.body.results.length > 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  await signInThroughUi(session.page, app.url, ENGINEER.username, ENGINEER.password);
}, 240_000);

afterAll(async () => {
  await session?.close();
  await app?.stop();
});

describe("Canopy's CFD wind (Chromium)", () => {
  it('creates a CFD wind scenario, watches its progress, and opens the comfort map and the arrows in the viewer', async () => {
    const { page } = session;
    const tile = page.getByRole('article', { name: PROJECT_NAME });
    const dialog = await walkWizardToCost(page, tile.getByRole('button', { name: 'Add scenario' }), {
      name: 'Tower wind (CFD)',
      level: 'CFD',
      analyses: ['Run pedestrian wind comfort'],
      async onAnalyses(dialog) {
        expect(await dialog.getByRole('group', { name: 'Pedestrian wind comfort' }).textContent()).toContain("Computed by Canopy: Canopy's CFD");
      },
      async geometry(dialog) {
        await uploadGeometry(dialog, 'Study buildings', 'tower.stl', TOWER);
        await uploadGeometry(dialog, 'Ground', 'ground.stl', GROUND);
        await uploadGeometry(dialog, 'Presentation planes', 'plane.stl', PLANE);
      },
    });

    // The cost step: the solver's estimate for 16 directions at the rapid tier.
    const cfd = dialog.getByRole('group', { name: "Canopy's CFD wind" });
    const estimate = cfd.getByRole('table', { name: 'CFD estimate' });
    await estimate.waitFor({ timeout: 30_000 });
    expect(await cfd.getByRole('radio', { name: '16', exact: true }).isChecked()).toBe(true);
    expect(await estimate.textContent()).toContain('16 directions, rapid');
    expect(await cfd.getByLabel('CFD grid').textContent()).toMatch(/[\d,]+ cells in \d levels, finest 4 m/);
    await screenshot(page, 'cfd-wizard-cost-16');

    // Eight directions: the estimate follows, the choice is applied (saved, checked) before approval.
    await cfd.getByRole('radio', { name: '8', exact: true }).check();
    await expect.poll(() => estimate.textContent(), { timeout: 30_000 }).toContain('8 directions, rapid');
    expect(await dialog.getByRole('button', { name: 'Approve and submit' }).isDisabled()).toBe(true);
    await cfd.getByRole('button', { name: 'Apply and check again' }).click();
    await expect.poll(() => dialog.getByRole('button', { name: 'Approve and submit' }).isEnabled(), { timeout: 90_000 }).toBe(true);
    await expect.poll(async () => (await estimate.textContent()) ?? '', { timeout: 30_000 }).toContain('8 directions, rapid');
    expect(await cfd.getByRole('radio', { name: '8', exact: true }).isChecked()).toBe(true);
    await screenshot(page, 'cfd-wizard-cost-8');
    // The run: progress with the direction and phase, pushed live.
    const { configurationId } = await approveAndSubmit(dialog);
    const bar = dialog.getByRole('progressbar', { name: `Progress of scenario ${configurationId}` });
    await bar.waitFor({ timeout: 120_000 });
    // The planning job reports first ('reading the geometry'); then the directions, each with its phase.
    const direction = /^\d+ % · direction [1-8] of 8 \(\d+(\.\d)?°\) · [a-z ]+/;
    await expect.poll(async () => (await bar.getAttribute('aria-valuetext').catch(() => null)) ?? '', { timeout: 180_000, interval: 250 }).toMatch(direction);
    const progress = (await bar.getAttribute('aria-valuetext'))!;
    await screenshot(page, 'cfd-progress-wizard');
    const seen = new Set<string>([progress]);
    await dialog.getByRole('button', { name: 'Close' }).click();

    // The project overview shows the same progress on the scenario's card.
    await page.goto(`${app.url}/projects/${projectId}/`);
    const overviewBar = page.getByRole('progressbar', { name: `Progress of scenario ${configurationId}` });
    await expect
      .poll(async () => (await overviewBar.getAttribute('aria-valuetext', { timeout: 1000 }).catch(() => null)) ?? '', { timeout: 120_000, interval: 250 })
      .toMatch(direction);
    seen.add((await overviewBar.getAttribute('aria-valuetext'))!);
    await screenshot(page, 'cfd-progress-overview');

    // The viewer, opened while the run goes on: its progress beside the scenario, then the maps
    // appear when it completes, without a reload.
    const project = await api<{ studies: Array<{ id: number }> }>(`/api/project/${projectId}/`);
    const studyId = project.body.studies[0]!.id;
    await page.goto(`${app.url}/projects/${projectId}/viewer/${studyId}/configuration/${configurationId}/Viewer`);
    const viewerBar = page.getByRole('progressbar', { name: `Progress of scenario ${configurationId}` });
    await expect
      .poll(async () => (await viewerBar.getAttribute('aria-valuetext', { timeout: 1000 }).catch(() => null)) ?? '', { timeout: 120_000, interval: 250 })
      .toMatch(direction);
    await screenshot(page, 'cfd-progress-viewer');
    await expect
      .poll(
        async () => {
          const text = await viewerBar.getAttribute('aria-valuetext', { timeout: 500 }).catch(() => null);
          if (text) seen.add(text);
          return (
            (await page
              .getByLabel('Layer shown')
              .textContent({ timeout: 500 })
              .catch(() => null)) ?? ''
          );
        },
        { timeout: 400_000, interval: 500 },
      )
      .toMatch(/Wind comfort/);
    // The bar moved through the run: several reports, more than the first direction.
    expect(seen.size).toBeGreaterThan(2);
    expect([...seen].some((t) => /direction [2-8] of 8/.test(t))).toBe(true);

    const simulations = await api<
      Array<{
        id: number;
        category: string;
        assets: Array<{ id: number; layer_type: string; wind_direction: string | null; analysis_type: string; geometry_type: string | null }>;
      }>
    >(`/api/project/${projectId}/study/${studyId}/simulation/`);
    const windSim = simulations.body.find((s) => s.category === 'pedestrian_wind_comfort')!;
    const arrows = windSim.assets.find((a) => a.layer_type === 'arrows' && a.wind_direction === '0')!;
    expect(arrows, JSON.stringify(windSim.assets.map((a) => [a.layer_type, a.analysis_type, a.wind_direction]))).toBeDefined();
    expect(windSim.assets.some((a) => a.layer_type === 'volumetric')).toBe(true);
    await page.getByRole('button', { name: 'Layers', exact: true }).click();
    // The arrows of the wind from the north (the toggle is saved first, then shown).
    const arrowsBox = page.locator(`#viewer-1-layer-${arrows.id}`);
    await arrowsBox.click();
    await expect.poll(() => arrowsBox.isChecked(), { timeout: 30_000 }).toBe(true);
    await page.getByRole('region', { name: 'Shown layers' }).getByText(/0°/).first().waitFor({ timeout: 30_000 });
    // A closer look: the ground out of the way, the view fitted to the plane and the tower.
    const ground = windSim.assets.find((a) => a.layer_type === 'geometry' && /ground/i.test(a.geometry_type ?? ''))!;
    const groundBox = page.locator(`#viewer-1-layer-${ground.id}`);
    await groundBox.click();
    await expect.poll(() => groundBox.isChecked(), { timeout: 30_000 }).toBe(false);
    await page.getByRole('button', { name: 'Fit to view' }).click();
    // (the colour legend is on by default)
    expect(await page.getByRole('button', { name: 'Legend' }).getAttribute('aria-pressed')).toBe('true');
    await page.waitForTimeout(2500);
    await screenshot(page, 'cfd-viewer-comfort-arrows');
    // The arrows' own legend: a speed in m/s, so no tick below zero, and a scale arrow in m/s.
    const arrowLegend = page.getByRole('figure').filter({ has: page.getByRole('img', { name: /^Scale arrow: / }) });
    await arrowLegend.waitFor({ timeout: 30_000 });
    expect(await arrowLegend.getAttribute('aria-label')).toMatch(/m\/s/);
    const ticks = (await arrowLegend.getByRole('list', { name: 'Ticks' }).getByRole('listitem').allTextContents()).map((t) => Number(t.replace(/,/g, '')));
    expect(ticks.length).toBeGreaterThan(1);
    expect(Math.min(...ticks), ticks.join(' ')).toBeGreaterThanOrEqual(0);
    expect(Math.max(...ticks)).toBeGreaterThan(0.5);
    await arrowLegend.screenshot({ path: join(ARTIFACTS_DIR, 'cfd-viewer-arrow-legend.png') });

    // How the shown comfort map was computed: counted from the wind of Canopy's CFD, named.
    await page.getByRole('button', { name: 'Colour scale', exact: true }).click();
    const colourPanel = page.getByRole('region', { name: 'Colour scale' });
    await colourPanel.getByText('How this layer was computed').click();
    await expect.poll(() => colourPanel.textContent(), { timeout: 30_000 }).toMatch(/counted from the wind of Canopy's CFD: canopy-cfd \(canopy-lbm/);
    const standing = colourPanel.getByRole('list', { name: 'What is validated' });
    expect(await standing.textContent()).toMatch(/Speed ratio \(mean wind speed\): validated — .*known limits/);
    expect(await standing.textContent()).toMatch(/Turbulence intensity: indicative — /);
    await screenshot(page, 'cfd-viewer-method');

    // Re-classified in the browser under Davenport, without a new run.
    await page.getByRole('button', { name: 'Comfort', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Comfort re-classification' });
    await panel.getByRole('combobox', { name: 'Criterion' }).selectOption('davenport');
    const done = panel.getByRole('status', { name: 'Re-classified' });
    await done.waitFor({ timeout: 60_000 });
    expect(await done.textContent()).toMatch(/^Davenport: [\d,]+ points × 8 directions re-classified in \d+ ms/);
    await expect.poll(() => page.getByLabel('Layer shown').textContent(), { timeout: 30_000 }).toMatch(/Davenport/);
    await page.waitForTimeout(1500);
    await screenshot(page, 'cfd-viewer-reclassified');
    await panel.getByRole('button', { name: 'Save as results' }).click();
    await panel.getByRole('button', { name: 'Saved as results' }).waitFor({ timeout: 30_000 });
    expect(session.problems.filter((p) => !p.includes('favicon'))).toEqual([]);
  }, 900_000);
});
