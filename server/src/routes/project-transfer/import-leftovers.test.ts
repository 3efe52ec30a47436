/**
 * What an import killed mid-way leaves is removed when a server starts (leftovers.ts):
 * - the temporary folder of a process SIGKILLed while it held one (a real child process), and one of
 *   this process id from an earlier life; a live process's folder stays;
 * - the blobs an import had put before it stopped (its records never committed): deleted from its
 *   journal, while the blobs records point at stay.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { accessToken, createUser } from '../../../test/world.ts';
import { seedTransferProject } from '../../../test/project-transfer-fixtures.ts';
import { companies } from '../../db/schema/index.ts';
import type { BlobKey, BlobStore } from '../../blobs/blob-store.ts';
import { importProjectArchive } from '../../contexts/transfer/import.ts';
import { cleanImportLeftovers } from '../../contexts/transfer/leftovers.ts';

let t: TestContext;
let dir: string;

async function allBlobs(): Promise<string[]> {
  const out: string[] = [];
  for (const container of ['assets', 'project-assets']) for await (const blob of t.deps.blobStore.list(container)) out.push(`${container}/${blob.name}`);
  return out.sort();
}

beforeAll(async () => {
  t = await createTestContext();
  dir = mkdtempSync(join(tmpdir(), 'canopy-leftovers-test-'));
});
afterAll(async () => {
  await t?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('temporary folders', () => {
  it('of a process killed with SIGKILL while importing, and of this process id from before, go; a live one’s stays', async () => {
    // A real process makes its import folder as the route does, writes into it, and is killed mid-way.
    const child = spawn(process.execPath, [
      '-e',
      `const fs = require('node:fs'); const d = fs.mkdtempSync(require('node:path').join(${JSON.stringify(dir)}, 'canopy-import-' + process.pid + '-'));
       fs.writeFileSync(d + '/archive.zip', Buffer.alloc(1 << 20)); console.log('ready'); setInterval(() => {}, 1000);`,
    ]);
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()));
    const killed = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGKILL');
    await killed;
    const dead = readdirSync(dir).find((n) => n.startsWith(`canopy-import-${child.pid}-`))!;
    expect(existsSync(join(dir, dead, 'archive.zip'))).toBe(true);
    const own = `canopy-import-${process.pid}-earlier`;
    const live = `canopy-import-${process.ppid}-busy`;
    for (const name of [own, live]) {
      mkdirSync(join(dir, name));
      writeFileSync(join(dir, name, 'archive.zip'), 'x');
    }
    // Not at start: this process's own folders may be imports in progress.
    expect(await cleanImportLeftovers({ blobStore: t.deps.blobStore, db: t.database.db }, { atStart: false, tempDir: dir })).toMatchObject({ folders: 1 });
    expect(readdirSync(dir).sort()).toEqual([live, own].sort());
    expect(await cleanImportLeftovers({ blobStore: t.deps.blobStore, db: t.database.db }, { atStart: true, tempDir: dir })).toMatchObject({ folders: 1 });
    expect(readdirSync(dir)).toEqual([live]);
  });
});

describe('blobs of an import that stopped before its records were written', () => {
  it('are deleted from its journal at start; blobs records point at stay', async () => {
    const db = t.database.db;
    const [company] = await db.insert(companies).values({ name: 'Acme' }).returning({ id: companies.id });
    const user = await createUser(db, { username: 'importer', companyId: company!.id, role: 'Org Admin' });
    const seeded = await seedTransferProject(t.deps, user, company!.id);
    const zip = Buffer.from(await (await t.request(`/api/project/${seeded.projectId}/export/`, { token: await accessToken(t.deps, user) })).arrayBuffer());
    const file = join(dir, 'project.zip');
    writeFileSync(file, zip);
    const before = await allBlobs();

    // The import's process stops for good after its third blob (as kill -9 would leave it): every
    // put after that never returns, and nothing of its own clean-up runs.
    const store = t.deps.blobStore;
    let puts = 0;
    const stopping: BlobStore = Object.create(store) as BlobStore;
    stopping.put = async (key: BlobKey, body: Readable) => {
      if (key.name.startsWith('import-journal/')) return store.put(key, body);
      if (++puts > 3) return new Promise<never>(() => {});
      return store.put(key, body);
    };
    void importProjectArchive({ ...t.deps, blobStore: stopping }, db, file, { user: { id: user, companyId: company!.id } });
    await expect.poll(async () => (await allBlobs()).filter((b) => !before.includes(b)).length, { timeout: 30_000 }).toBe(4);
    const left = (await allBlobs()).filter((b) => !before.includes(b));
    expect(left.filter((b) => b.startsWith('assets/import-journal/'))).toHaveLength(1);

    // A server starting afterwards: the three blobs and the journal go, nothing else.
    expect(await cleanImportLeftovers({ blobStore: store, db }, { atStart: true, tempDir: dir })).toMatchObject({ blobs: 3 });
    expect(await allBlobs()).toEqual(before);
  });
});
