/**
 * Canopy computes wind, in Chromium against the real server with embedded workers (issue 15): an
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
import { openBrowser, screenshot, signInThroughUi, startApp, type BrowserSession, type RunningApp } from './harness.ts';

let app: RunningApp;
let session: BrowserSession;
let token: string;
let projectId: number;
const PROJECT_NAME = 'CFD wind e2e';
const ENGINEER = { username: 'wind-e2e', email: 'wind-e2e@example.test', password: 'a windy passphrase 15', first_name: 'Wendy', last_name: 'Engineer', company: 'Wind Engineering' };

async function api<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (init.body) headers.set('content-type', 'application/json');
  const res = await fetch(`${app.url}${path}`, { ...init, headers });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

// Binary STL by hand: 80-byte header, uint32 count, per triangle a normal, three vertices, uint16.
type V = [number, number, number];
type Tri = [V, V, V];

function binaryStl(triangles: Tri[]): Buffer {
  const buf = Buffer.alloc(84 + 50 * triangles.length);
  buf.write('canopy cfd e2e', 0, 'ascii');
  buf.writeUInt32LE(triangles.length, 80);
  triangles.forEach(([a, b, c], i) => {
    const o = 84 + 50 * i;
    const u = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
    const w = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
    const n = [u[1]! * w[2]! - u[2]! * w[1]!, u[2]! * w[0]! - u[0]! * w[2]!, u[0]! * w[1]! - u[1]! * w[0]!];
    const len = Math.hypot(n[0]!, n[1]!, n[2]!) || 1;
    [...n.map((x) => x / len), ...a, ...b, ...c].forEach((x, j) => buf.writeFloatLE(x, o + 4 * j));
  });
  return buf;
}

const quad = (a: V, b: V, c: V, d: V): Tri[] => [
  [a, b, c],
  [a, c, d],
];

/** A closed box with outward normals. */
function box([x0, y0, z0]: V, [x1, y1, z1]: V): Tri[] {
  const p = (x: number, y: number, z: number): V => [x ? x1 : x0, y ? y1 : y0, z ? z1 : z0];
  return [
    ...quad(p(0, 0, 0), p(0, 1, 0), p(1, 1, 0), p(1, 0, 0)),
    ...quad(p(0, 0, 1), p(1, 0, 1), p(1, 1, 1), p(0, 1, 1)),
    ...quad(p(0, 0, 0), p(1, 0, 0), p(1, 0, 1), p(0, 0, 1)),
    ...quad(p(0, 1, 0), p(0, 1, 1), p(1, 1, 1), p(1, 1, 0)),
    ...quad(p(0, 0, 0), p(0, 0, 1), p(0, 1, 1), p(0, 1, 0)),
    ...quad(p(1, 0, 0), p(1, 1, 0), p(1, 1, 1), p(1, 0, 1)),
  ];
}

function grid(half: number, z: number, cells: number): Tri[] {
  const step = (2 * half) / cells;
  const tris: Tri[] = [];
  for (let i = 0; i < cells; i++) {
    for (let j = 0; j < cells; j++) {
      const x = -half + i * step;
      const y = -half + j * step;
      tris.push(...quad([x, y, z], [x + step, y, z], [x + step, y + step, z], [x, y + step, z]));
    }
  }
  return tris;
}

// A 12 m × 12 m × 16 m tower standing 1 m into the ground, the ground, and a plane at 1.5 m.
const TOWER = binaryStl(box([-6, -6, -1], [6, 6, 16]));
const GROUND = binaryStl(grid(100, 0, 4));
const PLANE = binaryStl(grid(36, 1.5, 18));

