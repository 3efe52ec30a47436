/**
 * The whole journey, in Chromium against the production build on a fresh data folder with the
 * embedded workers: a new user takes a study from an empty installation to a shared PDF report,
 * alone. The first account becomes the installation's operator; a second person signs up with a new
 * company and, with no operator action beyond the default starter subscription, creates a project
 * (weather fetched for its location), imports surroundings from an OpenStreetMap file, uploads an
 * STL, creates a scenario with solar and thermal comfort on the generated pedestrian plane, approves
 * it, watches it complete, sees buildings and maps with a legend in the viewer, makes an insight
 * with a drawing and a pin, puts it in a report, exports the PDF and checks — by text and by a page
 * rendered to PNG — that the drawing, the pin, the legend title and the figure are in it; then shares
 * the project view-only with a third person, who can read it and cannot change it.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiToken, finishFirstSignIn, openBrowser, screenshot, signInThroughUi, startApp, type BrowserSession, type RunningApp } from './harness.ts';
import { approveAndSubmit, binaryStl, box, uploadGeometry, walkWizardToCost } from './wizard-walk.ts';

const OSM = fileURLToPath(new URL('../fixtures/site.osm', import.meta.url));
const OPERATOR = { username: 'installer', email: 'installer@example.test', password: 'the operator passphrase 7' };
const ENGINEER = {
  username: 'eve',
  email: 'eve@harbour.test',
  password: 'a sturdy passphrase 42',
  first: 'Eve',
  last: 'Engineer',
  company: 'Harbour Engineering',
};
const READER = {
  username: 'rex',
  email: 'rex@elsewhere.test',
  password: 'another passphrase 42',
  first_name: 'Rex',
  last_name: 'Reader',
  company: 'Elsewhere Ltd',
};
const PROJECT = 'Loop plaza';
const INSIGHT = 'Sunny plaza corner';

let app: RunningApp;
let session: BrowserSession;
const ids = { project: 0, study: 0, configuration: 0 };

/** Names of the visible controls that would change something (buttons, links, menu items, inputs, checkboxes, uploaders). */
const WRITE = /\b(delete|remove|add|upload|save|export|import|publish|approve|edit|new|create|invite|revoke|unmark|drop|generate|capture|duplicate|hide)\b/i;
async function writeControlsOn(page: Page): Promise<string[]> {
  return page.evaluate((pattern) => {
    const write = new RegExp(pattern, 'i');
    const visible = (el: Element) => (el as HTMLElement).offsetParent !== null;
    const named = [...document.querySelectorAll('main button, main a, main [role="menuitem"], [role="dialog"] button')]
      .filter(visible)
      // Which layers the reader shows is their own view (the server lets a reader keep it).
      .filter((el) => !el.closest('[aria-label="Shown layers"]'))
      .map((el) => el.getAttribute('aria-label') ?? el.textContent?.trim() ?? '')
      .filter((name) => write.test(name));
    const fields = [...document.querySelectorAll('main input[type="checkbox"], main input[type="file"], main textarea')]
      .filter((el) => visible(el) && !(el as HTMLInputElement).disabled)
      .map((el) => `${(el as HTMLInputElement).type} ${el.id || el.getAttribute('aria-label') || ''}`)
      // Showing a layer or a legend changes nothing for others (the viewer's own state).
      .filter((name) => /publish|file|upload/i.test(name));
    return [...named, ...fields];
  }, WRITE.source);
}

async function token(username: string, password: string): Promise<string> {
  return await apiToken(app.url, username, password);
}

