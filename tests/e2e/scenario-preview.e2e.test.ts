/**
 * "See it before you run it", in Chromium against the real server: the wizard's geometry step draws
 * the uploaded study and ground in 3D with a legend in words and, for a scenario on Canopy's CFD,
 * the wind tunnel and study area from the server's plan with their sizes; a study model with a
 * hole fails the server's validation, the finding is listed beside the preview and, selected, is
 * drawn in the error colour on the model — also back in the geometry step.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { openBrowser, screenshot, signInThroughUi, startApp, type BrowserSession, type RunningApp } from './harness.ts';
import { binaryStl, box, grid, uploadGeometry } from './wizard-walk.ts';

let app: RunningApp;
let session: BrowserSession;
let token: string;
const PROJECT_NAME = 'Scenario preview e2e';

async function api<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (init.body) headers.set('content-type', 'application/json');
  const res = await fetch(`${app.url}${path}`, { ...init, headers });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

// A 20 m × 20 m × 30 m tower with its roof left off (two triangles): open edges, an error finding.
const OPEN_TOWER = binaryStl(
  box([-10, -10, 0], [10, 10, 30]).filter((_, i) => i !== 2 && i !== 3),
  'canopy preview e2e',
);
const GROUND = binaryStl(grid(100, 0, 4), 'canopy preview e2e');

/** The error highlight's colour (src/viewer/scene/highlight-colours.ts), #e5484d. */
const ERROR_RGB = [0xe5, 0x48, 0x4d];

/** Pixels of the stage close to the error colour, counted in the page from a screenshot of the stage. */
async function errorPixels(page: Page, stage: Locator): Promise<number> {
  const png = (await stage.screenshot()).toString('base64');
  return page.evaluate(
    async ({ png, rgb }) => {
      const image = new Image();
      image.src = `data:image/png;base64,${png}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const ctx = canvas.getContext('2d')!;
      ctx.drawImage(image, 0, 0);
      const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
      let n = 0;
      for (let i = 0; i < data.length; i += 4) {
        if (Math.abs(data[i]! - rgb[0]!) < 40 && Math.abs(data[i + 1]! - rgb[1]!) < 40 && Math.abs(data[i + 2]! - rgb[2]!) < 40) n++;
      }
      return n;
    },
    { png, rgb: ERROR_RGB },
  );
}

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
  for (let i = 0; i < 60; i++) {
    const met = await api<{ results: unknown[] }>(`/api/project/${project.body.id}/met-sources/`);
    if (met.body.results.length > 0) break;
    await new Promise((r) => setTimeout(r, 500));
  }
  await signInThroughUi(session.page, app.url, 'demo', 'canopy-demo');
}, 180_000);

afterAll(async () => {
  await session?.close();
  await app?.stop();
});

describe('scenario preview (Chromium)', () => {
  it('draws the geometry, the wind tunnel and a failed finding in the wizard', async () => {
    const { page } = session;
    await page.getByRole('article', { name: PROJECT_NAME }).getByRole('button', { name: 'Add scenario' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add scenario' });
    await dialog.getByRole('textbox', { name: 'Scenario name' }).fill('Open roof');
    await dialog.getByRole('radio', { name: /^CFD/ }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('checkbox', { name: 'Run pedestrian wind comfort' }).check();
    await dialog.getByRole('button', { name: 'Next' }).click();

    await uploadGeometry(dialog, 'Study buildings', 'tower.stl', OPEN_TOWER);
    await uploadGeometry(dialog, 'Ground', 'ground.stl', GROUND);
    const legend = dialog.getByRole('list', { name: 'Preview legend' });
    await legend.getByText('Study buildings: tower.stl').waitFor({ timeout: 30_000 });
    await legend.getByText(/^Ground: ground\.stl/).waitFor();
    await legend.getByText(/^Site marker/).waitFor();
    // The server's plan for the rapid tier, turned to the first direction (from the north).
    const tunnel = legend.getByText(/^Wind tunnel for wind from 0°: [\d,]+ m along the wind × [\d,]+ m across × [\d,]+ m high$/);
    await tunnel.waitFor({ timeout: 60_000 });
    await legend.getByText(/^Study area \(finest cells\): a circle [\d,]+ m across/).waitFor();
    const stage = dialog.getByRole('group', { name: /3D preview of the scenario geometry/ });
    await stage.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('+');
    await page.waitForTimeout(300);
    await screenshot(page, 'scenario-preview-geometry-step');

    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('combobox', { name: 'Weather source' }).selectOption({ index: 1 });
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('button', { name: 'Next' }).click();
    await dialog.getByRole('checkbox', { name: 'I accept the terms and conditions' }).check();
    await dialog.getByRole('button', { name: 'Save and check geometry' }).click();

    const findings = dialog.getByRole('list', { name: 'Findings in the preview' });
    await findings.waitFor({ timeout: 90_000 });
    const error = findings.getByRole('button', { name: /^Error: / }).first();
    await error.click();
    expect(await error.getAttribute('aria-pressed')).toBe('true');
    const validationStage = dialog.getByRole('group', { name: /3D preview of the scenario geometry/ });
    // The camera flies to the finding: wait until the highlight is drawn in view.
    await expect.poll(() => errorPixels(page, validationStage), { timeout: 30_000 }).toBeGreaterThan(50);
    await screenshot(page, 'scenario-preview-finding');
    expect(session.problems).toEqual([]);
  }, 400_000);

  // Straight after the step change the finding is picked while the server's plan is still on its way
  // (and while three.js may still be starting): the view must stay on the finding when the tunnel
  // arrives, and a pick made before the 3D view is up must still be flown to.
  it('back in the geometry step, draws the finding again before the file is replaced', async () => {
    const { page } = session;
    const dialog = page.getByRole('dialog', { name: 'Add scenario' });
    await dialog.getByRole('button', { name: 'Back to the geometry' }).click();
    const again = dialog.getByRole('list', { name: 'Findings in the preview' });
    await again.waitFor({ timeout: 30_000 });
    await again
      .getByRole('button', { name: /^Error: / })
      .first()
      .click();
    const geometryStage = dialog.getByRole('group', { name: /3D preview of the scenario geometry/ });
    await expect.poll(() => errorPixels(page, geometryStage), { timeout: 30_000 }).toBeGreaterThan(50);
    // The server's plan arrives after the pick: the tunnel is drawn, and the view stays on the finding.
    await dialog
      .getByRole('list', { name: 'Preview legend' })
      .getByText(/^Wind tunnel for wind from 0°/)
      .waitFor({ timeout: 60_000 });
    await page.waitForTimeout(500);
    expect(await errorPixels(page, geometryStage)).toBeGreaterThan(50);
    await screenshot(page, 'scenario-preview-geometry-finding');
    expect(session.problems).toEqual([]);
  }, 400_000);
});
