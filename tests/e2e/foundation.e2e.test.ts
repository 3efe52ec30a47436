import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statSync } from 'node:fs';
import { openBrowser, screenshot, signInThroughUi, startApp, type BrowserSession, type RunningApp } from './harness.ts';

let app: RunningApp;
let session: BrowserSession;

beforeAll(async () => {
  app = await startApp();
  session = await openBrowser();
});
afterAll(async () => {
  await session?.close();
  await app?.stop();
});

describe('a freshly started Canopy', () => {
  it('answers /api/health', async () => {
    const res = await fetch(`${app.url}/api/health`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'pglite' });
  });

  it('sends / to the login route with from=/projects/', async () => {
    const { page } = session;
    await page.goto(`${app.url}/`);
    await page.waitForURL((url) => url.pathname === '/login/');
    expect(new URL(page.url()).searchParams.get('from')).toBe('/projects/');
    await page.getByRole('heading', { name: 'Sign in to Canopy' }).waitFor();
    expect(await page.title()).toBe('Sign in | Canopy');
    expect(await page.locator('#app-root').getAttribute('class')).toContain('unauthenticated');
    const shot = await screenshot(page, 'foundation-login');
    expect(statSync(shot).size).toBeGreaterThan(5_000);
  });

  it('renders the content-not-found page for a signed-in user on an unknown path', async () => {
    const { page } = session;
    // Sign in as the seeded demo user through the real login form.
    await signInThroughUi(page, app.url, 'demo', 'canopy-demo');
    await page.goto(`${app.url}/this/does/not/exist`);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/this/does/not/exist');
    await screenshot(page, 'foundation-not-found');
  });

  it('loads without console errors or CSP violations', () => {
    expect(session.problems).toEqual([]);
  });
});
