/**
 * Backup and restore of an embedded installation (docs/scale-out.md "Backups"): a server on its
 * DATA_DIR (PGlite and local blobs) is stopped, the folder copied, and a server started on the copy
 * has the same accounts, projects and files — an upload made before the backup downloads byte for byte.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startServer, type RunningServer } from '../boot.ts';
import { accessToken, createUser } from '../../test/world.ts';
import { binaryStl } from '../../test/blob-helpers.ts';
import { companies, projects } from '../db/schema/index.ts';
import type { UploadPage, UploadUrl } from '@canopy/contract/uploads.ts';

let root: string;
const env = (dataDir: string) => ({
  PORT: '0',
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SEED_DEMO: 'false',
  EMBEDDED_WORKERS: 'false',
  NODE_ENV: 'test',
  HEAVY_WORK_THREADS: '0',
});

beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), 'canopy-embedded-backup-'));
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('an embedded installation copied while stopped', () => {
  let server: RunningServer | null = null;
  afterAll(() => server?.close());

  it('starts on the copy with the same projects and files', async () => {
    server = await startServer(env(join(root, 'live')), () => {});
    const db = server.deps.database.db;
    const [company] = await db.insert(companies).values({ name: 'Acme' }).returning({ id: companies.id });
    const userId = await createUser(db, { username: 'engineer', companyId: company!.id, role: 'Org Admin' });
    const [project] = await db.insert(projects).values({ name: 'Tower', companyId: company!.id, createdBy: userId }).returning({ id: projects.id });
    const token = await accessToken(server.deps, userId);
    const base = server.url;
    const url = (await (
      await fetch(`${base}/api/project/${project!.id}/project-asset-upload-url/`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as UploadUrl;
    const stl = binaryStl(40);
    const put = await fetch(`${base}${new URL(url.container_url).pathname}/${url.uuid}/tower.stl?${url.sas_token}`, {
      method: 'PUT',
      body: new Uint8Array(stl),
      headers: { 'x-ms-blob-type': 'BlockBlob' },
    });
    expect(put.status).toBe(201);
    await server.close();
    server = null;

    // The backup: the whole folder, copied while nothing runs on it.
    cpSync(join(root, 'live'), join(root, 'restored'), { recursive: true });
    rmSync(join(root, 'live'), { recursive: true, force: true });

    server = await startServer(env(join(root, 'restored')), () => {});
    // The secret key is kept in the database, so tokens issued before the backup still hold.
    const again = await accessToken(server.deps, userId);
    const list = (await (
      await fetch(`${server.url}/api/project/${project!.id}/uploads/`, { headers: { authorization: `Bearer ${again}` } })
    ).json()) as UploadPage;
    expect(list.results.map((u) => u.filename)).toEqual(['tower.stl']);
    const download = await fetch(`${server.url}${list.results[0]!.download_url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(download.status).toBe(200);
    expect(Buffer.from(await download.arrayBuffer()).equals(stl)).toBe(true);
  });
});
