/** GET …/asset-upload-url/ and …/project-asset-upload-url/: who gets a signed URL, and what it allows. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { accessToken, buildWorld, type World } from '../../../test/world.ts';
import { putBlob } from '../../../test/blob-helpers.ts';
import { uploadGrants, uploads } from '../../db/schema/index.ts';
import type { UploadUrl } from '@canopy/contract/uploads.ts';

let t: TestContext;
let w: World;
beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
});
afterAll(() => t.close());

async function uploadUrl(kind: 'asset' | 'project-asset', token: string | undefined, projectId = w.projectId) {
  return t.request(`/api/project/${projectId}/${kind}-upload-url/`, { token });
}

describe('upload URLs', () => {
  it('hands a user who may change the project {container_url, uuid, sas_token} in Azure SAS style', async () => {
    const res = await uploadUrl('project-asset', w.tokens.projectAdmin);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as UploadUrl;
    expect(Object.keys(body).sort()).toEqual(['container_url', 'sas_token', 'uuid']);
    expect(body.container_url).toBe('http://localhost/blobs/project-assets');
    expect(body.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    const sas = new URLSearchParams(body.sas_token);
    expect(sas.get('sp')).toBe('cw');
    expect(sas.get('sr')).toBe('d');
    expect(sas.get('sv')).toBeTruthy();
    expect(sas.get('sig')).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    const expiry = new Date(sas.get('se')!).getTime();
    expect(Math.abs(expiry - (t.clock.now().getTime() + 3600_000))).toBeLessThan(2000);
    const [grant] = await t.database.db.select().from(uploadGrants).where(eq(uploadGrants.uuid, body.uuid));
    expect(grant).toMatchObject({ projectId: w.projectId, container: 'project-assets', issuedTo: w.userIds.projectAdmin });
  });

  it('gives simulation assets their own container', async () => {
    const body = (await (await uploadUrl('asset', w.tokens.superuser)).json()) as UploadUrl;
    expect(body.container_url).toBe('http://localhost/blobs/assets');
  });

  it('issues a fresh uuid every time', async () => {
    const a = (await (await uploadUrl('asset', w.tokens.projectAdmin)).json()) as UploadUrl;
    const b = (await (await uploadUrl('asset', w.tokens.projectAdmin)).json()) as UploadUrl;
    expect(a.uuid).not.toBe(b.uuid);
  });

  it('works end to end: the URL it hands out takes a PUT, recorded for that user and project', async () => {
    const body = (await (await uploadUrl('project-asset', w.tokens.acceptedShare)).json()) as UploadUrl;
    const container = new URL(body.container_url).pathname.split('/').at(-1)!;
    const res = await putBlob(t, { container, uuid: body.uuid, sasToken: body.sas_token }, 'site.osm', '<?xml version="1.0"?>\n<osm version="0.6"></osm>');
    expect(res.status).toBe(201);
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.uuid, body.uuid));
    expect(row).toMatchObject({ projectId: w.projectId, uploadedBy: w.userIds.acceptedShare, format: 'osm-xml' });
  });

  it("refuses another company's user as if the project did not exist (404), and issues nothing", async () => {
    const before = await t.database.db.select().from(uploadGrants);
    for (const kind of ['asset', 'project-asset'] as const) {
      const res = await uploadUrl(kind, w.tokens.otherCompany);
      expect(res.status).toBe(404);
      expect(await res.json()).toEqual({ detail: 'Not found.' });
    }
    expect(await t.database.db.select().from(uploadGrants)).toHaveLength(before.length);
  });

  it('refuses a colleague who may only read the project (403) and a pending share (404)', async () => {
    expect((await uploadUrl('project-asset', w.tokens.colleague)).status).toBe(403);
    expect((await uploadUrl('project-asset', w.tokens.pendingShare)).status).toBe(404);
  });

  it('asks anonymous callers to sign in, and answers 404 for unknown or malformed project ids', async () => {
    expect((await uploadUrl('asset', undefined)).status).toBe(401);
    expect((await uploadUrl('asset', w.tokens.superuser, 999_999)).status).toBe(404);
    expect((await t.request('/api/project/abc/asset-upload-url/', { token: w.tokens.superuser })).status).toBe(404);
  });

  it('prunes expired grants when it issues new ones', async () => {
    const old = (await (await uploadUrl('asset', w.tokens.projectAdmin)).json()) as UploadUrl;
    t.clock.advance(2 * 3600_000);
    try {
      // The world's tokens have expired too by now: a fresh one.
      expect((await uploadUrl('asset', await accessToken(t.deps, w.userIds.projectAdmin))).status).toBe(200);
      expect(await t.database.db.select().from(uploadGrants).where(eq(uploadGrants.uuid, old.uuid))).toEqual([]);
    } finally {
      t.clock.advance(-2 * 3600_000);
    }
  });

  it('names the public URL in container_url when PUBLIC_URL is set', async () => {
    const other = await createTestContext({ PUBLIC_URL: 'https://canopy.example.test' });
    try {
      const world = await buildWorld(other.deps);
      const res = await other.request(`/api/project/${world.projectId}/asset-upload-url/`, { token: world.tokens.superuser });
      expect(((await res.json()) as UploadUrl).container_url).toBe('https://canopy.example.test/blobs/assets');
    } finally {
      await other.close();
    }
  });
});
