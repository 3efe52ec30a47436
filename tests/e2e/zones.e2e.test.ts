/**
 * Zones in a real browser, as a new user would draw one: on the labelled TEST FIXTURE wind results
 * (tests/e2e/fixture-project.ts), open the viewer's Zones tab, draw a zone by clicking on the plane,
 * close it with Enter, name it with its intended use, and read its scores for the layer shown, with
 * the layer's units stated in words; the zone is saved with the study (listed again after a reload).
 * No console errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureProject, type FixtureProject } from './fixture-project.ts';
import { apiToken, openBrowser, screenshot, signInThroughUi, startApp, type BrowserSession, type RunningApp } from './harness.ts';

let app: RunningApp;
let session: BrowserSession;
let fixture: FixtureProject;

beforeAll(async () => {
  app = await startApp();
  session = await openBrowser();
  const token = await apiToken(app.url, 'demo', 'canopy-demo');
  fixture = await createFixtureProject(app.url, token, 'Zones e2e (fixture results)');
}, 240_000);

afterAll(async () => {
  await session?.close();
  await app?.stop();
});

describe('zones', () => {
  it('draws a zone on the plane, names it with its use, scores it and keeps it with the study', async () => {
    const { page } = session;
    const { projectId, studyId, configurationId, simulationId } = fixture;
    await signInThroughUi(page, app.url, 'demo', 'canopy-demo');
    const viewerUrl = `${app.url}/projects/${projectId}/viewer/${studyId}/configuration/${configurationId}/Viewer?simulation=${simulationId}`;
    await page.goto(viewerUrl);
    await page.getByRole('heading', { name: 'Results viewer' }).waitFor({ timeout: 60_000 });
    const canvas = page.locator('[data-testid="viewer-pane-1"] canvas');
    await canvas.waitFor({ timeout: 60_000 });

    await page.getByRole('button', { name: 'Zones', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Zones' });
    await panel.getByText(/No zones yet/).waitFor();
    await panel.getByRole('button', { name: 'Draw zone' }).click();
    const drawing = panel.getByRole('group', { name: 'Drawing a zone' });

    // A quadrilateral low in the view, on the plane in front of the buildings; a click that misses the plane adds no point.
    const box = (await canvas.boundingBox())!;
    for (const [fx, fy] of [
      [0.35, 0.72],
      [0.65, 0.72],
      [0.68, 0.88],
      [0.32, 0.88],
    ] as const) {
      await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
      await page.waitForTimeout(300);
    }
    const count = Number(/(\d+) points? so far/.exec((await drawing.textContent()) ?? '')?.[1] ?? 0);
    expect(count).toBeGreaterThanOrEqual(3);
    await screenshot(page, 'zones-drawing');
    await page.keyboard.press('Enter');

    const form = panel.getByRole('form', { name: 'New zone' });
    await form.getByLabel('Zone name').fill('Front plaza');
    await form.getByLabel('Intended use').selectOption({ label: 'Standing' });
    await form.getByRole('button', { name: 'Save zone' }).click();
    await panel.getByRole('list', { name: 'Zones of the study' }).getByText('Front plaza').waitFor();

    const table = panel.getByRole('table', { name: 'Zone scores' });
    await table.waitFor({ timeout: 60_000 });
    const row = table.getByRole('row', { name: /Front plaza/ });
    await row.waitFor();
    const text = (await row.textContent()) ?? '';
    expect(text).toMatch(/Standing/);
    // the layer, its units in words (the ratio has none) above the table and in its headings
    const scores = panel.getByRole('region', { name: 'Zone scores' });
    expect(await scores.textContent()).toContain('a ratio without units');
    expect(await table.getByRole('columnheader').allTextContents()).toEqual(['Zone', 'Intended use', 'Mean (ratio)', 'Min (ratio)', 'Max (ratio)']);
    // the fixture's default layer is the speed-up ratio: its mean, minimum and maximum inside the zone
    const [, mean, min, max] = (await row.getByRole('cell').allTextContents()).map(Number);
    expect(min).toBeLessThanOrEqual(mean!);
    expect(mean).toBeLessThanOrEqual(max!);
    await page.waitForTimeout(800);
    await screenshot(page, 'zones-scored');

    // saved with the study: there after a reload
    await page.goto(viewerUrl);
    await canvas.waitFor({ timeout: 60_000 });
    await page.getByRole('button', { name: 'Zones', exact: true }).click();
    await page.getByRole('list', { name: 'Zones of the study' }).getByText('Front plaza').waitFor({ timeout: 30_000 });
    expect(session.problems).toEqual([]);
  });
});
