/** GET /api/project/{id}/uploads/ and …/uploads/{uploadId}/download/: listing and authorised downloads. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { grantUpload } from '../../../test/world-uploads.ts';
import { binaryStl, putBlob } from '../../../test/blob-helpers.ts';
import { projects } from '../../db/schema/index.ts';
import type { Upload, UploadPage } from '@canopy/contract/uploads.ts';

let t: TestContext;
let w: World;
let stl: Buffer;
let stlUpload: Upload;
let stlUuid: string;
/** Uploads the world already holds (other features' fixtures). */
let before: Upload[];

beforeAll(async () => {
  t = await createTestContext({ PUBLIC_URL: 'https://canopy.example.test' });
  w = await buildWorld(t.deps);
  before = (await list('?page_size=999', w.tokens.superuser)).results;
  const g = await grantUpload(t.deps, w.projectId, w.userIds.projectAdmin, 'assets');
  stlUuid = g.uuid;
  stl = binaryStl(3);
  expect((await putBlob(t, g, 'tower%20A.stl', stl)).status).toBe(201);
  t.clock.advance(1000);
  expect((await putBlob(t, g, 'wind.csv', 'dir,speed\n0,3.2\n')).status).toBe(201);
  const page = await list(`?uuid=${g.uuid}&kind=asset`, w.tokens.projectAdmin);
  stlUpload = page.results.find((u) => u.filename === 'tower A.stl')!;
});
afterAll(() => t.close());

async function list(query: string, token: string | undefined): Promise<UploadPage> {
  const res = await t.request(`/api/project/${w.projectId}/uploads/${query}`, { token });
  expect(res.status).toBe(200);
  return (await res.json()) as UploadPage;
}

describe('the upload list', () => {
  it('lists the project uploads newest first, in DRF pages, to anyone who may see the project', async () => {
    const page = await list('', w.tokens.colleague);
    expect(page.count).toBe(before.length + 2);
    expect(page.previous).toBeNull();
    expect(page.results.slice(0, 2).map((u) => u.filename)).toEqual(['wind.csv', 'tower A.stl']);
    expect(stlUpload).toEqual({
      id: expect.any(Number),
      uuid: stlUuid,
      kind: 'asset',
      container: 'assets',
      filename: 'tower A.stl',
      size: stl.length,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
      content_type: 'model/stl',
      format: 'stl-binary',
      uploaded_by: w.userIds.projectAdmin,
      uploaded_by_username: 'projadmin',
      uploaded_at: expect.any(String),
      download_url: `/api/project/${w.projectId}/uploads/${stlUpload.id}/download/`,
    });
  });

  it('pages with absolute links and stops with "Invalid page."', async () => {
    const all = await list('?page_size=999', w.tokens.colleague);
    const first = await list('?page_size=1', w.tokens.colleague);
    expect(first.results).toHaveLength(1);
    expect(first.next).toBe(`https://canopy.example.test/api/project/${w.projectId}/uploads/?page_size=1&page=2`);
    const names: string[] = [];
    for (let page = 1; page <= all.count; page++) names.push(...(await list(`?page_size=1&page=${page}`, w.tokens.colleague)).results.map((u) => u.filename));
    expect(names).toEqual(all.results.map((u) => u.filename));
    const past = await t.request(`/api/project/${w.projectId}/uploads/?page=${all.count + 1}&page_size=1`, { token: w.tokens.colleague });
    expect(past.status).toBe(404);
    expect(await past.json()).toEqual({ detail: 'Invalid page.' });
  });

  it('narrows to one upload URL with ?uuid= and to a kind with ?kind=', async () => {
    expect((await list(`?uuid=${stlUuid}`, w.tokens.colleague)).results.map((u) => u.filename)).toEqual(['wind.csv', 'tower A.stl']);
    const projectFiles = (await list('?kind=project-asset&page_size=999', w.tokens.colleague)).results;
    expect(projectFiles.map((u) => u.filename)).toContain('matrix.csv');
    expect(projectFiles.every((u) => u.kind === 'project-asset')).toBe(true);
    const assets = (await list('?kind=asset&page_size=999', w.tokens.colleague)).results;
    expect(assets.every((u) => u.kind === 'asset')).toBe(true);
    expect(assets.map((u) => u.filename)).toContain('tower A.stl');
    const bad = await t.request(`/api/project/${w.projectId}/uploads/?uuid=nope`, { token: w.tokens.colleague });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toHaveProperty('uuid');
  });

  it("hides the list from another company's user and a pending share (404)", async () => {
    for (const token of [w.tokens.otherCompany, w.tokens.pendingShare]) {
      expect((await t.request(`/api/project/${w.projectId}/uploads/`, { token })).status).toBe(404);
    }
  });
});

describe('downloads', () => {
  it('streams the bytes with the sniffed type and the name as an attachment', async () => {
    const res = await t.request(stlUpload.download_url, { token: w.tokens.colleague });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('model/stl');
    expect(res.headers.get('content-length')).toBe(String(stl.length));
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="tower A.stl"; filename*=UTF-8''tower%20A.stl`);
    expect(Buffer.from(await res.arrayBuffer())).toEqual(stl);
  });

  it('answers 404 for an upload of another project, even to a superuser asking through the wrong project', async () => {
    const [other] = await t.database.db.insert(projects).values({ name: 'Other', companyId: w.companyId }).returning({ id: projects.id });
    const res = await t.request(`/api/project/${other!.id}/uploads/${stlUpload.id}/download/`, { token: w.tokens.superuser });
    expect(res.status).toBe(404);
  });

  it("answers 404 to another company's user and 401 without a token", async () => {
    expect((await t.request(stlUpload.download_url, { token: w.tokens.otherCompany })).status).toBe(404);
    expect((await t.request(stlUpload.download_url)).status).toBe(401);
  });

  it('answers 404 when the blob has gone from the store', async () => {
    await t.deps.blobStore.delete({ container: 'assets', name: `${stlUuid}/wind.csv` });
    const page = await list(`?uuid=${stlUuid}`, w.tokens.colleague);
    const wind = page.results.find((u) => u.filename === 'wind.csv')!;
    expect((await t.request(wind.download_url, { token: w.tokens.colleague })).status).toBe(404);
  });
});
