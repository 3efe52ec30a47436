/**
 * Scenarios in Chromium against the real server with embedded workers: the demo user creates a
 * scenario through the wizard — real binary STL files (a closed box standing through the ground,
 * the ground, a presentation plane) written here, uploaded through the uploader — sees the
 * geometry validation result, the cost breakdown, approves it, submits, and watches the status
 * change live as Canopy's own solar job runs.
 *
 * The demo project is read-only for the demo user, so the scenario goes to a project the demo user
 * creates through the API first (near the bundled Chicago weather file, fetched as its met source).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openBrowser, screenshot, signInThroughUi, startApp, type BrowserSession, type RunningApp } from './harness.ts';
import { approveAndSubmit, binaryStl, box, grid, uploadGeometry, walkWizardToCost } from './wizard-walk.ts';

let app: RunningApp;
let session: BrowserSession;
let token: string;
let projectId: number;
const PROJECT_NAME = 'Scenario e2e tower';

async function api<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (init.body) headers.set('content-type', 'application/json');
  const res = await fetch(`${app.url}${path}`, { ...init, headers });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

// A 20 m × 20 m × 32 m tower standing 2 m into the ground, the ground, and a plane at 1.5 m.
const TOWER = binaryStl(box([-10, -10, -2], [10, 10, 30]));
const GROUND = binaryStl(grid(120, 0, 4));
const PLANE = binaryStl(grid(60, 1.5, 12));

beforeAll(async () => {
  app = await startApp({ EMBEDDED_WORKERS: 'true' });
  session = await openBrowser();
  const created = await api<{ access: string }>('/authjwt/create/', { method: 'POST', body: JSON.stringify({ username: 'demo', password: 'canopy-demo' }) });
  expect(created.status).toBe(200);
  token = created.body.access;
  const project = await api<{ id: number }>('/api/project/', {
    method: 'POST',
    body: JSON.stringify({ name: PROJECT_NAME, location: 'Chicago, IL', latitude: 41.98, longitude: -87.9, fetch_met: true }),
  });
  expect(project.status).toBe(201);
  projectId = project.body.id;
  // fetch_met links the nearest library station in the background.
  for (let i = 0; i < 60; i++) {
    const met = await api<{ results: unknown[] }>(`/api/project/${projectId}/met-sources/`);
    if (met.body.results.length > 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  await signInThroughUi(session.page, app.url, 'demo', 'canopy-demo');
}, 180_000);

afterAll(async () => {
  await session?.close();
  await app?.stop();
});

describe('scenarios (Chromium)', () => {
  it('creates a scenario with real STL files, validates, approves the cost, submits and watches the status live', async () => {
    const { page } = session;
    const tile = page.getByRole('article', { name: PROJECT_NAME });
    const dialog = await walkWizardToCost(page, tile.getByRole('button', { name: 'Add scenario' }), {
      name: 'Tower, solar',
      level: 'CFD',
      analyses: ['Run solar'],
      async geometry(dialog) {
        // Next without the study geometry: the flag says what is missing.
        await dialog.getByRole('button', { name: 'Next' }).click();
        await expect.poll(() => dialog.getByRole('alert', { name: 'Fix before continuing' }).textContent()).toContain('Add the study geometry (an STL file).');
        await uploadGeometry(dialog, 'Study buildings', 'tower.stl', TOWER);
        await uploadGeometry(dialog, 'Ground', 'ground.stl', GROUND);
        await uploadGeometry(dialog, 'Presentation planes', 'plane.stl', PLANE);
        await screenshot(page, 'scenario-wizard-geometry');
      },
      onValidated: () => screenshot(page, 'scenario-wizard-validation').then(() => undefined),
    });
    const cost = dialog.getByRole('table', { name: 'Cost breakdown' });
    await cost.waitFor({ timeout: 30_000 });
    expect(await cost.textContent()).toContain('Solar');
    await screenshot(page, 'scenario-wizard-cost');
    const { status } = await approveAndSubmit(dialog);
    const seen = [await status.getAttribute('aria-label')];
    await screenshot(page, 'scenario-wizard-submitted');
    // The socket is open (the token was negotiated): statuses are pushed, not polled.
    await dialog.getByText('Updates live.').waitFor({ timeout: 30_000 });
    // Canopy's own solar job runs with the embedded workers; the badge follows it without a reload.
    await expect
      .poll(
        async () => {
          const label = await status.getAttribute('aria-label');
          if (label !== seen.at(-1)) seen.push(label);
          return label;
        },
        { timeout: 180_000, interval: 250 },
      )
      .toMatch(/Completed$/);
    expect(seen[0]).not.toMatch(/Completed$/);
    expect(seen.length).toBeGreaterThan(1);
    expect(await dialog.getByText('Updates live.').count()).toBe(1);
    await screenshot(page, 'scenario-wizard-completed');
    expect(session.problems.filter((p) => !p.includes('favicon'))).toEqual([]);
  }, 400_000);
});
