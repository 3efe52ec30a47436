/**
 * Share links and the view in the address in a real browser. The demo user makes and
 * publishes an insight with a captured view, opens Share, makes a password link that a client site
 * may embed, and copies its address; a visitor without an account opens it in a separate browser
 * context, is refused with a wrong password and reads the insight with the right one, its saved view
 * drawn in the read-only 3D viewer; the owner changes the sites that may embed it; the embed page's
 * frame-ancestors are the sites set; a partner's page on another origin frames it, the password
 * form shows inside the frame and then the insight with its 3D view, while a page on an origin not
 * listed is refused by the browser; revoked, the link shows nothing. Then the viewer's state in the address: an address with split view and a theme opens that
 * view, a change is written to the address (the second pane's under its own keys), Back returns to
 * the view before, a copied address opens the same camera and second pane in another tab, and a
 * malformed address shows the default view with a notice.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createFixtureProject } from './fixture-project.ts';
import { openBrowser, screenshot, signInThroughUi, startApp, type BrowserSession, type RunningApp } from './harness.ts';

const TITLE = 'Plaza seating is too windy in winter';
const PASSWORD = 'plaza-is-windy';

let app: RunningApp;
let session: BrowserSession;
let projectId: number;
let studyId: number;
let configurationId: number;
let simulationId: number;

/**
 * A site of its own that frames whatever `/embed/…` address its path names. It listens on
 * 127.0.0.2, another origin than the app's 127.0.0.1 and still on this machine: a page served from
 * a public-looking origin (https://client.example by request interception) may not frame a
 * loopback address at all — Chromium refuses it before any request (Local Network Access,
 * net::ERR_BLOCKED_BY_LOCAL_NETWORK_ACCESS_CHECKS), which is the browser guarding the local network,
 * not the embed page's headers.
 */
