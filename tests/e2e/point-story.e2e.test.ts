/**
 * A point's hourly story in a real browser, as a new user would use it: on the labelled TEST
 * FIXTURE wind results (tests/e2e/fixture-project.ts) with the Chicago weather year as the
 * project's station, open the viewer's "Point story" tab, pick a point on the plane and read its
 * year (comfort class per season, exceedance curve, UTCI, wind rose); export the hours as CSV; add
 * the story to a new insight and export that insight's PDF, whose page is rendered with pdftoppm
 * for the eye and whose text holds the same class as the panel. No console errors.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createFixtureProject, type FixtureProject } from './fixture-project.ts';
import { apiToken, ARTIFACTS_DIR, openBrowser, screenshot, signInThroughUi, startApp, type BrowserSession, type RunningApp } from './harness.ts';

const EPW = new URL('../fixtures/chicago.epw', import.meta.url);

let app: RunningApp;
let session: BrowserSession;
let fixture: FixtureProject;
let token: string;

const call = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
  const res = await fetch(`${app.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!res.ok) throw new Error(`${init.method ?? 'GET'} ${path}: ${res.status} ${await res.text()}`);
  return (res.headers.get('content-type')?.includes('json') ? await res.json() : await res.arrayBuffer()) as T;
};

/** The Chicago EPW as the project's weather station: a signed upload, then POST met-sources/. */
async function addChicagoWeather(projectId: number): Promise<void> {
  const grant = await call<{ container_url: string; uuid: string; sas_token: string }>(`/api/project/${projectId}/asset-upload-url`);
  const put = await fetch(`${grant.container_url}/${grant.uuid}/chicago.epw?${grant.sas_token}`, {
    method: 'PUT',
    headers: { 'x-ms-blob-type': 'BlockBlob' },
    body: readFileSync(EPW),
  });
  if (put.status !== 201) throw new Error(`upload chicago.epw: ${put.status}`);
  const page = await call<{ results: Array<{ id: number; filename: string }> }>(`/api/project/${projectId}/uploads?uuid=${grant.uuid}`);
  const uploadId = page.results.find((u) => u.filename === 'chicago.epw')!.id;
  await call(`/api/project/${projectId}/met-sources/`, { method: 'POST', body: { upload_id: uploadId } });
}

beforeAll(async () => {
  app = await startApp({ EXTERNAL_ANALYSES: 'pedestrian_wind_comfort:CFD' });
  session = await openBrowser();
  token = await apiToken(app.url, 'demo', 'canopy-demo');
  fixture = await createFixtureProject(app.url, token, 'Point story e2e (fixture results)');
  await addChicagoWeather(fixture.projectId);
}, 240_000);

afterAll(async () => {
  await session?.close();
  await app?.stop();
});

