/**
 * The upload contract, one suite on both stores: the embedded store, whose own
 * /blobs/ route takes the PUT, and BLOB_STORE=azure on Azurite, where the browser PUTs straight to
 * the storage account and the server records the files when the client reports the upload done
 * (GET …/uploads/?uuid=). Whatever the store, a client holding an upload URL from the API:
 *
 * - stores a file with a good PUT, recorded against the project and the user the URL was issued to;
 * - is refused (403, nothing kept) with a tampered, expired, missing or read-only signature;
 * - cannot keep a file over UPLOAD_MAX_BYTES (413 at the PUT on the local store, at the report on Azure);
 * - cannot write, nor have recorded, anything under another upload's uuid or for another project.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { binaryStl, sha256 } from '../../../test/blob-helpers.ts';
import { startAzurite, type Azurite } from '../../../test/azurite.ts';
import { projectAdministrators, projects, uploads } from '../../db/schema/index.ts';
import type { Upload, UploadPage, UploadUrl } from '@canopy/contract/uploads.ts';

const LIMIT = 64 * 1024;
let azurite: Azurite;

beforeAll(async () => {
  azurite = await startAzurite();
});
afterAll(async () => {
  await azurite?.stop();
});

interface PutAnswer {
  status: number;
  code: string | null;
}

describe.each(['local', 'azure'] as const)('uploads on the %s store', (kind) => {
  let t: TestContext;
  let w: World;
  let otherProjectId: number;

  beforeAll(async () => {
    t = await createTestContext({ PUBLIC_URL: 'http://localhost', ...(kind === 'azure' ? azurite.env() : {}) });
    w = await buildWorld(t.deps);
    // A small limit for these tests only, set after the world stored its (larger) fixture files.
    t.deps.config.UPLOAD_MAX_BYTES = LIMIT;
    // A second project the same engineer may change.
    const [other] = await t.database.db
      .insert(projects)
      .values({ name: 'Second', companyId: w.companyId, createdBy: w.ownerId })
      .returning({ id: projects.id });
    otherProjectId = other!.id;
    await t.database.db.insert(projectAdministrators).values({ projectId: otherProjectId, userId: w.userIds.projectAdmin, addedBy: w.ownerId });
  });
  afterAll(() => t?.close());

  async function uploadUrl(projectId = w.projectId): Promise<UploadUrl> {
    const res = await t.request(`/api/project/${projectId}/project-asset-upload-url/`, { token: w.tokens.projectAdmin });
    expect(res.status).toBe(200);
    return (await res.json()) as UploadUrl;
  }

  /** The browser's PUT: to this server's /blobs/ route (local), or to the storage account (Azure). */
  async function put(url: UploadUrl, filename: string, body: Uint8Array | string, options: { sas?: string | null; uuid?: string } = {}): Promise<PutAnswer> {
    const sas = options.sas === undefined ? url.sas_token : options.sas;
    const target = `${url.container_url}/${options.uuid ?? url.uuid}/${filename}${sas === null ? '' : `?${sas}`}`;
    const init = { method: 'PUT', body: typeof body === 'string' ? body : new Uint8Array(body), headers: { 'x-ms-blob-type': 'BlockBlob' } };
    const res = kind === 'local' ? await t.request(new URL(target).pathname + new URL(target).search, init) : await fetch(target, init);
    const text = await res.text();
    return { status: res.status, code: res.headers.get('x-ms-error-code') ?? /<Code>([^<]+)<\/Code>/.exec(text)?.[1] ?? null };
  }

  /** The client's report that the upload is done: its check that the server has a record of it. */
  async function report(uuid: string, projectId = w.projectId): Promise<Response> {
    return t.request(`/api/project/${projectId}/uploads/?uuid=${uuid}`, { token: w.tokens.projectAdmin });
  }

  async function recorded(uuid: string, projectId = w.projectId): Promise<Upload[]> {
    const res = await report(uuid, projectId);
    expect(res.status).toBe(200);
    return ((await res.json()) as UploadPage).results;
  }

  /** What the store holds under a uuid in the real (not staging) container. */
  async function stored(uuid: string): Promise<string[]> {
    const names: string[] = [];
    for await (const blob of t.deps.blobStore.list('project-assets', `${uuid}/`)) names.push(blob.name);
    return names.sort();
  }

  /**
   * The codes a refusal may carry. Azure itself answers AuthenticationFailed (bad signature) or
   * AuthorizationPermissionMismatch (permission); Azurite answers every refused SAS with AuthorizationFailure.
   */
  function refusalCodes(codes: string[]): string[] {
    return kind === 'azure' ? [...codes, 'AuthorizationFailure'] : codes;
  }

  async function rows(uuid: string) {
    return t.database.db.select().from(uploads).where(eq(uploads.uuid, uuid));
  }

  it('hands out a URL on the right service: this server, or the storage account with a container SAS (create and write only)', async () => {
    const url = await uploadUrl();
    const sas = new URLSearchParams(url.sas_token);
    expect(sas.get('sp')).toBe('cw');
    expect(sas.get('sig')).toBeTruthy();
    expect(new Date(sas.get('se')!).getTime()).toBeGreaterThan(Date.now() + 59 * 60_000);
    if (kind === 'local') expect(url.container_url).toBe('http://localhost/blobs/project-assets');
    else {
      expect(url.container_url).toBe(`${azurite.blobEndpoint}/${t.config.AZURE_STORAGE_CONTAINER_PREFIX}upload-${url.uuid}`);
      expect(sas.get('sr')).toBe('c');
    }
  });

  it('stores a good PUT, recorded for the project and the uploader, and downloads it through the API', async () => {
    const url = await uploadUrl();
    const stl = binaryStl(20);
    expect(await put(url, 'tower%20A.stl', stl)).toMatchObject({ status: 201 });
    expect(await put(url, 'wind.csv', 'dir,speed\n0,3.2\n')).toMatchObject({ status: 201 });
    const files = await recorded(url.uuid);
    expect(files.map((f) => f.filename).sort()).toEqual(['tower A.stl', 'wind.csv']);
    const tower = files.find((f) => f.filename === 'tower A.stl')!;
    expect(tower).toMatchObject({
      size: stl.length,
      sha256: sha256(stl),
      format: 'stl-binary',
      content_type: 'model/stl',
      uploaded_by: w.userIds.projectAdmin,
    });
    expect(await stored(url.uuid)).toEqual([`${url.uuid}/tower A.stl`, `${url.uuid}/wind.csv`]);
    const download = await t.request(tower.download_url, { token: w.tokens.colleague });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-length')).toBe(String(stl.length));
    expect(Buffer.from(await download.arrayBuffer()).equals(stl)).toBe(true);
    // Reported again (a retried check, another API process): the same records, not new ones.
    expect((await recorded(url.uuid)).map((f) => f.id).sort()).toEqual(files.map((f) => f.id).sort());
    expect(await rows(url.uuid)).toHaveLength(2);
  });

  it('records a file once when two reports race (two API processes)', async () => {
    const url = await uploadUrl();
    expect(await put(url, 'race.csv', 'a,b\n1,2\n')).toMatchObject({ status: 201 });
    const answers = await Promise.all([report(url.uuid), report(url.uuid), report(url.uuid)]);
    expect(
      answers.map((r) => r.status),
      (await Promise.all(answers.map((r) => r.clone().text()))).join('\n'),
    ).toEqual([200, 200, 200]);
    expect(await rows(url.uuid)).toHaveLength(1);
    expect(await stored(url.uuid)).toEqual([`${url.uuid}/race.csv`]);
  });

  it('a rewrite under the same URL replaces the file and its record', async () => {
    const url = await uploadUrl();
    expect(await put(url, 'notes.csv', 'a,b\n1,2\n')).toMatchObject({ status: 201 });
    await recorded(url.uuid);
    expect(await put(url, 'notes.csv', 'a,b,c\n1,2,3\n')).toMatchObject({ status: 201 });
    const [file] = await recorded(url.uuid);
    expect(file).toMatchObject({ filename: 'notes.csv', size: 12, sha256: sha256(Buffer.from('a,b,c\n1,2,3\n')) });
    expect(await rows(url.uuid)).toHaveLength(1);
  });

  describe('refused signatures: 403, nothing kept', () => {
    async function refusedAndNothingKept(url: UploadUrl, answer: PutAnswer, codes: string[]) {
      expect(answer.status).toBe(403);
      expect(refusalCodes(codes)).toContain(answer.code);
      expect(await recorded(url.uuid)).toEqual([]);
      expect(await stored(url.uuid)).toEqual([]);
    }

    it('a tampered signature', async () => {
      const url = await uploadUrl();
      const sas = new URLSearchParams(url.sas_token);
      const sig = Buffer.from(sas.get('sig')!, 'base64');
      sig[0]! ^= 1;
      sas.set('sig', sig.toString('base64'));
      await refusedAndNothingKept(url, await put(url, 'a.csv', 'a,b\n', { sas: sas.toString() }), ['AuthenticationFailed']);
    });

    it('a signed field changed after signing (wider permissions)', async () => {
      const url = await uploadUrl();
      await refusedAndNothingKept(url, await put(url, 'a.csv', 'a,b\n', { sas: url.sas_token.replace('sp=cw', 'sp=racwdl') }), ['AuthenticationFailed']);
    });

    it('an expired signature', async () => {
      const url = await uploadUrl();
      // Signed by the store itself, as it signs every upload URL, but with an expiry already past.
      const expired = await t.deps.blobStore.createUploadUrl({
        container: 'project-assets',
        prefix: url.uuid,
        permissions: ['c', 'w'],
        expiresOn: new Date(Date.now() - 60_000),
        origin: 'http://localhost',
      });
      await refusedAndNothingKept(url, await put(url, 'late.csv', 'a,b\n', { sas: expired.sasToken }), ['AuthenticationFailed']);
    });

    it('a missing signature', async () => {
      const url = await uploadUrl();
      await refusedAndNothingKept(url, await put(url, 'a.csv', 'a,b\n', { sas: null }), ['AuthenticationFailed', 'NoAuthenticationInformation']);
    });

    it('a read-only signature', async () => {
      const url = await uploadUrl();
      const readOnly = await t.deps.blobStore.createUploadUrl({
        container: 'project-assets',
        prefix: url.uuid,
        permissions: ['r'],
        expiresOn: new Date(Date.now() + 60_000),
        origin: 'http://localhost',
      });
      await refusedAndNothingKept(url, await put(url, 'a.csv', 'a,b\n', { sas: readOnly.sasToken }), ['AuthorizationPermissionMismatch']);
    });
  });

  describe('size limit (UPLOAD_MAX_BYTES)', () => {
    it('does not keep a file over the limit: 413 at the PUT (local) or when the upload is reported done (Azure)', async () => {
      const url = await uploadUrl();
      const answer = await put(url, 'big.bin', new Uint8Array(LIMIT + 1));
      if (kind === 'local') {
        expect(answer).toEqual({ status: 413, code: 'RequestBodyTooLarge' });
        expect(await recorded(url.uuid)).toEqual([]);
      } else {
        // The storage account cannot cap a PUT: the server refuses the file when it collects it.
        expect(answer.status).toBe(201);
        const res = await report(url.uuid);
        expect(res.status).toBe(413);
        expect(((await res.json()) as { detail: string }).detail).toBe(
          `big.bin is ${LIMIT + 1} bytes, over the upload limit of ${LIMIT} bytes; it was not kept.`,
        );
        // Dropped from staging: reported again, nothing is left to refuse.
        expect(await recorded(url.uuid)).toEqual([]);
      }
      expect(await rows(url.uuid)).toEqual([]);
      expect(await stored(url.uuid)).toEqual([]);
    });

    it('keeps a file of exactly the limit, and the files beside a refused one', async () => {
      const url = await uploadUrl();
      expect(await put(url, 'edge.bin', new Uint8Array(LIMIT))).toMatchObject({ status: 201 });
      expect((await recorded(url.uuid)).map((f) => [f.filename, f.size])).toEqual([['edge.bin', LIMIT]]);
    });
  });

  describe('one upload cannot write or be recorded under another', () => {
    it("refuses a PUT under another upload's uuid with this upload's signature", async () => {
      const mine = await uploadUrl();
      const theirs = await uploadUrl();
      // The path another uuid's URL would use (Azure: the other staging container) with my signature.
      const target = { ...mine, container_url: theirs.container_url };
      const answer = await put(target, 'a.csv', 'a,b\n', { uuid: theirs.uuid });
      expect(answer.status).toBe(403);
      expect(refusalCodes(['AuthorizationPermissionMismatch', 'AuthenticationFailed'])).toContain(answer.code);
      expect(await recorded(theirs.uuid)).toEqual([]);
      expect(await stored(theirs.uuid)).toEqual([]);
    });

    it("never records a file its client named under another upload's uuid", async () => {
      const mine = await uploadUrl();
      const theirs = await uploadUrl();
      // "{theirs}/x.csv" inside my area: a deeper name than the contract allows.
      const answer = await put(mine, `${theirs.uuid}%2Fx.csv`, 'a,b\n', { uuid: mine.uuid });
      if (kind === 'local') expect(answer).toEqual({ status: 403, code: 'AuthorizationPermissionMismatch' });
      // Azure: my own staging container takes any name, "{mine}/{theirs}/x.csv" or "{theirs}/x.csv"…
      if (kind === 'azure') expect(answer.status).toBe(201);
      const bare = await put({ ...mine }, 'x.csv', 'a,b\n', { uuid: theirs.uuid, sas: mine.sas_token });
      if (kind === 'local') expect(bare.status).toBe(403);
      // …but neither upload records it, and nothing appears under their uuid.
      expect(await recorded(mine.uuid)).toEqual([]);
      expect(await recorded(theirs.uuid)).toEqual([]);
      expect(await stored(theirs.uuid)).toEqual([]);
      expect(await stored(mine.uuid)).toEqual([]);
    });

    it("records nothing for a project that was not issued the uuid, and the file stays the issuing project's", async () => {
      const url = await uploadUrl(w.projectId);
      expect(await put(url, 'site.csv', 'a,b\n1,2\n')).toMatchObject({ status: 201 });
      expect(await recorded(url.uuid, otherProjectId)).toEqual([]);
      expect(
        await t.database.db
          .select()
          .from(uploads)
          .where(and(eq(uploads.uuid, url.uuid), eq(uploads.projectId, otherProjectId))),
      ).toEqual([]);
      const files = await recorded(url.uuid, w.projectId);
      expect(files.map((f) => f.filename)).toEqual(['site.csv']);
      expect((await rows(url.uuid)).map((r) => r.projectId)).toEqual([w.projectId]);
    });
  });
});