async function framingSite(appUrl: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.end(
      `<!doctype html><title>Partner site</title><h1>Our plaza study</h1><iframe title="Canopy insight" width="1000" height="760" src="${appUrl}${req.url}"></iframe>`,
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.2', resolve));
  return { origin: `http://127.0.0.2:${(server.address() as AddressInfo).port}`, server };
}

let partner: { origin: string; server: Server };
let stranger: { origin: string; server: Server };

beforeAll(async () => {
  app = await startApp({ EXTERNAL_ANALYSES: 'pedestrian_wind_comfort:CFD' });
  session = await openBrowser();
  // The first sign-up of an installation becomes its operator: someone else takes that seat.
  const operator = { username: 'operator-e2e', email: 'operator-e2e@example.test', password: 'the operator passphrase 7' };
  expect(
    (await fetch(`${app.url}/authusers/`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(operator) })).status,
  ).toBe(201);
  const res = await fetch(`${app.url}/authjwt/create/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'demo', password: 'canopy-demo' }),
  });
  const ownerToken = ((await res.json()) as { access: string }).access;
  ({ projectId, studyId, configurationId, simulationId } = await createFixtureProject(app.url, ownerToken, 'Share links e2e'));
  partner = await framingSite(app.url);
  stranger = await framingSite(app.url);
}, 300_000);

/** The first pane's picture (the pointer moved off the model first: a hovered layer is outlined). */
async function paneShot(page: Page): Promise<string> {
  await page.mouse.move(5, 400);
  await page.waitForTimeout(1000);
  return (await page.locator('[data-testid="viewer-pane-1"] canvas').screenshot()).toString('base64');
}

/** How far apart two pictures are: mean absolute difference of their colours, 0 (same) to 1. */
function difference(page: Page, a: string, b: string): Promise<number> {
  return page.evaluate(
    async ([first, second]) => {
      const load = (data: string) =>
        new Promise<HTMLImageElement>((resolve, reject) => {
          const image = new Image();
          image.onload = () => resolve(image);
          image.onerror = reject;
          image.src = `data:image/png;base64,${data}`;
        });
      const [x, y] = await Promise.all([load(first), load(second)]);
      const w = Math.min(x.width, y.width);
      const h = Math.min(x.height, y.height);
      const canvas = document.createElement('canvas');
      canvas.width = w;
      canvas.height = h;
      const g = canvas.getContext('2d')!;
      g.drawImage(x, 0, 0);
      const p = g.getImageData(0, 0, w, h).data;
      g.clearRect(0, 0, w, h);
      g.drawImage(y, 0, 0);
      const q = g.getImageData(0, 0, w, h).data;
      let sum = 0;
      for (let i = 0; i < p.length; i += 4) sum += Math.abs(p[i]! - q[i]!) + Math.abs(p[i + 1]! - q[i + 1]!) + Math.abs(p[i + 2]! - q[i + 2]!);
      return sum / (w * h * 3 * 255);
    },
    [a, b] as const,
  );
}

afterAll(async () => {
  partner?.server.close();
  stranger?.server.close();
  await session?.close();
  await app?.stop();
});

describe('share links', () => {
  it('an owner shares a published insight with a password; a visitor reads it; revoked, it shows nothing', async () => {
    const { page, browser } = session;
    await signInThroughUi(page, app.url, 'demo', 'canopy-demo');
    await page.goto(`${app.url}/projects/${projectId}/viewer/${studyId}/configuration/${configurationId}/Insights?simulation=${simulationId}`);
    await page.locator('[data-testid="viewer-pane-1"] canvas').waitFor({ timeout: 60_000 });
    const panel = page.getByRole('region', { name: 'Insights' });
    await panel.getByLabel('New insight').fill(TITLE);
    await panel.getByRole('button', { name: 'Add insight' }).click();
    await panel.getByRole('listitem', { name: TITLE }).waitFor({ timeout: 20_000 });
    await panel.getByRole('button', { name: TITLE, exact: true }).click();
    await page.waitForTimeout(3000);
    await panel.getByRole('button', { name: 'Save view' }).click();
    await page.waitForTimeout(3000);
    await panel.getByRole('listitem', { name: TITLE }).getByRole('checkbox', { name: 'Published' }).click();

    // Share: a password link that the client's site may embed.
    await panel.getByRole('button', { name: 'Share' }).click({ timeout: 20_000 });
    const share = page.getByRole('region', { name: 'Share links' });
    await share.getByLabel('Password (optional)').fill(PASSWORD);
    await share.getByLabel('Sites that may embed it (optional)').fill('https://client.example');
    await share.getByRole('button', { name: 'Create link' }).click();
    const made = share.getByRole('status', { name: 'New link' });
    await made.waitFor({ timeout: 20_000 });
    const address = (await made.locator('code').first().textContent())!.trim();
    expect(address).toMatch(new RegExp(`^${app.url}/shared/[A-Za-z0-9_-]{43}$`));
    await expect.poll(() => made.getByLabel('Embed snippet').textContent()).toContain('/embed/');
    await share
      .getByRole('list', { name: 'Live links' })
      .getByText(/password · never opened/)
      .waitFor();
    await screenshot(page, 'share-links-panel');

    // A visitor without an account, in a browser context of their own.
    const visitor = await (await browser.newContext({ viewport: { width: 1100, height: 900 } })).newPage();
    await visitor.goto(address);
    await visitor.getByRole('heading', { name: 'This insight is protected' }).waitFor({ timeout: 30_000 });
    await visitor.getByLabel('Password').fill('plaza-is-calm');
    await visitor.getByRole('button', { name: 'Open' }).click();
    await visitor.getByText('The password is incorrect.').waitFor();
    await visitor.getByLabel('Password').fill(PASSWORD);
    // the 3D view's layers are read through the link's own route once the link opens
    const layerRead = visitor.waitForResponse((r) => r.url().includes(`/layer/`) && r.url().includes('access=') && r.status() === 200, { timeout: 90_000 });
    await visitor.getByRole('button', { name: 'Open' }).click();
    const article = visitor.getByRole('article', { name: 'Shared insight' });
    await article.getByRole('heading', { name: TITLE }).waitFor({ timeout: 30_000 });
    // the captured view (an <img>) loads through the link's own file route
    const image = article.locator('img').first();
    await expect.poll(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth), { timeout: 20_000 }).toBeGreaterThan(100);
    expect(await visitor.getByRole('button', { name: /edit|delete|save/i }).count()).toBe(0);
    // the saved view in the read-only 3D viewer, its layers read through the link
    const scene = article.getByRole('region', { name: `3D view: ${TITLE}` });
    await scene.locator('canvas').waitFor({ timeout: 60_000 });
    await layerRead;
    await visitor.waitForTimeout(4000);
    expect(await scene.getByRole('alert').count()).toBe(0);
    await screenshot(visitor, 'shared-insight');

    // The owner changes the sites that may embed it: a bad one is named, then both sites are saved.
    const token = address.split('/').at(-1)!;
    await share.getByRole('button', { name: 'Embedding sites' }).click();
    const sites = share.getByRole('form', { name: /^Embedding sites of the link/ });
    const sitesField = sites.getByLabel('Sites that may embed it (none: it cannot be embedded)');
    await sitesField.fill('client.example');
    await sites.getByRole('button', { name: 'Save sites' }).click();
    await sites.getByText('Enter an origin such as https://example.com.').waitFor({ timeout: 20_000 });
    await screenshot(page, 'share-links-sites-error');
    await sitesField.fill(`https://client.example ${partner.origin}`);
    await sites.getByRole('button', { name: 'Save sites' }).click();
    await share.getByText('Embedding sites saved.').waitFor({ timeout: 20_000 });
    await share.getByText(`embeddable in https://client.example, ${partner.origin}`, { exact: false }).waitFor();

    // The embed page may be framed by those sites only.
    const embed = await fetch(`${app.url}/embed/${token}`);
    expect(embed.headers.get('content-security-policy')).toContain(`frame-ancestors https://client.example ${partner.origin}`);
    expect(embed.headers.get('x-frame-options')).toBeNull();

    // The partner's page frames it: the password form inside the frame, then the insight and its 3D
    // view. The frame is a third party to the browser, which denies it storage: the page runs anyway.
    const reader = await (await browser.newContext({ viewport: { width: 1100, height: 900 } })).newPage();
    const frameProblems: string[] = [];
    reader.on('console', (msg) => {
      if (msg.type() === 'error') frameProblems.push(msg.text());
    });
    await reader.goto(`${partner.origin}/embed/${token}`);
    const framed = reader.frameLocator('iframe[title="Canopy insight"]');
    await framed.getByRole('heading', { name: 'This insight is protected' }).waitFor({ timeout: 30_000 });
    await screenshot(reader, 'embedded-insight-password');
    await framed.getByLabel('Password').fill(PASSWORD);
    const framedLayer = reader.waitForResponse((r) => r.url().includes('/layer/') && r.url().includes('access=') && r.status() === 200, { timeout: 90_000 });
    await framed.getByRole('button', { name: 'Open' }).click();
    const embedded = framed.getByRole('article', { name: 'Shared insight' });
    await embedded.getByRole('heading', { name: TITLE }).waitFor({ timeout: 30_000 });
    await embedded
      .getByRole('region', { name: `3D view: ${TITLE}` })
      .locator('canvas')
      .waitFor({ timeout: 60_000 });
    await framedLayer;
    await reader.waitForTimeout(4000);
    expect(await embedded.getByRole('alert').count()).toBe(0);
    expect(frameProblems).toEqual([]);
    await screenshot(reader, 'embedded-insight');

    // A site not listed: the browser refuses to show the page in its frame, naming the policy.
    const refused = reader.waitForEvent('console', { predicate: (msg) => msg.text().includes('frame-ancestors'), timeout: 30_000 });
    await reader.goto(`${stranger.origin}/embed/${token}`);
    expect((await refused).text()).toMatch(
      /violates the following Content Security Policy directive: "frame-ancestors https:\/\/client\.example http:\/\/127\.0\.0\.2:\d+"/,
    );
    await reader.waitForTimeout(2000);
    expect(await framed.getByRole('heading').count()).toBe(0);
    expect(await framed.getByRole('article').count()).toBe(0);
    await screenshot(reader, 'embedded-insight-refused');
    await reader.close();

    // The owner sees the use and revokes the link; the visitor then sees nothing of it.
    await share.getByRole('button', { name: 'Done' }).click();
    await panel.getByRole('button', { name: 'Share' }).click();
    await panel.getByRole('button', { name: 'Share' }).click();
    await share
      .getByRole('list', { name: 'Live links' })
      .getByText(/last opened/)
      .waitFor({ timeout: 20_000 });
    await share.getByRole('button', { name: 'Revoke' }).click();
    await page.getByRole('dialog', { name: 'Revoke share link?' }).getByRole('button', { name: 'Revoke' }).click();
    await share.getByText('Share link revoked.').waitFor();
    await visitor.reload();
    await visitor.getByRole('heading', { name: 'This link is not available' }).waitFor({ timeout: 30_000 });
    expect(await visitor.getByText(TITLE).count()).toBe(0);
    await screenshot(visitor, 'shared-insight-revoked');
  }, 360_000);

  it('opens the view an address names, writes changes to the address, and Back returns to the view before', async () => {
    const { page } = session;
    const viewer = `${app.url}/projects/${projectId}/viewer/${studyId}/configuration/${configurationId}/Viewer`;
    await page.goto(`${viewer}?simulation=${simulationId}&split=1&theme=dark`);
    await page.getByRole('region', { name: 'Viewer 2' }).waitFor({ timeout: 60_000 });
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Viewer 1 theme' }).inputValue(), { timeout: 20_000, message: 'the opened address shows its theme' })
      .toBe('dark');
    await screenshot(page, 'view-in-address-opened');
    // the viewer's own report of the view fills in its layers
    await expect.poll(() => new URL(page.url()).searchParams.get('layers'), { timeout: 20_000 }).not.toBeNull();
    await page.getByRole('combobox', { name: 'Viewer 1 theme' }).selectOption('light');
    await expect.poll(() => new URL(page.url()).searchParams.get('theme'), { timeout: 20_000 }).toBe('light');
    expect(new URL(page.url()).searchParams.get('simulation')).toBe(String(simulationId));
    // the second pane's own theme goes under its own key
    await page.getByRole('combobox', { name: 'Viewer 2 theme' }).selectOption('geometry');
    await expect.poll(() => new URL(page.url()).searchParams.get('b.theme'), { timeout: 20_000 }).toBe('geometry');
    expect(new URL(page.url()).searchParams.get('theme')).toBe('light');
    const twoPanes = page.url();
    await page.goBack();
    await expect.poll(() => page.getByRole('combobox', { name: 'Viewer 2 theme' }).inputValue(), { timeout: 20_000 }).toBe('default');
    expect(await page.getByRole('combobox', { name: 'Viewer 1 theme' }).inputValue()).toBe('light');
    // copied, the address with both panes opens both panes' views
    const second = await session.context.newPage();
    await second.goto(twoPanes);
    await second.getByRole('region', { name: 'Viewer 2' }).waitFor({ timeout: 60_000 });
    await expect.poll(() => second.getByRole('combobox', { name: 'Viewer 2 theme' }).inputValue(), { timeout: 20_000 }).toBe('geometry');
    expect(await second.getByRole('combobox', { name: 'Viewer 1 theme' }).inputValue()).toBe('light');
    await second.waitForTimeout(3000);
    await screenshot(second, 'view-in-address-two-panes');
    await second.close();
    // the theme picked after opening was a step of its own: Back returns to the view opened
    await page.goBack();
    await expect
      .poll(() => page.getByRole('combobox', { name: 'Viewer 1 theme' }).inputValue(), { timeout: 20_000, message: 'Back returns to the opened view' })
      .toBe('dark');
    // a camera move is written to the address; the copied address opens the same camera in another tab
    const canvas = page.locator('[data-testid="viewer-pane-1"] canvas');
    const before = await paneShot(page);
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.5);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width * 0.5 + 150, box.y + box.height * 0.5 + 40, { steps: 10 });
    await page.mouse.up();
    await expect.poll(() => new URL(page.url()).searchParams.get('cam'), { timeout: 20_000 }).not.toBeNull();
    await page.waitForTimeout(1000);
    const copied = page.url();
    const colleague = await session.context.newPage();
    await colleague.goto(copied);
    await colleague.locator('[data-testid="viewer-pane-1"] canvas').waitFor({ timeout: 60_000 });
    await colleague.waitForTimeout(4000);
    expect(new URL(colleague.url()).searchParams.get('cam')).toBe(new URL(copied).searchParams.get('cam'));
    // and the colleague sees the moved view, not the default one
    const moved = await paneShot(page);
    const opened = await paneShot(colleague);
    const apart = await difference(page, before, moved);
    expect(apart).toBeGreaterThan(0.02);
    expect(await difference(page, moved, opened)).toBeLessThan(apart / 3);
    await screenshot(page, 'view-in-address-moved');
    await screenshot(colleague, 'view-in-address-copied');
    await colleague.close();

    // a malformed address: the default view, and a notice
    await page.goto(`${viewer}?simulation=${simulationId}&theme=neon`);
    await page.getByText(/The view in this address could not be read/).waitFor({ timeout: 60_000 });
    await screenshot(page, 'view-in-address-malformed');
  }, 180_000);
});
