/**
 * The results viewer in a real browser, on the labelled TEST FIXTURE results
 * (tests/fixtures/viewer-results.ts) delivered over HTTP as an external solver would
 * (tests/e2e/fixture-project.ts: signed uploads + POST /api/ingestassets/simulationresults). The
 * test opens the simulation through the redirect route, toggles a layer, changes the colour scale,
 * reads the graph and data panels, splits the view, downloads a screenshot and checks the PNG is
 * not blank (more than one distinct colour), with no console errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createFixtureProject, type FixtureProject } from './fixture-project.ts';
import { apiToken, openBrowser, screenshot, signInThroughUi, startApp, type BrowserSession, type RunningApp } from './harness.ts';

let app: RunningApp;
let session: BrowserSession;
let fixture: FixtureProject;

beforeAll(async () => {
  // The fixture's CFD wind-comfort results come from outside Canopy: a provider is configured for them.
  app = await startApp({ EXTERNAL_ANALYSES: 'pedestrian_wind_comfort:CFD' });
  session = await openBrowser();
  const token = await apiToken(app.url, 'demo', 'canopy-demo');
  fixture = await createFixtureProject(app.url, token, 'Viewer e2e (fixture results)');
}, 240_000);

afterAll(async () => {
  await session?.close();
  await app?.stop();
});

/** Distinct colours of a PNG, counted in the page (the browser decodes it). */
async function distinctColours(png: Buffer): Promise<number> {
  return session.page.evaluate(async (b64) => {
    const img = new Image();
    img.src = `data:image/png;base64,${b64}`;
    await img.decode();
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const ctx = canvas.getContext('2d')!;
    ctx.drawImage(img, 0, 0);
    const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
    const seen = new Set<number>();
    for (let i = 0; i < data.length; i += 4 * 7) seen.add((data[i]! << 16) | (data[i + 1]! << 8) | data[i + 2]!);
    return seen.size;
  }, png.toString('base64'));
}

describe('the results viewer', () => {
  it('opens fixture results ingested over HTTP, toggles layers, changes the colour scale, splits the view and takes a screenshot', async () => {
    const { page } = session;
    await signInThroughUi(page, app.url, 'demo', 'canopy-demo');
    const { projectId, studyId, configurationId, simulationId } = fixture;
    // The simulation redirect lands on its configuration's viewer with the simulation selected.
    await page.goto(`${app.url}/projects/${projectId}/viewer/${studyId}/${simulationId}`);
    await page.waitForURL(new RegExp(`/projects/${projectId}/viewer/${studyId}/configuration/${configurationId}/Viewer\\?simulation=${simulationId}$`), {
      timeout: 60_000,
    });
    await page.getByRole('heading', { name: 'Results viewer' }).waitFor({ timeout: 60_000 });
    await expect(page.getByLabel('Simulation', { exact: true }).inputValue()).resolves.toBe(String(simulationId));
    await page.locator('[data-testid="viewer-pane-1"] canvas').waitFor({ timeout: 60_000 });

    // Toggle layers (saved as this view's choice): the default speed-ratio layer off, summer sun on.
    const layers = page.getByRole('region', { name: 'Matching layers' });
    const speed = layers.getByRole('checkbox', { name: /Directional wind · Wind speed-up ratio · 0°$/ });
    const sun = layers.getByRole('checkbox', { name: /Solar — sun-lit time · Sun-lit time · Summer/ });
    await expect.poll(() => speed.isChecked(), { timeout: 20_000 }).toBe(true);
    expect(await sun.isChecked()).toBe(false);
    await speed.click();
    await expect.poll(() => speed.isChecked(), { timeout: 20_000 }).toBe(false);
    await sun.click();
    await expect.poll(() => sun.isChecked(), { timeout: 20_000 }).toBe(true);
    await page
      .getByRole('region', { name: 'Shown layers' })
      .getByText(/Solar — sun-lit time · Sun-lit time · Summer/)
      .waitFor();
    await page.waitForTimeout(2000);
    await screenshot(page, 'viewer-fixture-layers');

    // Change the colour scale's range.
    await page.getByRole('button', { name: 'Colour scale' }).click();
    const panel = page.getByRole('region', { name: 'Colour scale' });
    await panel.getByLabel('Minimum').fill('20');
    await panel.getByLabel('Maximum').fill('80');
    await panel.getByRole('button', { name: 'Apply range' }).click();
    await panel.getByRole('img', { name: 'From 20 to 80' }).waitFor();
    await page.waitForTimeout(1000);
    await screenshot(page, 'viewer-colour-scale');

    // The graph panel draws the metric's graph from the layer's own GLB.
    await page.getByRole('button', { name: 'Graphs' }).click();
    await page.getByRole('img', { name: 'Distribution over the plane' }).waitFor({ timeout: 30_000 });
    expect(await page.getByRole('img', { name: 'Distribution over the plane' }).locator('rect').count()).toBeGreaterThan(3);

    // The data panel reads the value under the pointer (the scene's ray query), with units.
    await page.getByRole('button', { name: 'Layers' }).click();
    await page.getByRole('toolbar', { name: 'Viewer tools' }).getByRole('button', { name: 'Probe' }).click();
    const canvasBox = (await page.locator('[data-testid="viewer-pane-1"] canvas').boundingBox())!;
    const readout = page.getByRole('region', { name: 'Data' });
    await expect
      .poll(
        async () => {
          for (const [fx, fy] of [
            [0.5, 0.85],
            [0.3, 0.7],
            [0.7, 0.75],
            [0.5, 0.6],
          ] as const) {
            await page.mouse.move(canvasBox.x + canvasBox.width * fx, canvasBox.y + canvasBox.height * fy);
            await page.waitForTimeout(300);
            const text = (await readout.textContent()) ?? '';
            if (/\d %/.test(text)) return text;
          }
          return '';
        },
        { timeout: 30_000 },
      )
      .toMatch(/\d %/);
    await screenshot(page, 'viewer-probe');
    await page.keyboard.press('Escape');

    // Split the view: a second canvas with its own theme.
    await page.getByRole('button', { name: 'Split view' }).click();
    await page.locator('[data-testid="viewer-pane-2"] canvas').waitFor({ timeout: 30_000 });
    await page.getByLabel('Viewer 2 theme').selectOption('dark');
    await page.waitForTimeout(2000);
    await screenshot(page, 'viewer-split');

    // Screenshot: a PNG download of the active viewer with its legend, not blank.
    await page.getByRole('region', { name: 'Viewer 1' }).click({ position: { x: 400, y: 300 } });
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Screenshot' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^canopy-viewer-\d+-.*\.png$/);
    const png = readFileSync((await download.path())!);
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect(await distinctColours(png)).toBeGreaterThan(1);

    expect(session.problems).toEqual([]);
  }, 240_000);
});
