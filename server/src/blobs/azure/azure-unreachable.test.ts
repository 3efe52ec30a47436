/**
 * The Azure store unreachable, through the API: requests that need it answer 503 naming
 * the store (with Retry-After), nothing half-written is left, and everything works again — without a
 * restart — when the store is back. Azurite behind the test's relay, cut and restored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { createUser, accessToken } from '../../../test/world.ts';
import { startAzurite, type Azurite } from '../../../test/azurite.ts';
import { companies, projects, uploadGrants, uploads } from '../../db/schema/index.ts';
import type { UploadPage, UploadUrl } from '@canopy/contract/uploads.ts';

let azurite: Azurite;
let t: TestContext;
let token: string;
let projectId: number;

beforeAll(async () => {
  azurite = await startAzurite();
  t = await createTestContext({ PUBLIC_URL: 'http://localhost', ...azurite.env() });
  const db = t.database.db;
  const [company] = await db.insert(companies).values({ name: 'Acme' }).returning({ id: companies.id });
  const userId = await createUser(db, { username: 'engineer', companyId: company!.id, role: 'Org Admin' });
  const [project] = await db.insert(projects).values({ name: 'Tower', companyId: company!.id, createdBy: userId }).returning({ id: projects.id });
  projectId = project!.id;
  token = await accessToken(t.deps, userId);
});
afterAll(async () => {
  await t?.close();
  await azurite?.stop();
});

async function uploadUrl(): Promise<Response> {
  return t.request(`/api/project/${projectId}/project-asset-upload-url/`, { token });
}

async function putToAzure(url: UploadUrl, filename: string, body: string): Promise<number> {
  const res = await fetch(`${url.container_url}/${url.uuid}/${filename}?${url.sas_token}`, { method: 'PUT', body, headers: { 'x-ms-blob-type': 'BlockBlob' } });
  await res.arrayBuffer();
  return res.status;
}

async function expectStoreUnavailable(res: Response): Promise<void> {
  expect(res.status).toBe(503);
  expect(res.headers.get('retry-after')).toBe('5');
  expect(await res.json()).toEqual({ detail: `The blob store (Azure Blob Storage at ${azurite.blobEndpoint}) cannot be reached. Try again shortly.` });
}

describe('an unreachable Azure store', () => {
  it('answers 503 naming the store, keeps nothing half-written, and recovers when the store is back', async () => {
    const url = (await (await uploadUrl()).json()) as UploadUrl;
    expect(await putToAzure(url, 'site.csv', 'a,b\n1,2\n')).toBe(201);
    const page = async () => t.request(`/api/project/${projectId}/uploads/?uuid=${url.uuid}`, { token });

    await azurite.cut();
    try {
      // Issuing an upload URL needs the store (its staging container), so does recording one.
      const grantsBefore = (await t.database.db.select().from(uploadGrants)).length;
      await expectStoreUnavailable(await uploadUrl());
      // No grant for a URL that was never handed out.
      expect(await t.database.db.select().from(uploadGrants)).toHaveLength(grantsBefore);
      await expectStoreUnavailable(await page());
      expect(await t.database.db.select().from(uploads).where(eq(uploads.uuid, url.uuid))).toEqual([]);
    } finally {
      await azurite.restore();
    }

    // Back: the file sent before the outage is recorded once, whole, and downloads.
    const res = await page();
    expect(res.status).toBe(200);
    const [file] = ((await res.json()) as UploadPage).results;
    expect(file).toMatchObject({ filename: 'site.csv', size: 8 });
    const download = await t.request(file!.download_url, { token });
    expect(await download.text()).toBe('a,b\n1,2\n');

    await azurite.cut();
    try {
      await expectStoreUnavailable(await t.request(file!.download_url, { token }));
    } finally {
      await azurite.restore();
    }
    expect((await uploadUrl()).status).toBe(200);
    expect(await t.database.db.select().from(uploads).where(eq(uploads.uuid, url.uuid))).toHaveLength(1);
  });
});
