/**
 * Projects end to end in Chromium: the demo user creates a project, finds it by search,
 * stars it and shares it with a second user (signed up over HTTP); the second user accepts the
 * share and sees the project under "Shared with me". Screenshots of each main screen land in
 * tests/e2e/artifacts/.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openBrowser, screenshot, signInThroughUi, startApp, type BrowserSession, type RunningApp } from './harness.ts';

let app: RunningApp;
let owner: BrowserSession;
let guest: BrowserSession;

const PROJECT = `Harbour Tower ${Date.now().toString(36)}`;
const GUEST = {
  username: 'bea-e2e',
  email: 'bea-e2e@example.test',
  password: 'a sturdy passphrase 42',
  first_name: 'Bea',
  last_name: 'Guest',
  company: 'Partner Engineering',
};

/** Signs in through the login form, getting through the questionnaire and the agreement. */
function signIn(page: Page, username: string, password: string): Promise<void> {
  return signInThroughUi(page, app.url, username, password);
}

const tile = (page: Page, name: string) => page.getByRole('article', { name });

beforeAll(async () => {
  app = await startApp();
  owner = await openBrowser();
  guest = await openBrowser();
  // The first sign-up of an installation becomes its operator (superuser): someone else takes that
  // seat, so the guest below is an ordinary user of another company.
  const operator = { username: 'operator-e2e', email: 'operator-e2e@example.test', password: 'the operator passphrase 7' };
  expect(
    (await fetch(`${app.url}/authusers/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(operator) })).status,
  ).toBe(201);
  const res = await fetch(`${app.url}/authusers/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(GUEST),
  });
  expect(res.status, await res.clone().text()).toBe(201);
});

afterAll(async () => {
  await owner?.close();
  await guest?.close();
  await app?.stop();
});

describe('projects, favorites and sharing', () => {
  it('the demo user creates a project', async () => {
    const { page } = owner;
    await signIn(page, 'demo', 'canopy-demo');
    expect(await page.title()).toBe('Projects | Canopy');
    await page.getByRole('button', { name: 'New project' }).click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByLabel('Name', { exact: true }).fill(PROJECT);
    await dialog.getByLabel('Location', { exact: true }).fill('Toronto, ON');
    await dialog.getByLabel('Latitude (°)', { exact: true }).fill('43.6426');
    await dialog.getByLabel('Longitude (°)', { exact: true }).fill('-79.3871');
    await dialog.getByLabel('Reference ID', { exact: true }).fill('NW-2041');
    await screenshot(page, 'projects-create-modal');
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await page.getByText(`Project “${PROJECT}” created.`).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await tile(page, PROJECT).waitFor();
  });

  it('finds it by search and stars it', async () => {
    const { page } = owner;
    await page.getByRole('searchbox', { name: 'Search projects' }).fill(PROJECT.split(' ').at(-1)!);
    await page.waitForFunction(() => document.querySelectorAll('article').length === 1);
    const found = tile(page, PROJECT);
    await expect(found.getByText('NW-2041').isVisible()).resolves.toBe(true);
    await expect(found.getByText('43.6426° N, 79.3871° W').isVisible()).resolves.toBe(true);
    const star = found.getByRole('button', { name: 'Favorite' });
    // Listen before clicking: the production build answers before a listener set up afterwards.
    await Promise.all([page.waitForResponse((r) => r.url().includes('/api/user/favorites/') && r.request().method() === 'POST'), star.click()]);
    expect(await star.getAttribute('aria-pressed')).toBe('true');
    await screenshot(page, 'projects-list-search');
    // The star is the server's: the favorites tab lists the project after a reload.
    await page.reload();
    await page.getByRole('tab', { name: 'Favorites' }).click();
    await tile(page, PROJECT).waitFor();
    expect(await tile(page, PROJECT).getByRole('button', { name: 'Favorite' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('opens the navigator and shares the project with the second user', async () => {
    const { page } = owner;
    await tile(page, PROJECT).getByRole('link', { name: 'Details' }).click();
    await page.getByRole('heading', { level: 1, name: PROJECT }).waitFor();
    await page.getByRole('group', { name: /^Wheel of / }).waitFor();
    await page.getByRole('heading', { name: 'Job level' }).waitFor();
    await page.waitForTimeout(500);
    await screenshot(page, 'project-navigator');
    await page.goto(`${app.url}${new URL(page.url()).pathname}/share`);
    const form = page.getByRole('form', { name: 'Share this project' });
    await form.getByLabel('E-mail address').fill(GUEST.email);
    await form.getByRole('button', { name: 'Share' }).click();
    // Until she accepts, a person of another company is named by the address the owner typed: the
    // share does not tell whether an account exists for it (ADR 10).
    await page.getByText(`Shared with ${GUEST.email} (view only). They will see it once they accept.`).first().waitFor();
    await page.getByRole('cell', { name: GUEST.email }).first().waitFor();
    await screenshot(page, 'project-settings-share');
  });

  it('the second user accepts the share and finds the project under "Shared with me"', async () => {
    const { page } = guest;
    await signIn(page, GUEST.username, GUEST.password);
    const inbox = page.getByRole('complementary', { name: 'Inbox' });
    const pending = inbox.getByRole('listitem', { name: `${PROJECT}, shared by Demo User` });
    await pending.waitFor();
    await screenshot(page, 'projects-inbox-pending-share');
    await pending.getByRole('button', { name: 'Accept' }).click();
    await pending.getByText('Accepted').waitFor();
    await pending.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Shared with me' }).click();
    await tile(page, PROJECT).waitFor();
    await screenshot(page, 'projects-shared-with-me');
    expect(await page.getByRole('tab', { name: 'Shared with me' }).getAttribute('aria-selected')).toBe('true');
  });

  it('shows company administration to the demo user', async () => {
    const { page } = owner;
    await page.goto(`${app.url}/company/admin`);
    await page.getByRole('heading', { level: 1, name: 'Company Administration' }).waitFor();
    await page.getByRole('heading', { name: 'Roles' }).waitFor();
    await screenshot(page, 'company-admin-users');
  });

  it('loads without console errors', () => {
    expect(owner.problems).toEqual([]);
    expect(guest.problems).toEqual([]);
  });
});
