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

// ---------------------------------------------------------------------------------------------
// Binary STL, written by hand: 80-byte header, uint32 count, then per triangle a normal, three
// vertices (float32 little-endian) and a uint16 attribute.
// ---------------------------------------------------------------------------------------------

type V = [number, number, number];
type Tri = [V, V, V];

function binaryStl(triangles: Tri[]): Buffer {
  const buf = Buffer.alloc(84 + 50 * triangles.length);
  buf.write('canopy e2e', 0, 'ascii');
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

/** Two triangles of a quad whose corners run counter-clockwise seen from outside. */
const quad = (a: V, b: V, c: V, d: V): Tri[] => [
  [a, b, c],
  [a, c, d],
];

/** A closed box, outward normals: a 20 m × 20 m × 32 m tower standing 2 m into the ground. */
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

/** A flat grid facing up (+Z), `cells` × `cells` squares. */
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
    await tile.getByRole('button', { name: 'Add scenario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add scenario' });
    await dialog.getByRole('textbox', { name: 'Scenario name' }).fill('Tower, solar');
    await dialog.getByRole('radio', { name: /^AI/ }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();

    await dialog.getByRole('checkbox', { name: 'Run solar' }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();

    // Next without the study geometry: the flag says what is missing.
    await dialog.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => dialog.getByRole('alert', { name: 'Fix before continuing' }).textContent()).toContain('Add the study geometry (an STL file).');
    const upload = async (role: string, name: string, buffer: Buffer) => {
      const group = dialog.getByRole('group', { name: `${role} geometry` });
      await group.getByTestId('file-input').setInputFiles({ name, mimeType: 'model/stl', buffer });
      await group.getByRole('button', { name: `Remove ${name}` }).waitFor({ timeout: 30_000 });
    };
    await upload('Study buildings', 'tower.stl', TOWER);
    await upload('Ground', 'ground.stl', GROUND);
    await upload('Presentation planes', 'plane.stl', PLANE);
    await screenshot(page, 'scenario-wizard-geometry');
    await dialog.getByRole('button', { name: 'Next' }).click();

    await dialog.getByRole('combobox', { name: 'Weather source' }).selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
    await dialog.getByRole('button', { name: 'Save and check geometry' }).click();

    // The validation job runs on the server; its result shows in the wizard.
    await dialog.getByText(/The geometry passed/).waitFor({ timeout: 90_000 });
    await screenshot(page, 'scenario-wizard-validation');

    await dialog.getByRole('button', { name: 'See the cost' }).click();
    const cost = dialog.getByRole('table', { name: 'Cost breakdown' });
    await cost.waitFor({ timeout: 30_000 });
    expect(await cost.textContent()).toContain('Solar');
    await screenshot(page, 'scenario-wizard-cost');
    await dialog.getByRole('button', { name: 'Approve and submit' }).click();

    await dialog.getByText(/^Scenario submitted\./).waitFor({ timeout: 30_000 });
    const status = dialog.getByRole('status', { name: /^Status of scenario \d+:/ });
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
