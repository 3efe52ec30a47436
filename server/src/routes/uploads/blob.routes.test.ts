/** The blob endpoint over HTTP (Azure's Put Blob contract): what is stored, what is refused and why. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { grantUpload } from '../../../test/world-uploads.ts';
import { binaryStl, errorCode, filesUnder, md5Base64, putBlob, sha256 } from '../../../test/blob-helpers.ts';
import { uploads } from '../../db/schema/index.ts';
import { deriveSasKey, signSas } from '../../blobs/sas.ts';

const LIMIT = 64 * 1024;
let t: TestContext;
let w: World;
beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
  // A small limit for these tests only, set after the world stored its (larger) fixture files.
  t.deps.config.UPLOAD_MAX_BYTES = LIMIT;
});
afterAll(() => t.close());

const grant = () => grantUpload(t.deps, w.projectId, w.userIds.projectAdmin);

async function uploadRows(uuid: string) {
  return t.database.db.select().from(uploads).where(eq(uploads.uuid, uuid));
}

describe('a good PUT', () => {
  it('stores the bytes, answers 201 with Azure-like headers, and records the upload', async () => {
    const g = await grant();
    const body = binaryStl(12);
    const res = await putBlob(t, g, 'tower.stl', body);
    expect(res.status).toBe(201);
    expect(res.headers.get('etag')).toMatch(/^"0x[0-9A-F]+"$/);
    expect(res.headers.get('content-md5')).toBe(md5Base64(body));
    expect(res.headers.get('x-ms-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.get('last-modified')).toBeTruthy();
    expect(readFileSync(join(t.config.dataDir, 'blobs', 'project-assets', g.uuid, 'tower.stl'))).toEqual(body);
    const [row] = await uploadRows(g.uuid);
    expect(row).toMatchObject({
      id: Number(res.headers.get('x-canopy-upload-id')),
      projectId: w.projectId,
      container: 'project-assets',
      filename: 'tower.stl',
      size: body.length,
      sha256: sha256(body),
      // Binary, although its header starts with "solid": told apart by its size.
      format: 'stl-binary',
      contentType: 'model/stl',
      uploadedBy: w.userIds.projectAdmin,
    });
  });

  it('takes several files under one upload URL, and a rewrite replaces the file and its record', async () => {
    const g = await grant();
    const epw = 'LOCATION,Chicago Ohare Intl Ap,IL,USA,TMY3,725300,41.98,-87.92,-6.0,201.0\n';
    const csv = 'a,b,c\n1,2,3\n4,5,6\n';
    expect((await putBlob(t, g, 'weather.epw', epw)).status).toBe(201);
    expect((await putBlob(t, g, 'notes.csv', 'a,b\n1,2\n')).status).toBe(201);
    expect((await putBlob(t, g, 'notes.csv', csv)).status).toBe(201);
    const rows = await uploadRows(g.uuid);
    expect(rows.map((r) => [r.filename, r.format, r.size]).sort()).toEqual([
      ['notes.csv', 'csv', csv.length],
      ['weather.epw', 'epw', epw.length],
    ]);
    expect(readFileSync(join(t.config.dataDir, 'blobs', 'project-assets', g.uuid, 'notes.csv'), 'utf8')).toBe(csv);
  });

  it('keeps non-ASCII names as they were addressed', async () => {
    const g = await grant();
    const name = 'Überdachung façade.pdf';
    const res = await putBlob(t, g, encodeURIComponent(name), '%PDF-1.7\n');
    expect(res.status).toBe(201);
    expect((await uploadRows(g.uuid))[0]).toMatchObject({ filename: name, format: 'pdf' });
  });
});

describe('refused signatures (403, nothing stored)', () => {
  it('refuses a tampered signature with AuthenticationFailed', async () => {
    const g = await grant();
    const params = new URLSearchParams(g.sasToken);
    const sig = Buffer.from(params.get('sig')!, 'base64');
    sig[0] ^= 1;
    params.set('sig', sig.toString('base64'));
    const res = await putBlob(t, g, 'a.csv', 'a,b\n', { sas: params.toString() });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-ms-error-code')).toBe('AuthenticationFailed');
    expect(res.headers.get('content-type')).toContain('application/xml');
    expect(await errorCode(res)).toBe('AuthenticationFailed');
  });

  it('refuses a signed field changed after signing (wider permissions) with AuthenticationFailed', async () => {
    const g = await grant();
    const res = await putBlob(t, g, 'a.csv', 'a,b\n', { sas: g.sasToken.replace('sp=cw', 'sp=rcwd') });
    expect(res.status).toBe(403);
    expect(res.headers.get('x-ms-error-code')).toBe('AuthenticationFailed');
  });

  it('refuses an expired token with AuthenticationFailed', async () => {
    const g = await grant();
    t.clock.advance(60 * 60 * 1000 + 1000);
    try {
      const res = await putBlob(t, g, 'late.csv', 'a,b\n');
      expect(res.status).toBe(403);
      expect(await res.text()).toMatch(/<Code>AuthenticationFailed<\/Code>.*Signature not valid in the specified time frame/s);
    } finally {
      t.clock.advance(-(60 * 60 * 1000 + 1000));
    }
    expect(await uploadRows(g.uuid)).toEqual([]);
  });

  it('refuses a path under another uuid with AuthorizationPermissionMismatch', async () => {
    const g = await grant();
    const other = await grant();
    const res = await putBlob(t, { ...g, uuid: other.uuid }, 'a.csv', 'a,b\n');
    expect(res.status).toBe(403);
    expect(res.headers.get('x-ms-error-code')).toBe('AuthorizationPermissionMismatch');
    expect(filesUnder(t.config.dataDir).filter((f) => f.includes(other.uuid))).toEqual([]);
  });

  it('refuses a missing token with AuthenticationFailed', async () => {
    const g = await grant();
    const res = await putBlob(t, g, 'a.csv', 'a,b\n', { sas: null });
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe('AuthenticationFailed');
  });

  it('refuses a read-only token with AuthorizationPermissionMismatch', async () => {
    const g = await grant();
    const readOnly = signSas(deriveSasKey(t.deps.secretKey), {
      container: g.container,
      directory: g.uuid,
      permissions: ['r'],
      expiresOn: new Date(t.clock.now().getTime() + 60_000),
    });
    const res = await putBlob(t, g, 'a.csv', 'a,b\n', { sas: readOnly });
    expect(res.status).toBe(403);
    expect(await errorCode(res)).toBe('AuthorizationPermissionMismatch');
  });

  it('refuses a create-only token that would replace a blob', async () => {
    const g = await grant();
    const createOnly = signSas(deriveSasKey(t.deps.secretKey), {
      container: g.container,
      directory: g.uuid,
      permissions: ['c'],
      expiresOn: new Date(t.clock.now().getTime() + 60_000),
    });
    expect((await putBlob(t, g, 'once.csv', 'a,b\n', { sas: createOnly })).status).toBe(201);
    const again = await putBlob(t, g, 'once.csv', 'c,d\n', { sas: createOnly });
    expect(again.status).toBe(403);
    expect(again.headers.get('x-ms-error-code')).toBe('AuthorizationPermissionMismatch');
  });

  it('refuses a signature made with another key', async () => {
    const g = await grant();
    const forged = signSas(deriveSasKey(new TextEncoder().encode('someone-elses-secret-key-0123456789')), {
      container: g.container,
      directory: g.uuid,
      permissions: ['c', 'w'],
      expiresOn: new Date(t.clock.now().getTime() + 60_000),
    });
    expect(await errorCode(await putBlob(t, g, 'a.csv', 'a,b\n', { sas: forged }))).toBe('AuthenticationFailed');
  });
});

describe('size limit (UPLOAD_MAX_BYTES)', () => {
  it('refuses a declared Content-Length over the limit with 413 before reading, keeping nothing', async () => {
    const g = await grant();
    const res = await putBlob(t, g, 'big.bin', new Uint8Array(LIMIT + 1));
    expect(res.status).toBe(413);
    expect(res.headers.get('x-ms-error-code')).toBe('RequestBodyTooLarge');
    expect(await res.text()).toContain(`<MaxLimit>${LIMIT}</MaxLimit>`);
    expect(filesUnder(t.config.dataDir).filter((f) => f.includes(g.uuid) || f.startsWith('.tmp'))).toEqual([]);
    expect(await uploadRows(g.uuid)).toEqual([]);
  });

  it('counts the bytes of a body without Content-Length and stops at the limit, keeping nothing', async () => {
    const g = await grant();
    const chunk = new Uint8Array(16 * 1024).fill(7);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > LIMIT * 2) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await t.request(`/blobs/${g.container}/${g.uuid}/stream.bin?${g.sasToken}`, {
      method: 'PUT',
      body: stream,
      headers: { 'x-ms-blob-type': 'BlockBlob' },
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(filesUnder(t.config.dataDir).filter((f) => f.includes(g.uuid) || f.startsWith('.tmp'))).toEqual([]);
    expect(await uploadRows(g.uuid)).toEqual([]);
  });

  it('accepts a body of exactly the limit', async () => {
    const g = await grant();
    expect((await putBlob(t, g, 'edge.bin', new Uint8Array(LIMIT))).status).toBe(201);
  });
});

describe('names and headers', () => {
  it.each(['..', '%2E%2E', '.'])('stores nothing for the dot segment %s (URLs resolve it before routing)', async (filename) => {
    const g = await grant();
    const res = await putBlob(t, g, filename, 'a,b\n');
    expect(res.status).not.toBe(201);
    expect(await uploadRows(g.uuid)).toEqual([]);
    expect(filesUnder(t.config.dataDir).filter((f) => !/^(assets|project-assets)\//.test(f))).toEqual([]);
  });

  it.each([
    ['trailing.%20', 400, 'InvalidResourceName'],
    ['ctrl%01name.csv', 400, 'InvalidResourceName'],
    ['new%0Aline.csv', 400, 'InvalidResourceName'],
    ['back%5Cslash.csv', 400, 'InvalidResourceName'],
    // An encoded slash would put the blob one folder deeper than the signature allows.
    ['..%2F..%2Fescape.csv', 403, 'AuthorizationPermissionMismatch'],
    ['sub%2Fdir.csv', 403, 'AuthorizationPermissionMismatch'],
  ])('refuses the filename %s', async (filename, status, code) => {
    const g = await grant();
    const res = await putBlob(t, g, filename, 'a,b\n');
    expect(res.status).toBe(status);
    expect(res.headers.get('x-ms-error-code')).toBe(code);
    expect(await uploadRows(g.uuid)).toEqual([]);
  });

  it('needs x-ms-blob-type: BlockBlob', async () => {
    const g = await grant();
    const path = `/blobs/${g.container}/${g.uuid}/a.csv?${g.sasToken}`;
    const missing = await t.request(path, { method: 'PUT', body: 'a,b\n' });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toMatch(/<Code>MissingRequiredHeader<\/Code>.*<HeaderName>x-ms-blob-type<\/HeaderName>/s);
    const append = await t.request(path, { method: 'PUT', body: 'a,b\n', headers: { 'x-ms-blob-type': 'AppendBlob' } });
    expect(append.status).toBe(400);
    expect(append.headers.get('x-ms-error-code')).toBe('InvalidHeaderValue');
  });

  it('refuses a signature for a container other than the one in the path', async () => {
    const g = await grant();
    const res = await putBlob(t, { ...g, container: 'assets' }, 'a.csv', 'a,b\n');
    expect(res.status).toBe(403);
    expect(res.headers.get('x-ms-error-code')).toBe('AuthenticationFailed');
  });
});

describe('no public blob URLs', () => {
  it('refuses GET /blobs/... with or without the upload signature, and never sends the bytes', async () => {
    const g = await grant();
    expect((await putBlob(t, g, 'secret.csv', 'secret,data\n')).status).toBe(201);
    const withSas = await t.request(`/blobs/${g.container}/${g.uuid}/secret.csv?${g.sasToken}`);
    expect(withSas.status).toBe(403);
    expect(withSas.headers.get('x-ms-error-code')).toBe('AuthorizationPermissionMismatch');
    const bare = await t.request(`/blobs/${g.container}/${g.uuid}/secret.csv`);
    expect(bare.status).toBe(403);
    const bodies = (await withSas.text()) + (await bare.text());
    expect(bodies).not.toContain('secret,data');
  });
});