describe('a point’s hourly story', () => {
  it('replays the year at a picked point, exports it as CSV and adds it to an insight whose PDF shows it', async () => {
    const { page } = session;
    const { projectId, studyId, configurationId, simulationId } = fixture;
    await signInThroughUi(page, app.url, 'demo', 'canopy-demo');
    await page.goto(`${app.url}/projects/${projectId}/viewer/${studyId}/configuration/${configurationId}/Viewer?simulation=${simulationId}`);
    await page.getByRole('heading', { name: 'Results viewer' }).waitFor({ timeout: 60_000 });
    await page.locator('[data-testid="viewer-pane-1"] canvas').waitFor({ timeout: 60_000 });

    await page.getByRole('button', { name: 'Point story' }).click();
    const panel = page.getByRole('region', { name: 'Point story' });
    await panel.getByText(/replayed there in your browser from the stored wind of \d+ directions/).waitFor({ timeout: 60_000 });
    await panel.getByText('No point picked yet.').waitFor();
    await screenshot(page, 'point-story-waiting');
    await panel.getByRole('button', { name: 'Pick a point' }).click();

    // Click the plane: a few places, until one lands on the wind result (not a building's roof).
    const box = (await page.locator('[data-testid="viewer-pane-1"] canvas').boundingBox())!;
    const table = panel.getByRole('table', { name: 'Comfort class per season and time of day' });
    for (const [fx, fy] of [
      [0.5, 0.85],
      [0.3, 0.75],
      [0.7, 0.8],
      [0.5, 0.65],
      [0.2, 0.6],
    ] as const) {
      await page.mouse.click(box.x + box.width * fx, box.y + box.height * fy);
      try {
        await table.waitFor({ timeout: 8_000 });
        break;
      } catch {
        // not on the plane: the next place
      }
    }
    await table.waitFor({ timeout: 5_000 });
    // The address keeps the picked point once the view has settled (its machine writes after a still moment).
    await page.waitForURL(/[?&]pt=/, { timeout: 30_000 });
    const annual = ((await panel.getByText(/^Annual: /).textContent()) ?? '').replace('Annual: ', '');
    expect(annual).toMatch(/^(Frequent sitting|Occasional sitting|Standing|Walking|Uncomfortable)$/);
    expect(await table.getByRole('row').count()).toBe(1 + 10 + 1); // header, 5 seasons × 2 windows, allowed
    await panel.getByRole('img', { name: 'Exceedance curve: hours a year above each speed' }).waitFor();
    await panel.getByRole('img', { name: 'UTCI over the year' }).waitFor();
    await panel.getByTestId('wind-rose').waitFor();
    expect(await panel.getByText(/^Result point \(.+\) m, \d+\.\d m from where you clicked · Lawson LDDC/).count()).toBe(1);
    await page.waitForTimeout(1000);
    await screenshot(page, 'point-story-shown');
    await panel.getByRole('img', { name: 'Wind rose at this point' }).or(panel.getByTestId('wind-rose')).first().scrollIntoViewIfNeeded();
    await screenshot(page, 'point-story-rose');

    // The hours as CSV: 8,760 rows under a header.
    const [download] = await Promise.all([page.waitForEvent('download'), panel.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^point-story-\d+\.csv$/);
    const csv = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\n');
    expect(csv[0]).toBe('month,day,hour_ending,met_wind_direction_deg,met_wind_speed_m_s,pedestrian_speed_m_s,judged_speed_m_s,utci_C,sunshine');
    expect(csv).toHaveLength(8761);

    // Into a new insight, and that insight's PDF.
    await panel.getByRole('button', { name: 'Add to insight' }).click();
    await panel.getByText('Added to the insight as a figure.').waitFor({ timeout: 30_000 });
    await screenshot(page, 'point-story-added');
    const insights = await call<Array<{ id: number; title: string; imageview_set: Array<{ caption: string }> }>>(
      `/api/project/${projectId}/study/${studyId}/insight/`,
    );
    const insight = insights.find((i) => i.title.startsWith('Point story at'))!;
    expect(insight.imageview_set).toHaveLength(1);
    expect(insight.imageview_set[0]!.caption).toContain(`Annual, all day: ${annual} (`);
    const pdf = await call<ArrayBuffer>('/api/export-pdf/', { method: 'POST', body: { project_id: projectId, study_id: studyId, insight_id: insight.id } });
    const pdfPath = join(ARTIFACTS_DIR, 'point-story.pdf');
    writeFileSync(pdfPath, Buffer.from(pdf));
    execFileSync('pdftoppm', ['-png', '-r', '70', '-f', '1', '-l', '2', pdfPath, join(ARTIFACTS_DIR, 'point-story-pdf')]);
    const text = execFileSync('pdftotext', [pdfPath, '-']).toString();
    expect(text).toContain('Point story at');
    expect(text).toContain(`Annual, all day: ${annual}`);
  }, 240_000);

  it('loads without console errors or CSP violations', () => {
    expect(session.problems).toEqual([]);
  });
});
