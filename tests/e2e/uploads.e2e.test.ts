/**
 * Uploads in Chromium against the real server: sign in as the seeded demo user, open a project's
 * files page, upload a 20 MB file with the uploader while watching its progress bar, and see it
 * listed — and the 'Unable to upload' toast where the user may not change the project.
 *
 * The seeded demo project is read-only for everyone but superusers (docs/authorization.md), so the
 * upload itself goes to a project the demo user creates through the API first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { openBrowser, screenshot, startApp, type BrowserSession, type RunningApp } from './harness.ts';

let app: RunningApp;
let session: BrowserSession;
let token: string;

const MB = 1024 * 1024;

async function api<T>(path: string, init: RequestInit = {}): Promise<{ status: number; body: T }> {
  const headers = new Headers(init.headers);
  if (token) headers.set('authorization', `Bearer ${token}`);
  if (init.body) headers.set('content-type', 'application/json');
  const res = await fetch(`${app.url}${path}`, { ...init, headers });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

interface ProjectPage {
  results: Array<{ id: number; name: string }>;
}
interface UploadPage {
  results: Array<{ filename: string; size: number; sha256: string; format: string }>;
}

beforeAll(async () => {
  app = await startApp();
  session = await openBrowser();
  const created = await api<{ access: string }>('/authjwt/create/', {
    method: 'POST',
    body: JSON.stringify({ username: 'demo', password: 'canopy-demo' }),
  });
  expect(created.status).toBe(200);
  token = created.body.access;
  // The onboarding questionnaire and the end-user agreement are other tests' business: answer them here.
  await api('/api/user/questionnaire-answers', {
    method: 'POST',
    body: JSON.stringify({ role: 'Engineer', organisation_type: 'Engineering consultancy', intended_use: 'Pedestrian wind comfort' }),
  });
  const eula = await api<{ id?: number }>('/api/eula/');
  if (eula.body.id) await api(`/api/eula/${eula.body.id}/agreement`, { method: 'POST' });
  // Sign in through the real login form, as a user would.
  const { page } = session;
  await page.goto(`${app.url}/login/`);
  await page.getByLabel('Username').fill('demo');
  await page.getByLabel('Password').fill('canopy-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => url.pathname === '/projects/');
});
afterAll(async () => {
  await session?.close();
  await app?.stop();
});

describe('uploading in the browser', () => {
  it('offers no uploader on the read-only demo project, and says why (the server refuses it too)', async () => {
    const demos = await api<ProjectPage>('/api/project/?tab=demos');
    const demo = demos.body.results[0]!;
    expect((await api(`/api/project/${demo.id}/project-asset-upload-url/`)).status).toBe(403);
    const { page } = session;
    await page.goto(`${app.url}/projects/${demo.id}/files`);
    await page.getByRole('heading', { name: 'Stored files', exact: true }).waitFor();
    await page.getByText("You can read this project's files; adding files needs the right to change the project.").waitFor();
    expect(await page.getByTestId('file-input').count()).toBe(0);
  });

  it('uploads a 20 MB file with visible progress and lists it', async () => {
    const created = await api<{ id: number }>('/api/project/', {
      method: 'POST',
      body: JSON.stringify({ name: 'Upload test tower', location: 'Chicago', latitude: 41.98, longitude: -87.92 }),
    });
    expect(created.status).toBe(201);
    const projectId = created.body.id;
    const { page, context } = session;
    await page.goto(`${app.url}/projects/${projectId}/files`);
    await page.getByText('No files yet. Files you upload appear here.').waitFor();

    // Loopback is too fast to watch: hold uploads to 8 MB/s, so 20 MB takes about 2.5 s.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 8 * MB });

    const bytes = Buffer.alloc(20 * MB);
    for (let i = 0; i < bytes.length; i += 4) bytes.writeUInt32LE((i * 2654435761) >>> 0, i);
    await page.getByTestId('file-input').setInputFiles({ name: 'tower-scan.bin', mimeType: 'application/octet-stream', buffer: bytes });

    const bar = page.getByRole('progressbar', { name: 'Upload of tower-scan.bin' });
    await bar.waitFor();
    const seen: number[] = [];
    const started = Date.now();
    while (Date.now() - started < 60_000) {
      const value = Number(await bar.getAttribute('aria-valuenow'));
      if (seen.at(-1) !== value) seen.push(value);
      if (value === 100) break;
      await page.waitForTimeout(50);
    }
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    console.log(`progress seen: ${seen.join(' → ')}`);
    expect(seen.at(-1)).toBe(100);
    // Never backwards, and the steps of SPEC §9 in between (never above 80 before the server confirmed).
    expect(seen).toEqual([...seen].sort((a, b) => a - b));
    expect(seen.filter((v) => v > 0 && v < 100).length).toBeGreaterThan(0);
    expect(seen.filter((v) => v > 80 && v < 100)).toEqual([]);

    await page
      .getByRole('listitem', { name: 'tower-scan.bin' })
      .getByText(/Uploaded/)
      .waitFor();
    const table = page.getByRole('table', { name: 'Stored files' });
    await table.getByRole('cell', { name: 'tower-scan.bin' }).waitFor();
    await table.getByRole('cell', { name: '20 MB' }).waitFor();
    await screenshot(page, 'uploads-project-files');

    const listed = await api<UploadPage>(`/api/project/${projectId}/uploads/`);
    expect(listed.body.results).toEqual([
      expect.objectContaining({ filename: 'tower-scan.bin', size: 20 * MB, format: 'binary', sha256: createHash('sha256').update(bytes).digest('hex') }),
    ]);
  });

  it('had no page errors (the refused demo upload aside)', () => {
    const unexpected = session.problems.filter((p) => !/403 \(Forbidden\)/.test(p));
    expect(unexpected).toEqual([]);
  });
});
