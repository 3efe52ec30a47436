/**
 * Sign-in end to end in Chromium (SPEC §2's sign-in screens): sign up → sign in (questionnaire, agreement) → reload
 * keeps the session → an expired access token is refreshed silently (two tabs, one refresh) →
 * logout returns to login; password reset through the outbox link; one-time code; a forged SSO
 * callback fails. Access tokens live 4 s here so expiry happens inside the test.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openBrowser, screenshot, startApp, type BrowserSession, type RunningApp } from './harness.ts';

let app: RunningApp;
let session: BrowserSession;
const requests: string[] = [];

beforeAll(async () => {
  app = await startApp({ ACCESS_TOKEN_LIFETIME: '4', SEED_DEMO: 'false' });
  session = await openBrowser();
  session.context.on('request', (r) => {
    const u = new URL(r.url());
    if (!u.pathname.startsWith('/assets')) requests.push(`${r.method()} ${u.pathname}`);
  });
});
afterAll(async () => {
  await session?.close();
  await app?.stop();
});

/** Mails written to the outbox (quoted-printable soft breaks undone). */
function mails(): string[] {
  const outbox = join(app.dataDir, 'outbox');
  try {
    return readdirSync(outbox)
      .sort()
      .map((f) =>
        readFileSync(join(outbox, f), 'utf8')
          .replace(/=\r?\n/g, '')
          .replace(/=3D/g, '='),
      );
  } catch {
    return [];
  }
}