beforeAll(async () => {
  app = await startApp({ NODE_ENV: 'test', EMBEDDED_WORKERS: 'true', CFD_TEST_STEPS: '80', CFD_THREADS: '1', CFD_CHECKPOINT_SECONDS: '0' });
  session = await openBrowser();
  // The first sign-up becomes the operator; the engineer's sign-up makes her company, with a
  // starter subscription per job level: she takes the CFD one.
  const signUp = (body: object) => fetch(`${app.url}/authusers/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  expect((await signUp({ username: 'operator-cfd', email: 'operator-cfd@example.test', password: 'the operator passphrase 7' })).status).toBe(201);
  expect((await signUp(ENGINEER)).status).toBe(201);
  const created = await api<{ access: string }>('/authjwt/create/', { method: 'POST', body: JSON.stringify({ username: ENGINEER.username, password: ENGINEER.password }) });
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
    await tile.getByRole('button', { name: 'Add scenario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add scenario' });
    await dialog.getByRole('textbox', { name: 'Scenario name' }).fill('Tower wind (CFD)');
    await dialog.getByRole('radio', { name: /^CFD/ }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();

    const wind = dialog.getByRole('group', { name: 'Pedestrian wind comfort' });
    expect(await wind.textContent()).toContain("Computed by Canopy: Canopy's CFD");
    await dialog.getByRole('checkbox', { name: 'Run pedestrian wind comfort' }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();

    const upload = async (role: string, name: string, buffer: Buffer) => {
      const group = dialog.getByRole('group', { name: `${role} geometry` });
      await group.getByTestId('file-input').setInputFiles({ name, mimeType: 'model/stl', buffer });
      await group.getByRole('button', { name: `Remove ${name}` }).waitFor({ timeout: 30_000 });
    };
    await upload('Study buildings', 'tower.stl', TOWER);
    await upload('Ground', 'ground.stl', GROUND);
    await upload('Presentation planes', 'plane.stl', PLANE);
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('combobox', { name: 'Weather source' }).selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
    await dialog.getByRole('button', { name: 'Save and check geometry' }).click();
    await dialog.getByText(/The geometry passed/).waitFor({ timeout: 90_000 });
    await dialog.getByRole('button', { name: 'See the cost' }).click();

    // The cost step: the solver's estimate for 16 directions at the rapid tier.
    const cfd = dialog.getByRole('group', { name: "Canopy's CFD wind" });
    const estimate = cfd.getByRole('table', { name: 'CFD estimate' });
    await estimate.waitFor({ timeout: 30_000 });
    expect(await cfd.getByRole('radio', { name: '16' }).isChecked()).toBe(true);
    expect(await estimate.textContent()).toContain('16 directions, rapid');
    expect(await cfd.getByLabel('CFD grid').textContent()).toMatch(/[\d,]+ cells in \d levels, finest 4 m/);
    await screenshot(page, 'cfd-wizard-cost-16');

    // Eight directions: the estimate follows, the choice is applied (saved, checked) before approval.
    await cfd.getByRole('radio', { name: '8' }).check();
    await expect.poll(() => estimate.textContent(), { timeout: 30_000 }).toContain('8 directions, rapid');
    expect(await dialog.getByRole('button', { name: 'Approve and submit' }).isDisabled()).toBe(true);
    await cfd.getByRole('button', { name: 'Apply and check again' }).click();
    await expect.poll(() => dialog.getByRole('button', { name: 'Approve and submit' }).isEnabled(), { timeout: 90_000 }).toBe(true);
    await expect.poll(async () => (await estimate.textContent()) ?? '', { timeout: 30_000 }).toContain('8 directions, rapid');
    expect(await cfd.getByRole('radio', { name: '8' }).isChecked()).toBe(true);
    await screenshot(page, 'cfd-wizard-cost-8');
    await dialog.getByRole('button', { name: 'Approve and submit' }).click();

    // The run: progress with the direction and phase, pushed live.
    await dialog.getByText(/^Scenario submitted\./).waitFor({ timeout: 30_000 });
    const status = dialog.getByRole('status', { name: /^Status of scenario \d+:/ });
    const configurationId = Number(/scenario (\d+)/.exec((await status.getAttribute('aria-label'))!)![1]);
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
    await expect.poll(async () => (await overviewBar.getAttribute('aria-valuetext', { timeout: 1000 }).catch(() => null)) ?? '', { timeout: 120_000, interval: 250 }).toMatch(direction);
    seen.add((await overviewBar.getAttribute('aria-valuetext'))!);
    await screenshot(page, 'cfd-progress-overview');

    // The viewer, opened while the run goes on: its progress beside the scenario, then the maps
    // appear when it completes, without a reload.
    const project = await api<{ studies: Array<{ id: number }> }>(`/api/project/${projectId}/`);
    const studyId = project.body.studies[0]!.id;
    await page.goto(`${app.url}/projects/${projectId}/viewer/${studyId}/configuration/${configurationId}/Viewer`);
    const viewerBar = page.getByRole('progressbar', { name: `Progress of scenario ${configurationId}` });
    await expect.poll(async () => (await viewerBar.getAttribute('aria-valuetext', { timeout: 1000 }).catch(() => null)) ?? '', { timeout: 120_000, interval: 250 }).toMatch(direction);
    await screenshot(page, 'cfd-progress-viewer');
    await expect
      .poll(
        async () => {
          const text = await viewerBar.getAttribute('aria-valuetext', { timeout: 500 }).catch(() => null);
          if (text) seen.add(text);
          return (await page.getByLabel('Layer shown').textContent({ timeout: 500 }).catch(() => null)) ?? '';
        },
        { timeout: 400_000, interval: 500 },
      )
      .toMatch(/Wind comfort/);
    // The bar moved through the run: several reports, more than the first direction.
    expect(seen.size).toBeGreaterThan(2);
    expect([...seen].some((t) => /direction [2-8] of 8/.test(t))).toBe(true);

    const simulations = await api<Array<{ id: number; category: string; assets: Array<{ id: number; layer_type: string; wind_direction: string | null; analysis_type: string; geometry_type: string | null }> }>>(
      `/api/project/${projectId}/study/${studyId}/simulation/`,
    );
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
