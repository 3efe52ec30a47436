/**
 * Project export and import in a real browser: "Export project" on the settings' Details tab downloads the project
 * as a zip, and "Import project" on the projects page uploads it and opens the copy, with its
 * scenario and results. The project is the viewer fixture (ingested results) of the demo user.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { apiToken, openBrowser, screenshot, signInThroughUi, startApp, type BrowserSession, type RunningApp } from './harness.ts';
import { createFixtureProject, type FixtureProject } from './fixture-project.ts';

let app: RunningApp;
let session: BrowserSession;
let fixture: FixtureProject;
beforeAll(async () => {
  app = await startApp();
  session = await openBrowser();
  const token = await apiToken(app.url, 'demo', 'canopy-demo');
  fixture = await createFixtureProject(app.url, token, 'Transfer check');
}, 200_000);
afterAll(async () => {
  await session?.close();
  await app?.stop();
});

it('exports a project from its settings and imports it from the projects page', async () => {
  const { page } = session;
  await signInThroughUi(page, app.url, 'demo', 'canopy-demo');
  await page.goto(`${app.url}/projects/${fixture.projectId}/details`);
  await page.getByRole('button', { name: 'Export project' }).waitFor({ timeout: 30_000 });
  await screenshot(page, 'transfer-export-card');
  const [download] = await Promise.all([page.waitForEvent('download', { timeout: 60_000 }), page.getByRole('button', { name: 'Export project' }).click()]);
  const path = await download.path();
  const bytes = readFileSync(path!);
  expect(download.suggestedFilename()).toMatch(/^Transfer-check.*\.zip$/);
  expect(bytes.subarray(0, 2).toString()).toBe('PK');
  await page.goto(`${app.url}/projects`);
  await page.getByRole('button', { name: 'Import project' }).waitFor({ timeout: 30_000 });
  await screenshot(page, 'transfer-import-button');
  await page.getByLabel('Project archive (.zip)').setInputFiles(path!);
  await page.waitForURL(/\/projects\/\d+/, { timeout: 120_000 });
  expect(page.url()).not.toMatch(new RegExp(`/projects/${fixture.projectId}(/|$)`));
  await page.getByRole('heading', { name: 'Transfer check' }).waitFor({ timeout: 30_000 });
  await page.getByText('Open in viewer', { exact: true }).waitFor({ timeout: 30_000 });
  await screenshot(page, 'transfer-imported-project');
}, 300_000);