async function waitForMail(match: (mail: string) => boolean): Promise<string> {
  for (let i = 0; i < 50; i++) {
    const found = mails().filter(match).at(-1);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('no mail arrived');
}

const refreshCalls = () => requests.filter((r) => r === 'POST /authjwt/refresh/' || r === 'POST /authjwt/refresh').length;

describe('signing up, in and out', () => {
  it('signs up, showing a weak-password error next to the field, and is signed in at once: the questionnaire and the agreement follow', async () => {
    const { page } = session;
    await page.goto(`${app.url}/signup`);
    await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
    await page.getByRole('textbox', { name: 'Username' }).fill('ada');
    await page.getByRole('textbox', { name: 'E-mail' }).fill('ada@example.com');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('combobox', { name: 'Country' }).selectOption('CA');
    await page.getByRole('combobox', { name: 'Province or state' }).selectOption('CA-ON');
    await page.getByRole('button', { name: 'Create account' }).click();
    expect(await page.locator('#signup-password-errors').textContent({ timeout: 10_000 })).toMatch(/too short/i);
    expect(await page.getByRole('textbox', { name: 'Username' }).inputValue()).toBe('ada');
    await page.getByLabel('Password', { exact: true }).fill('a sturdy passphrase 42');
    await page.getByRole('button', { name: 'Create account' }).click();
    // No second sign-in: the new account goes straight to its first-sign-in steps.
    await page.getByRole('heading', { name: 'A few questions before you start' }).waitFor({ timeout: 15_000 });
    expect(await page.locator('#app-root').getAttribute('class')).toContain('unauthenticated');
    await page.getByRole('combobox', { name: 'Your role' }).selectOption('Engineer');
    await page.getByRole('combobox', { name: 'Organisation type' }).selectOption('Engineering consultancy');
    await page.getByRole('combobox', { name: 'What will you use Canopy for?' }).selectOption('Thermal comfort');
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL((u) => u.pathname === '/projects/', { timeout: 15_000 });
    const agree = page.getByRole('button', { name: 'I agree' });
    await agree.waitFor();
    await page.keyboard.press('Escape');
    expect(await agree.isVisible()).toBe(true); // the agreement blocks the app until agreed
    await agree.click();
    await agree.waitFor({ state: 'detached' });
    expect(await page.locator('#app-root').getAttribute('class')).toContain('authenticated');
    await screenshot(page, 'auth-signed-in');
  });

  it('signs out, and in again after a wrong password', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.pathname === '/login/');
    await page.getByLabel('Username').fill('ada');
    await page.getByLabel('Password', { exact: true }).fill('wrong password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    expect(await page.getByRole('alert').textContent()).toContain('No active account found with the given credentials');
    await page.getByLabel('Password', { exact: true }).fill('a sturdy passphrase 42');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/projects/', { timeout: 15_000 });
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    expect(await page.locator('#app-root').getAttribute('class')).toContain('authenticated');
  });

  it('keeps the session across a reload', async () => {
    const { page } = session;
    await page.reload();
    await page.waitForURL((u) => u.pathname === '/projects/');
    await page.getByRole('button', { name: 'User menu' }).waitFor();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('refreshes an expired access token silently, once for two tabs', async () => {
    const { page, context } = session;
    const before = JSON.parse((await page.evaluate(() => localStorage.getItem('canopy.auth')))!) as { auth_response: { refresh: string } };
    await page.waitForTimeout(5_000); // the 4 s access token expires
    const page2 = await context.newPage();
    try {
      const calls = refreshCalls();
      await Promise.all([page2.goto(`${app.url}/projects/`), page.reload()]);
      await page.getByRole('button', { name: 'User menu' }).waitFor();
      await page2.getByRole('button', { name: 'User menu' }).waitFor();
      await page.waitForTimeout(1_000);
      const after = JSON.parse((await page.evaluate(() => localStorage.getItem('canopy.auth')))!) as {
        status: string;
        auth_response: { refresh: string };
      };
      expect(after.status).toBe('AUTHENTICATED');
      expect(after.auth_response.refresh).not.toBe(before.auth_response.refresh);
      // One refresh normally: the second tab finds the first's tokens under the cross-tab lock. On a
      // busy machine Chromium can hand it the lock before the first tab's localStorage write reaches
      // it; then it refreshes too, with the same token, and the server's reuse grace answers it.
      // Either way neither tab is signed out (the unit tests pin the single flight itself).
      expect(refreshCalls() - calls).toBeGreaterThanOrEqual(1);
      expect(refreshCalls() - calls).toBeLessThanOrEqual(2);
      expect(new URL(page.url()).pathname).toBe('/projects/');
      expect(new URL(page2.url()).pathname).toBe('/projects/');
    } finally {
      // A second tab left open would hear every later sign-in and sign-out of this one.
      await page2.close();
    }
  });

  it('logs out back to login', async () => {
    const { page } = session;
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.pathname === '/login/');
    expect(await page.evaluate(() => localStorage.getItem('canopy.auth'))).not.toContain('AUTHENTICATED');
  });
});

describe('recovering access', () => {
  it('resets the password through the outbox link, once', async () => {
    const { page } = session;
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('textbox', { name: 'E-mail' }).fill('ada@example.com');
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('status').waitFor();
    const mail = await waitForMail((m) => m.includes('/password/reset/confirm/'));
    const path = new URL(/https?:\/\/\S+?\/password\/reset\/confirm\/[^\s"<>]+/.exec(mail)![0]).pathname;
    await page.goto(`${app.url}${path}`);
    await page.getByLabel('New password', { exact: true }).fill('another sturdy phrase 7');
    await page.getByRole('button', { name: 'Change password' }).click();
    await page.getByRole('heading', { name: 'Password changed' }).waitFor();
    await page.goto(`${app.url}${path}`);
    await page.getByLabel('New password', { exact: true }).fill('yet another sturdy 9');
    await page.getByRole('button', { name: 'Change password' }).click();
    expect(await page.getByRole('alert').textContent()).toMatch(/invalid|expired|used/i);
    await page.goto(`${app.url}/login/`);
    await page.getByLabel('Username').fill('ada');
    await page.getByLabel('Password', { exact: true }).fill('another sturdy phrase 7');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname === '/projects/', { timeout: 15_000 });
    await page.getByRole('button', { name: 'User menu' }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL((u) => u.pathname === '/login/');
  });

  it('signs in with a one-time code from the outbox', async () => {
    const { page } = session;
    await page.getByRole('link', { name: 'Sign in with a one-time code' }).click();
    await page.getByRole('textbox', { name: 'E-mail' }).fill('ada@example.com');
    await page.getByRole('button', { name: 'Send code' }).click();
    await page.waitForURL((u) => u.pathname === '/otp-login');
    const mail = await waitForMail((m) => /\b\d{6}\b/.test(m) && !m.includes('/password/reset/'));
    await page.getByRole('textbox', { name: 'Code' }).fill(/\b(\d{6})\b/.exec(mail)![1]!);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL((u) => u.pathname.startsWith('/projects'), { timeout: 15_000 });
  });

  it('refuses a forged single sign-on callback without calling the server', async () => {
    const { page } = session;
    await page.evaluate(() => localStorage.clear());
    const before = requests.filter((r) => r.startsWith('POST /autho')).length;
    await page.goto(`${app.url}/login/?code=x&state=forged`);
    await page.getByRole('alert').waitFor();
    expect(requests.filter((r) => r.startsWith('POST /autho')).length).toBe(before);
    expect(new URL(page.url()).pathname).toBe('/login/');
  });
});