async function call<T>(bearer: string, path: string, init: { method?: string; body?: unknown } = {}): Promise<{ status: number; body: T }> {
  const res = await fetch(`${app.url}${path}`, {
    method: init.method ?? 'GET',
    headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  return { status: res.status, body: body as T };
}

/** The study building, 20 m × 20 m × 30 m, 1 m into the ground. */
const TOWER = binaryStl(box([-10, -10, -1], [10, 10, 30]));

interface Raster {
  width: number;
  height: number;
  /** RGB, 3 bytes a pixel. */
  data: Buffer;
}

/** A binary PPM (P6, what pdftoppm writes by default): a text header, then RGB bytes. */
function readPpm(bytes: Buffer): Raster {
  const header = /^P6\s+(\d+)\s+(\d+)\s+(\d+)\s/.exec(bytes.subarray(0, 64).toString('latin1'));
  if (!header) throw new Error('not a binary PPM');
  return { width: Number(header[1]), height: Number(header[2]), data: bytes.subarray(header[0].length) };
}

function pdfPages(pdf: Buffer): { text: string; page: (n: number) => Raster } {
  const dir = mkdtempSync(join(tmpdir(), 'journey-pdf-'));
  mkdirSync(join(process.cwd(), 'tests/e2e/artifacts'), { recursive: true });
  const path = join(dir, 'report.pdf');
  writeFileSync(path, pdf);
  writeFileSync(join(process.cwd(), 'tests/e2e/artifacts', 'journey-report.pdf'), pdf);
  const text = execFileSync('pdftotext', ['-enc', 'UTF-8', path, '-'], { encoding: 'utf8' });
  return {
    text,
    page: (n) => {
      execFileSync('pdftoppm', ['-r', '100', '-f', String(n), '-l', String(n), '-singlefile', path, join(dir, `page-${n}`)]);
      execFileSync('pdftoppm', [
        '-png',
        '-r',
        '100',
        '-f',
        String(n),
        '-l',
        String(n),
        '-singlefile',
        path,
        join(process.cwd(), 'tests/e2e/artifacts', `journey-pdf-page-${n}`),
      ]);
      return readPpm(readFileSync(join(dir, `page-${n}.ppm`)));
    },
  };
}

beforeAll(async () => {
  // No demo data: a fresh installation. The embedded workers run the scenario's analyses.
  app = await startApp({ EMBEDDED_WORKERS: 'true', SEED_DEMO: 'false' });
  session = await openBrowser();
}, 180_000);

afterAll(async () => {
  await session?.close();
  await app?.stop();
});

describe('the whole journey: from an empty installation to a shared PDF report', () => {
  it('makes the first account the operator, and a second person signs up with a new company', async () => {
    const first = await fetch(`${app.url}/authusers/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(OPERATOR) });
    expect(first.status).toBe(201);
    const me = await call<{ is_superuser: boolean }>(await token(OPERATOR.username, OPERATOR.password), '/authusers/me/');
    expect(me.body.is_superuser).toBe(true);

    const { page } = session;
    await page.goto(`${app.url}/signup`);
    await page.getByRole('textbox', { name: 'First name' }).fill(ENGINEER.first);
    await page.getByRole('textbox', { name: 'Last name' }).fill(ENGINEER.last);
    await page.getByRole('textbox', { name: 'Username' }).fill(ENGINEER.username);
    await page.getByRole('textbox', { name: 'E-mail' }).fill(ENGINEER.email);
    await page.getByLabel('Password', { exact: true }).fill(ENGINEER.password);
    await page.getByRole('textbox', { name: 'Company' }).fill(ENGINEER.company);
    await page.getByRole('combobox', { name: 'Country' }).selectOption('US');
    await page.getByRole('button', { name: 'Create account' }).click();
    // Signing up signs in: the first-sign-in steps follow at once, then the project list.
    await finishFirstSignIn(page);
    const engineer = await call<{ is_superuser: boolean }>(await token(ENGINEER.username, ENGINEER.password), '/authusers/me/');
    expect(engineer.body.is_superuser).toBe(false);
  });

  it('creates a project that fetches its weather and asks for surroundings; the overview says why they could not be fetched', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'New project' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByRole('textbox', { name: 'Name' }).fill(PROJECT);
    await dialog.getByRole('textbox', { name: 'Location' }).fill('Chicago, IL');
    await dialog.getByRole('textbox', { name: 'Latitude (°)' }).fill('41.88');
    await dialog.getByRole('textbox', { name: 'Longitude (°)' }).fill('-87.63');
    await dialog.getByRole('checkbox', { name: /Generate surrounding buildings/ }).check();
    await dialog.getByRole('checkbox', { name: /Fetch weather data/ }).check();
    await dialog.getByRole('button', { name: 'Create project' }).click();
    const tile = page.getByRole('article', { name: PROJECT });
    await tile.waitFor({ timeout: 20_000 });
    await tile.getByRole('link', { name: 'Details' }).click();
    ids.project = Number(/\/projects\/(\d+)/.exec(page.url())![1]);
    const card = page.getByRole('region', { name: 'Site set-up' });
    await card.waitFor({ timeout: 20_000 });
    // Asked for at creation, but this installation reaches no Overpass server: the card says so in
    // words, with the way on.
    const surroundings = card.getByRole('listitem', { name: 'Surroundings' });
    await expect.poll(async () => surroundings.textContent(), { timeout: 60_000 }).toContain('Not fetched');
    expect(await surroundings.textContent()).toContain('upload an .osm extract of the area there');
    // The weather station is linked in the background; a reload of the overview shows it.
    await expect
      .poll(
        async () => {
          await page.reload();
          return page.getByRole('region', { name: 'Site set-up' }).getByRole('listitem', { name: 'Weather' }).textContent();
        },
        { timeout: 60_000, interval: 1000 },
      )
      .toContain('Chicago Ohare');
    await screenshot(page, 'journey-overview');
  });

  it('imports the surroundings from an OpenStreetMap file in Resources', async () => {
    const { page } = session;
    await page.getByRole('region', { name: 'Site set-up' }).getByRole('link', { name: 'Fetch again or upload' }).click();
    await page.getByRole('heading', { name: 'Weather data' }).waitFor({ timeout: 20_000 });
    await page.getByTestId('file-input').nth(1).setInputFiles(OSM);
    await page.getByTestId('site-building').first().waitFor({ timeout: 60_000 });
    expect(await page.getByTestId('site-building').count()).toBe(4);
    await screenshot(page, 'journey-surroundings');
  });

  it('creates a scenario with solar and thermal comfort on the generated pedestrian plane, approves it and watches it complete', async () => {
    const { page } = session;
    await page.goto(`${app.url}/projects/${ids.project}`);
    const dialog = await walkWizardToCost(page, page.getByRole('region', { name: 'Site set-up' }).getByRole('button', { name: 'Add scenario' }), {
      name: 'Tower on the plaza',
      level: 'CFD',
      analyses: ['Run solar', 'Run thermal comfort'],
      async geometry(dialog) {
        // The project's surroundings and a generated 1.5 m plane are offered; only the study is uploaded.
        const surrounds = dialog.getByRole('group', { name: 'Surrounding buildings geometry' });
        expect(await surrounds.getByRole('checkbox', { name: /Use the project's surroundings \(4 buildings from OpenStreetMap\)/ }).isChecked()).toBe(true);
        const plane = dialog.getByRole('group', { name: 'Presentation planes geometry' });
        expect(await plane.getByRole('checkbox', { name: /Generate a pedestrian plane/ }).isChecked()).toBe(true);
        expect(await plane.getByRole('textbox', { name: 'Height above ground (m)' }).inputValue()).toBe('1.5');
        // A coarser grid keeps the thermal comfort run short on this shared machine.
        await plane.getByRole('textbox', { name: 'Point spacing (m)' }).fill('4');
        await plane.getByRole('textbox', { name: 'Reach beyond the study (m)' }).fill('30');
        await uploadGeometry(dialog, 'Study buildings', 'tower.stl', TOWER);
      },
    });
    const cost = dialog.getByRole('table', { name: 'Cost breakdown' });
    await cost.waitFor({ timeout: 30_000 });
    // The starter subscription pays for Canopy's own analyses: no operator action was needed.
    const submitted = await approveAndSubmit(dialog);
    const status = submitted.status;
    ids.configuration = submitted.configurationId;
    await expect.poll(async () => status.getAttribute('aria-label'), { timeout: 600_000, interval: 500 }).toMatch(/Completed$/);
    await screenshot(page, 'journey-scenario-completed');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
  }, 700_000);

  it('opens the viewer on the results: buildings and a map with its legend', async () => {
    const { page } = session;
    const bearer = await token(ENGINEER.username, ENGINEER.password);
    const configuration = await call<{ study_id: number }>(bearer, `/api/project/${ids.project}/configuration/${ids.configuration}/`);
    ids.study = configuration.body.study_id;
    await page.goto(`${app.url}/projects/${ids.project}/viewer/${ids.study}/configuration/${ids.configuration}/Viewer`);
    const pane = page.getByTestId('viewer-pane-1');
    await pane.locator('canvas').waitFor({ timeout: 60_000 });
    await expect.poll(async () => pane.getByLabel('Layer shown').textContent(), { timeout: 60_000 }).toMatch(/\(%\)$/);
    const legend = pane.getByRole('figure', { name: /^Legend: / });
    await legend.waitFor({ timeout: 30_000 });
    // Buildings: the study and the project's surroundings are layers of the scenario.
    const layers = page.getByRole('region', { name: 'Layer picker' });
    await layers.waitFor({ timeout: 30_000 });
    const sims = await call<Array<{ id: number; assets: Array<{ geometry_type: string | null; layer_type: string }> }>>(
      bearer,
      `/api/project/${ids.project}/study/${ids.study}/simulation/`,
    );
    for (const sim of sims.body)
      expect(
        sim.assets
          .filter((a) => a.layer_type === 'geometry')
          .map((a) => a.geometry_type)
          .sort(),
      ).toEqual(['presentation_plane', 'study', 'surrounds']);
    await page.waitForTimeout(2000);
    await screenshot(page, 'journey-viewer');
  });

  it('makes an insight with a drawing and a pin, puts it in a report and exports the PDF with both, the legend title and the figure', async () => {
    const { page } = session;
    const bearer = await token(ENGINEER.username, ENGINEER.password);
    await page.goto(`${app.url}/projects/${ids.project}/viewer/${ids.study}/configuration/${ids.configuration}/Insights`);
    const canvas = page.locator('[data-testid="viewer-pane-1"] canvas');
    await canvas.waitFor({ timeout: 60_000 });
    const panel = page.getByRole('region', { name: 'Insights' });
    await panel.getByLabel('New insight').fill(INSIGHT);
    await panel.getByRole('button', { name: 'Add insight' }).click();
    await panel.getByRole('listitem', { name: INSIGHT }).waitFor({ timeout: 20_000 });
    await panel.getByRole('button', { name: INSIGHT, exact: true }).click();
    await page.waitForTimeout(2000);

    await panel.getByRole('button', { name: 'Draw' }).click();
    await panel.getByRole('button', { name: 'Rectangle' }).click();
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.15, box.y + box.height * 0.2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.4, box.y + box.height * 0.45, { steps: 6 });
    await page.mouse.up();
    await page.getByRole('img', { name: 'rectangle' }).waitFor();
    await page.keyboard.press('Escape');

    await panel.getByRole('button', { name: 'Add pin' }).click();
    const pinForm = page.getByRole('form', { name: 'Pin' });
    await expect
      .poll(
        async () => {
          for (const [fx, fy] of [
            [0.5, 0.75],
            [0.3, 0.7],
            [0.7, 0.7],
            [0.5, 0.6],
            [0.4, 0.85],
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
    await pinForm.getByLabel('Pin title').fill('Bench in the sun');
    await pinForm.getByLabel('Note').fill('Shade wanted in July afternoons');
    await pinForm.getByRole('button', { name: 'Save pin' }).click();
    await page.getByRole('img', { name: 'Pin Bench in the sun' }).waitFor({ timeout: 20_000 });
    await panel.getByRole('button', { name: 'Save view' }).click();
    type Insight = {
      id: number;
      title: string;
      sceneview_set: Array<{ id: number; study_image_id: number | null; drawings: Array<{ drawing_json: { shapes: unknown[] } }> }>;
    };
    const insights = async () => (await call<Insight[]>(bearer, `/api/project/${ids.project}/study/${ids.study}/insight/`)).body;
    await expect
      .poll(async () => (await insights()).find((i) => i.title === INSIGHT)?.sceneview_set[0]?.drawings[0]?.drawing_json.shapes.length ?? 0, {
        timeout: 30_000,
      })
      .toBe(1);
    await expect
      .poll(async () => (await insights()).find((i) => i.title === INSIGHT)?.sceneview_set[0]?.study_image_id ?? null, { timeout: 30_000 })
      .not.toBeNull();
    await panel.getByRole('listitem', { name: INSIGHT }).getByRole('checkbox', { name: 'Published' }).click();

    // Images: the saved view's capture goes into the insight (it keeps its view: drawing, pin, legend).
    await page.goto(`${app.url}/projects/${ids.project}/viewer/${ids.study}/configuration/${ids.configuration}/Images`);
    const images = page.getByRole('region', { name: 'Images' });
    await images.getByRole('combobox', { name: 'Insight' }).selectOption({ label: INSIGHT });
    await images.getByRole('textbox', { name: 'Caption' }).fill('Figure: The plaza in summer');
    await images
      .getByRole('listitem', { name: INSIGHT })
      .getByRole('button', { name: `Add to ${INSIGHT}` })
      .click();
    await images.getByRole('list', { name: 'Image views' }).getByRole('listitem').first().waitFor({ timeout: 20_000 });

    // Reports: a report with that image, exported as a PDF.
    await page.goto(`${app.url}/projects/${ids.project}/viewer/${ids.study}/configuration/${ids.configuration}/Reports`);
    const reports = page.getByRole('region', { name: 'Reports' });
    await reports.getByRole('textbox', { name: 'New report' }).fill('Plaza microclimate');
    await reports.getByRole('button', { name: 'Create report' }).click();
    const report = page.getByRole('article', { name: 'Report Plaza microclimate' });
    await report.waitFor({ timeout: 20_000 });
    await report.getByRole('combobox', { name: 'Image' }).selectOption({ index: 1 });
    await report.getByRole('button', { name: 'Add to report' }).click();
    await report.getByRole('list', { name: 'Report views' }).getByRole('listitem').first().waitFor({ timeout: 20_000 });
    const [download] = await Promise.all([page.waitForEvent('download', { timeout: 120_000 }), report.getByRole('button', { name: 'Download PDF' }).click()]);
    expect(download.suggestedFilename()).toBe(`${PROJECT} - Plaza microclimate.pdf`);
    const pdf = readFileSync((await download.path())!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

    const { text, page: render } = pdfPages(pdf);
    const words = text.replace(/\s+/g, ' ');
    // The cover and the figure, captioned once; the pin (in the figure and in the pins list); the legend's human title with its unit.
    expect(words).toContain('Plaza microclimate');
    expect(words).toContain('Figure 1: The plaza in summer');
    expect(words).not.toContain('Figure: The plaza');
    expect(words.split('Bench in the sun').length - 1).toBeGreaterThanOrEqual(2);
    expect(words).toMatch(/Sun-lit time \(%\)|Time thermally comfortable \(9 < UTCI ≤ 26 °C\) \(%\)|Clear-sky sun hours \(h\)/);
    expect(words).not.toMatch(/utci-pct-|pct-sunlit \(|pct sunlit/);
    // The insight's template names the analysis in words (the label table), not by its id.
    expect(words).toMatch(/What the (sun-lit time|time thermally comfortable|clear-sky sun hours)[^.]* results show at this location\./);
    expect(words).toMatch(/Engine: canopy/);
    // The figure page: the captured scene (many colours) with the drawn rectangle (#e4572e) over it.
    const figurePage = render(2);
    let drawn = 0;
    const colours = new Set<number>();
    for (let i = 0; i < figurePage.data.length; i += 3) {
      const [r, g, b] = [figurePage.data[i]!, figurePage.data[i + 1]!, figurePage.data[i + 2]!];
      colours.add((r >> 3) * 1024 + (g >> 3) * 32 + (b >> 3));
      if (Math.abs(r - 0xe4) < 40 && Math.abs(g - 0x57) < 40 && Math.abs(b - 0x2e) < 40) drawn++;
    }
    expect(drawn).toBeGreaterThan(30);
    expect(colours.size).toBeGreaterThan(60);
  }, 400_000);

  it('shares the project view-only with a third person, who reads it and cannot change it', async () => {
    const { page } = session;
    const signup = await fetch(`${app.url}/authusers/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...READER, password: READER.password }),
    });
    expect(signup.status, await signup.clone().text()).toBe(201);
    await page.goto(`${app.url}/projects/${ids.project}/share`);
    const form = page.getByRole('form', { name: 'Share this project' });
    await form.getByRole('textbox', { name: 'E-mail address' }).fill(READER.email);
    expect(await form.getByRole('combobox', { name: 'They may' }).inputValue()).toBe('view');
    await form.getByRole('button', { name: 'Share' }).click();
    await page.getByText(/\(view only\)\. They will see it once they accept\./).waitFor({ timeout: 20_000 });

    // The reader, in a browser of their own: the invitation is in their inbox; they accept and read.
    const reader = await session.browser.newContext({ viewport: { width: 1280, height: 800 } });
    const readerPage = await reader.newPage();
    await signInThroughUi(readerPage, app.url, READER.username, READER.password);
    const invitations = readerPage.getByRole('region', { name: 'Invitations' });
    await invitations.getByText(PROJECT).waitFor({ timeout: 20_000 });
    await invitations.getByRole('button', { name: /Accept/ }).click();
    await readerPage.getByRole('article', { name: PROJECT }).waitFor({ timeout: 20_000 });
    await readerPage.goto(`${app.url}/projects/${ids.project}`);
    await readerPage.getByRole('heading', { level: 1, name: PROJECT }).waitFor({ timeout: 20_000 });
    expect(await readerPage.getByRole('button', { name: 'Add scenario' }).count()).toBe(0);
    await screenshot(readerPage, 'journey-reader');
    // Read-only on screen: the reader walks the project's pages and the viewer's modes and finds no
    // control that writes (no Delete, Published, uploader, Export, Approve…).
    const pages = [
      `/projects/${ids.project}`,
      `/projects/${ids.project}/details`,
      `/projects/${ids.project}/scenarios`,
      `/projects/${ids.project}/files`,
      ...['Viewer', 'Insights', 'Reports', 'Images', 'Settings'].map(
        (mode) => `/projects/${ids.project}/viewer/${ids.study}/configuration/${ids.configuration}/${mode}`,
      ),
    ];
    for (const path of pages) {
      await readerPage.goto(`${app.url}${path}`);
      await readerPage.getByRole('heading', { level: 1 }).first().waitFor({ timeout: 30_000 });
      await readerPage.waitForLoadState('networkidle');
      expect({ path, controls: await writeControlsOn(readerPage) }).toEqual({ path, controls: [] });
      if (path.endsWith('/Insights')) await screenshot(readerPage, 'journey-reader-insights');
    }

    const bearer = await token(READER.username, READER.password);
    expect((await call(bearer, `/api/project/${ids.project}/`)).status).toBe(200);
    const insights = await call<Array<{ id: number; title: string }>>(bearer, `/api/project/${ids.project}/study/${ids.study}/insight/`);
    const published = insights.body.find((i) => i.title === INSIGHT)!;
    expect(published).toBeDefined();
    expect((await call(bearer, `/api/project/${ids.project}/`, { method: 'PATCH', body: { name: 'Taken over' } })).status).toBe(403);
    expect(
      (await call(bearer, `/api/project/${ids.project}/study/${ids.study}/insight/${published.id}/`, { method: 'PUT', body: { title: 'Changed' } })).status,
    ).toBe(403);
    expect((await call(bearer, `/api/project/${ids.project}/study/${ids.study}/insight/${published.id}/`, { method: 'DELETE' })).status).toBe(403);
    expect((await call(bearer, `/api/project/${ids.project}/configuration/${ids.configuration}/`, { method: 'DELETE' })).status).toBe(403);
    await reader.close();
    expect(session.problems.filter((p) => !p.includes('favicon'))).toEqual([]);
  }, 120_000);
});
