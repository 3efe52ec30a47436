/**
 * Insights in a real browser: the demo user creates an insight in a project of their own
 * (holding the labelled viewer TEST FIXTURE results, ingested over HTTP — tests/e2e/fixture-project.ts),
 * draws a rectangle on the overlay, places a pin by clicking the model (the scene's ray query),
 * saves the scene view and publishes the insight. A second user of another company, with
 * an accepted share of the project, does not see the insight while it is a Draft and sees it once
 * it is Published. The insight's PDF export answers a real PDF.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureProject } from './fixture-project.ts';
import { apiToken, openBrowser, screenshot, signInThroughUi, startApp, type BrowserSession, type RunningApp } from './harness.ts';

const GUEST = {
  username: 'iris-e2e',
  email: 'iris-e2e@example.test',
  password: 'a sturdy passphrase 42',
  first_name: 'Iris',
  last_name: 'Guest',
  company: 'Other Company',
};
const TITLE = 'Gusty corner at the north entrance';

interface InsightRow {
  id: number;
  title: string;
  insight_status: string;
  pins: unknown[];
  sceneview_set: Array<{ view_json: { version: number } | null; drawings: Array<{ drawing_json: { shapes: unknown[] } }> }>;
}

let app: RunningApp;
let session: BrowserSession;
let projectId: number;
let studyId: number;
let configurationId: number;
let simulationId: number;
let ownerToken: string;
let guestToken: string;

async function token(username: string, password: string): Promise<string> {
  return await apiToken(app.url, username, password);
}

async function call<T>(bearer: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<T> {
  const res = await fetch(`${app.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (res.headers.get('content-type')?.includes('json') ? await res.json() : await res.arrayBuffer()) as T;
}

beforeAll(async () => {
  // The fixture's CFD wind-comfort results come from outside Canopy: a provider is configured for them.
  app = await startApp({ EXTERNAL_ANALYSES: 'pedestrian_wind_comfort:CFD' });
  session = await openBrowser();
  // The first sign-up of an installation becomes its operator (superuser): someone else takes that
  // seat, so the guest below is an ordinary user of another company.
  const operator = { username: 'operator-e2e', email: 'operator-e2e@example.test', password: 'the operator passphrase 7' };
  expect(
    (await fetch(`${app.url}/authusers/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(operator) })).status,
  ).toBe(201);
  const signup = await fetch(`${app.url}/authusers/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(GUEST) });
  expect(signup.status, await signup.clone().text()).toBe(201);
  ownerToken = await token('demo', 'canopy-demo');
  guestToken = await token(GUEST.username, GUEST.password);
  // The demo project is read-only for the demo user (server/src/contexts/projects/access.ts), so the
  // insight goes into a project the demo user creates, with fixture results to pin onto.
  const fixture = await createFixtureProject(app.url, ownerToken, 'Insights e2e');
  ({ projectId, studyId, configurationId, simulationId } = fixture);
  await call(ownerToken, `/api/project/${projectId}/project-share/`, { method: 'POST', body: { email: GUEST.email } });
  const pending = await call<Array<{ id: number }> | { results: Array<{ id: number }> }>(guestToken, '/api/user/pending-project-shares');
  const share = (Array.isArray(pending) ? pending : pending.results)[0]!;
  await call(guestToken, `/api/user/project-shares/${share.id}`, { method: 'POST', body: { share_status: 'accepted' } });
}, 300_000);

afterAll(async () => {
  await session?.close();
  await app?.stop();
});

const insightsOf = (bearer: string) => call<InsightRow[]>(bearer, `/api/project/${projectId}/study/${studyId}/insight/`);

describe('insights', () => {
  it('creates an insight with a drawing and a pin, publishes it, and the sharee sees it only once published; the PDF exports', async () => {
    const { page } = session;
    await signInThroughUi(page, app.url, 'demo', 'canopy-demo');
    await page.goto(`${app.url}/projects/${projectId}/viewer/${studyId}/configuration/${configurationId}/Insights?simulation=${simulationId}`);
    const canvas = page.locator('[data-testid="viewer-pane-1"] canvas');
    await canvas.waitFor({ timeout: 60_000 });
    const panel = page.getByRole('region', { name: 'Insights' });
    await panel.getByLabel('New insight').fill(TITLE);
    await panel.getByRole('button', { name: 'Add insight' }).click();
    await panel.getByRole('listitem', { name: TITLE }).waitFor({ timeout: 20_000 });
    await panel.getByRole('button', { name: TITLE, exact: true }).click();
    await page.waitForTimeout(3000);

    // Draw a rectangle on the overlay.
    await panel.getByRole('button', { name: 'Draw' }).click();
    await panel.getByRole('button', { name: 'Rectangle' }).click();
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.2, box.y + box.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.35, box.y + box.height * 0.3, { steps: 5 });
    await page.mouse.up();
    await page.getByRole('img', { name: 'rectangle' }).waitFor();

    await page.keyboard.press('Escape');

    // A pin, placed by clicking the model: the ray query finds the point (and the value under it).
    await panel.getByRole('button', { name: 'Add pin' }).click();
    const pinForm = page.getByRole('form', { name: 'Pin' });
    await expect
      .poll(
        async () => {
          for (const [fx, fy] of [
            [0.5, 0.8],
            [0.3, 0.75],
            [0.7, 0.7],
            [0.5, 0.55],
          ] as const) {
            await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
            if (await pinForm.isVisible()) return true;
            await page.waitForTimeout(300);
          }
          return false;
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await pinForm.getByLabel('Pin title').fill('Entrance');
    await pinForm.getByLabel('Note').fill('Strong downdraught in winter');
    await pinForm.getByRole('button', { name: 'Save pin' }).click();
    await expect.poll(async () => (await insightsOf(ownerToken)).find((i) => i.title === TITLE)?.pins.length ?? 0, { timeout: 20_000 }).toBe(1);
    await page.getByRole('img', { name: 'Pin Entrance' }).waitFor({ timeout: 20_000 });

    await panel.getByRole('button', { name: 'Save view' }).click();
    await expect
      .poll(async () => (await insightsOf(ownerToken)).find((i) => i.title === TITLE)?.sceneview_set[0]?.drawings[0]?.drawing_json.shapes.length ?? 0, {
        timeout: 30_000,
      })
      .toBe(1);
    await screenshot(page, 'insights-drawing-pin');
    const saved = (await insightsOf(ownerToken)).find((i) => i.title === TITLE)!;
    expect(saved.sceneview_set[0]!.view_json?.version).toBe(2);
    expect(saved.insight_status).toBe('Draft');

    // Draft: the other company's sharee does not see it.
    expect((await insightsOf(guestToken)).map((i) => i.title)).not.toContain(TITLE);

    await panel.getByRole('listitem', { name: TITLE }).getByRole('checkbox', { name: 'Published' }).click();
    await expect.poll(async () => (await insightsOf(ownerToken)).find((i) => i.title === TITLE)?.insight_status, { timeout: 20_000 }).toBe('Published');
    expect((await insightsOf(guestToken)).map((i) => i.title)).toContain(TITLE);

    // The PDF of the insight, as the sharee now may.
    const pdf = Buffer.from(
      await call<ArrayBuffer>(guestToken, '/api/export-pdf/', { method: 'POST', body: { project_id: projectId, study_id: studyId, insight_id: saved.id } }),
    );
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(2000);
  }, 240_000);
});
