/**
 * Backup and restore at scale, as docs/scale-out.md says: `pg_dump -Fc` of the database,
 * then `blob-backup-main.ts export` of the Azure store (Azurite); restored with `pg_restore` into an
 * empty database and `blob-backup-main.ts import` into an empty account; an API process started on
 * the restored pair serves the same project, upload and results byte for byte.
 */
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestContext, type TestContext } from '../harness.ts';
import { accessToken, createUser } from '../world.ts';
import { grantUpload, storeUpload } from '../world-uploads.ts';
import { startAzurite, type Azurite } from '../azurite.ts';
import { ROOT, readEnvFile, readProcfile, startProcess, type CanopyProcess } from '../processes.ts';
import { binaryStl } from '../blob-helpers.ts';
import { companies, projects } from '../../src/db/schema/index.ts';
import { putBytes } from '../../src/blobs/blob-io.ts';
import type { UploadPage } from '@canopy/contract/uploads.ts';

const SECRET = 'test-secret-key-that-is-long-enough-for-hs256';
let source: Azurite;
let target: Azurite;
let t: TestContext;
let dir: string;
let restoredUrl: string;
let api: CanopyProcess | null = null;

beforeAll(async () => {
  source = await startAzurite();
  target = await startAzurite();
  t = await createTestContext(source.env('bk-'));
  if (!t.databaseUrl) throw new Error('this test needs PostgreSQL: run `pg_virtualenv npm run test:pg`');
  dir = mkdtempSync(join(tmpdir(), 'canopy-pg-backup-'));
});
afterAll(async () => {
  await api?.kill('SIGKILL');
  if (restoredUrl) {
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(restoredUrl).pathname.slice(1)} with (force)`);
    await admin.end();
  }
  await t?.close();
  await source?.stop();
  await target?.stop();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Runs the backup CLI as a process (asynchronously: the Azurite relay lives in this test's event loop). */
async function blobBackup(command: 'export' | 'import', azurite: Azurite, folder: string): Promise<string> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/blob-backup-main.ts', command, folder], {
    cwd: ROOT,
    env: { ...process.env, ...azurite.env('bk-'), DATA_DIR: join(dir, 'unused'), NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`blob-backup-main ${command} failed (${code}):\n${output}`);
  return output;
}

describe('pg_dump + blob export, pg_restore + blob import', () => {
  it('bring back the same projects, uploads and result files on an empty database and account', async () => {
    const db = t.database.db;
    const [company] = await db.insert(companies).values({ name: 'Acme' }).returning({ id: companies.id });
    const userId = await createUser(db, { username: 'engineer', companyId: company!.id, role: 'Org Admin' });
    const [project] = await db.insert(projects).values({ name: 'Tower', companyId: company!.id, createdBy: userId }).returning({ id: projects.id });
    const stl = binaryStl(30);
    const upload = await storeUpload(t.deps, await grantUpload(t.deps, project!.id, userId), 'tower.stl', stl);
    const result = Buffer.alloc(3 * 1024 * 1024, 7);
    await putBytes(t.deps.blobStore, { container: 'assets', name: 'results/simulation-1/job-1/a.glb' }, result);

    // The backup: database first, then the blobs.
    execFileSync('pg_dump', ['-Fc', '-d', t.databaseUrl!, '-f', join(dir, 'canopy.dump')]);
    expect(await blobBackup('export', source, join(dir, 'blobs'))).toMatch(/Exported 2 blobs/);

    // The restore, into an empty database and an empty account.
    const admin = new pg.Client({ connectionString: t.databaseUrl });
    await admin.connect();
    const name = `canopy_restored_${process.pid}`;
    await admin.query(`create database ${name} template template0`);
    await admin.end();
    const url = new URL(t.databaseUrl!);
    url.pathname = `/${name}`;
    restoredUrl = url.toString();
    execFileSync('pg_restore', ['--no-owner', '-d', restoredUrl, join(dir, 'canopy.dump')]);
    expect(await blobBackup('import', target, join(dir, 'blobs'))).toMatch(/Imported 2 blobs/);

    // An API process on the restored pair.
    const entry = readProcfile().find((e) => e.name === 'api1')!;
    api = await startProcess(entry, {
      ...readEnvFile(),
      ...target.env('bk-'),
      DATABASE_URL: restoredUrl,
      SECRET_KEY: SECRET,
      PORT: '0',
      DATA_DIR: join(dir, 'restored-data'),
      NODE_ENV: 'test',
    });
    const token = await accessToken(t.deps, userId);
    const list = (await (
      await fetch(`${api.url}/api/project/${project!.id}/uploads/`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as UploadPage;
    expect(list.results.map((u) => [u.id, u.filename, u.sha256])).toEqual([[upload.id, 'tower.stl', upload.sha256]]);
    const download = await fetch(`${api.url}${list.results[0]!.download_url}`, { headers: { authorization: `Bearer ${token}` } });
    expect(Buffer.from(await download.arrayBuffer()).equals(stl)).toBe(true);
    // Nothing came from the old account: the restored one holds its own copies.
    await source.cut();
    try {
      const again = await fetch(`${api.url}${list.results[0]!.download_url}`, { headers: { authorization: `Bearer ${token}` } });
      expect(again.status).toBe(200);
      await again.arrayBuffer();
    } finally {
      await source.restore();
    }
  });
});
