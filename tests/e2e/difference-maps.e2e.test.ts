/**
 * Difference maps in a real browser, as a new user would compare two design options: the fixture
 * study's scenario (tests/e2e/fixture-project.ts) and a second scenario whose summer sun-lit time is
 * 8 % lower at every point. The viewer's Difference panel takes A and B, draws B − A under a
 * diverging legend in % centred on zero (±10 %, the round range above the largest change), saves
 * the map as a layer of B, and the saved layer, named for the metric it compares ("Sun-lit time
 * difference (B − A)"), reopens on that same legend. No console errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { addFixtureScenario, createFixtureProject, type FixtureProject } from './fixture-project.ts';
import { apiToken, openBrowser, screenshot, signInThroughUi, startApp, type BrowserSession, type RunningApp } from './harness.ts';

let app: RunningApp;
let session: BrowserSession;
let fixture: FixtureProject;
let option: { configurationId: number; simulationId: number };

const SHADE = 8;
const TITLE = 'Δ Sun-lit time, Taller option − Fixture CFD (same points in both) (%)';

beforeAll(async () => {
  app = await startApp();
  session = await openBrowser();
  const token = await apiToken(app.url, 'demo', 'canopy-demo');
  fixture = await createFixtureProject(app.url, token, 'Difference e2e (fixture results)');
  option = await addFixtureScenario(app.url, token, fixture.projectId, 'Taller option', { filename: 'sunlit.Summer.glb', change: (v) => v - SHADE });
}, 240_000);

afterAll(async () => {
  await session?.close();
  await app?.stop();
});

/** The legend's tick labels, left to right. */
async function ticksOf(legend: Locator): Promise<string[]> {
  return legend.getByRole('list', { name: 'Ticks' }).getByRole('listitem').allTextContents();
}

describe('difference maps', () => {
  it('differences two scenarios’ layers, shows the diverging legend, saves the map and reopens it on the same scale', async () => {
    const { page } = session;
    const { projectId, studyId, configurationId, simulationId } = fixture;
    await signInThroughUi(page, app.url, 'demo', 'canopy-demo');
    await page.goto(`${app.url}/projects/${projectId}/viewer/${studyId}/configuration/${configurationId}/Viewer?simulation=${simulationId}`);
    await page.getByRole('heading', { name: 'Results viewer' }).waitFor({ timeout: 60_000 });
    await page.locator('[data-testid="viewer-pane-1"] canvas').waitFor({ timeout: 60_000 });

    await page.getByRole('button', { name: 'Difference', exact: true }).click();
    const panel = page.getByRole('region', { name: 'Difference map' });
    const a = panel.getByRole('combobox', { name: 'Layer A (from)' });
    const summerSun = a.locator('option', { hasText: /^Fixture CFD: Solar — sun-lit time · Sun-lit time · Summer/ });
    await summerSun.waitFor({ state: 'attached', timeout: 30_000 });
    await a.selectOption((await summerSun.getAttribute('value'))!);
    // The only layer of the same kind in another scenario is offered as B.
    const b = panel.getByRole('combobox', { name: 'Layer B (to)' });
    await expect
      .poll(async () => (await b.locator('option:checked').textContent()) ?? '')
      .toMatch(/^Taller option: Solar — sun-lit time · Sun-lit time · Summer/);
    await panel.getByRole('button', { name: 'Show B − A' }).click();

    // Every point of the plane is 8 % less sun-lit in B.
    const shown = panel.getByRole('status', { name: 'Difference shown' });
    await shown.waitFor({ timeout: 60_000 });
    const text = (await shown.textContent()) ?? '';
    const compared = /([\d,]+) points compared: ([\d,]+) lower, 0 unchanged, 0 higher in B than in A\./.exec(text);
    expect(compared, text).not.toBeNull();
    expect(compared![1]).toBe(compared![2]);
    expect(Number(compared![1]!.replace(/,/g, ''))).toBeGreaterThan(100);
    expect(text).toContain('Points: same points in both.');

    // The diverging legend in %, centred on zero: ±10, the round range above the 8 % change.
    const legend = page.getByRole('figure', { name: `Legend: ${TITLE}` });
    await legend.waitFor({ timeout: 30_000 });
    const ticks = await ticksOf(legend);
    expect(ticks[0]).toMatch(/^[−-]10$/);
    expect(ticks.at(-1)).toBe('10');
    expect(ticks[(ticks.length - 1) / 2]).toBe('0');
    await page.waitForTimeout(1500);
    await screenshot(page, 'difference-map-shown');

    await panel.getByRole('button', { name: 'Save as layer' }).click();
    await panel.getByRole('button', { name: 'Saved as a layer' }).waitFor({ timeout: 60_000 });

    // Reopened in B's scenario: the saved layer, switched on, keeps its diverging legend.
    await page.goto(`${app.url}/projects/${projectId}/viewer/${studyId}/configuration/${option.configurationId}/Viewer?simulation=${option.simulationId}`);
    await page.locator('[data-testid="viewer-pane-1"] canvas').waitFor({ timeout: 60_000 });
    // Named in words for the metric it compares, in the picker's Metric chips and in the layer list.
    const savedName = /Sun-lit time difference \(B − A\)/;
    const metricChips = page.getByRole('region', { name: 'Layer picker' }).getByRole('group', { name: 'Metric' });
    await metricChips.getByRole('button', { name: 'Sun-lit time difference (B − A)' }).waitFor({ timeout: 30_000 });
    const saved = page.getByRole('region', { name: 'Matching layers' }).getByRole('checkbox', { name: savedName });
    await saved.waitFor({ timeout: 30_000 });
    await saved.click();
    await expect.poll(() => saved.isChecked(), { timeout: 20_000 }).toBe(true);
    const reopened = page.getByRole('figure', { name: `Legend: ${TITLE}` });
    await reopened.waitFor({ timeout: 30_000 });
    const again = await ticksOf(reopened);
    expect(again[0]).toMatch(/^[−-]10$/);
    expect(again.at(-1)).toBe('10');
    expect(again[(again.length - 1) / 2]).toBe('0');
    await page.waitForTimeout(1500);
    await screenshot(page, 'difference-map-reopened');
    expect(session.problems).toEqual([]);
  }, 300_000);
});
