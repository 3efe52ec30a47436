/**
 * ADR 24: the project list and detail reuse their answer while the database is in
 * the state it was read in (http/snapshot-cache.ts), and never after anything changed. Each test
 * reads first, so the answer is cached, then changes something and reads again. The changes are
 * made the ways that matter: through the API by the same user (read-your-write), by raw SQL that no
 * route code sees (as another server or an operator would), and to who may see (a share revoked, a
 * user deactivated). Statements are counted at the driver (test/statement-counter.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { accessToken, createUser } from '../../../test/world.ts';
import { countStatements, type StatementCounter } from '../../../test/statement-counter.ts';
import { companies, projectShares, projects, studies, users } from '../../db/schema/index.ts';

let t: TestContext;
let projectId: number;
let ownerToken: string;
let colleagueToken: string;
let shareeId: number;
let shareeToken: string;
let counter: StatementCounter;

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  const [a] = await db.insert(companies).values({ name: 'Acme Engineering' }).returning({ id: companies.id });
  const [b] = await db.insert(companies).values({ name: 'Partner Consulting' }).returning({ id: companies.id });
  const ownerId = await createUser(db, { username: 'owner', companyId: a!.id, role: 'Project Manager' });
  const colleagueId = await createUser(db, { username: 'colleague', companyId: a!.id, role: 'Viewer' });
  shareeId = await createUser(db, { username: 'sharee', companyId: b!.id, role: 'Engineer' });
  const [project] = await db
    .insert(projects)
    .values({ name: 'Harbour Towers', location: 'Toronto', latitude: 43.64, longitude: -79.38, companyId: a!.id, createdBy: ownerId })
    .returning({ id: projects.id });
  projectId = project!.id;
  await db.insert(studies).values({ projectId, name: 'Study 1' });
  await db.insert(projectShares).values({ projectId, userId: shareeId, sharedBy: ownerId, shareStatus: 'accepted', accessLevel: 'view' });
  ownerToken = await accessToken(t.deps, ownerId);
  colleagueToken = await accessToken(t.deps, colleagueId);
  shareeToken = await accessToken(t.deps, shareeId);
  counter = countStatements(t.database);
});
afterAll(() => t?.close());

async function read(path: string, token: string): Promise<{ status: number; statements: number; text: string }> {
  const { statements, result } = await counter.count(async () => {
    const res = await t.request(path, { token });
    return { status: res.status, text: await res.text() };
  });
  return { ...result, statements };
}

/** The database server's state now; any transaction that commits anywhere on it changes this. */
async function serverSnapshot(): Promise<string> {
  const result = await t.database.db.execute(sql`select pg_current_snapshot()::text as snapshot`);
  return (result as unknown as { rows: Array<{ snapshot: string }> }).rows[0]!.snapshot;
}

/**
 * A read and its repeat with nothing committed anywhere in between. On PostgreSQL, transaction ids
 * belong to the whole server: autovacuum's ANALYZE of any database takes one, and a miss after that
 * is right. So a pair that the server's state changed under is read again (equal snapshots before
 * the first read and after the repeat mean no commit in between, as the snapshot's xmax only grows),
 * after a commit of its own so that its first read is a miss again.
 */
async function readTwiceUnchanged(path: string, token: string) {
  for (let attempt = 1; ; attempt++) {
    if (attempt > 1) await t.database.db.execute(sql`select txid_current()`);
    const before = await serverSnapshot();
    const first = await read(path, token);
    const again = await read(path, token);
    if ((await serverSnapshot()) === before || attempt === 5) return { first, again };
  }
}

const detail = () => `/api/project/${projectId}/`;
const nameIn = (text: string) => (JSON.parse(text) as { name: string }).name;
const namesIn = (text: string) => (JSON.parse(text) as { results: Array<{ name: string }> }).results.map((p) => p.name);

describe('the project pages while nothing changes', () => {
  it('answer a repeated read with the same text after only the token’s user statement', async () => {
    for (const path of [detail(), '/api/project/', '/api/project/?page_size=1']) {
      const { first, again } = await readTwiceUnchanged(path, ownerToken);
      expect(first.status).toBe(200);
      expect(again.status).toBe(200);
      expect(again.text).toBe(first.text);
      expect(first.statements).toBeGreaterThan(1);
      expect(again.statements).toBe(1);
    }
  });

  it('answer with JSON, as before', async () => {
    const res = await t.request(detail(), { token: ownerToken });
    await res.text();
    const again = await t.request(detail(), { token: ownerToken });
    expect(again.headers.get('content-type')).toMatch(/^application\/json/);
    expect(nameIn(await again.text())).toBe('Harbour Towers');
  });

  it('keep each user’s answer to that user: a favourite mark is the marker’s only', async () => {
    await read('/api/project/', colleagueToken);
    const starred = await t.request(`/api/user/favorites/${projectId}/`, { method: 'POST', token: ownerToken });
    expect(starred.status).toBe(201);
    const mine = JSON.parse((await read('/api/project/', ownerToken)).text) as { results: Array<{ is_favorite: boolean }> };
    const theirs = JSON.parse((await read('/api/project/', colleagueToken)).text) as { results: Array<{ is_favorite: boolean }> };
    expect(mine.results[0]!.is_favorite).toBe(true);
    expect(theirs.results[0]!.is_favorite).toBe(false);
  });
});

describe('the project pages after a change', () => {
  it('show the user’s own change in the very next read', async () => {
    await read(detail(), ownerToken);
    await read('/api/project/', ownerToken);
    const patched = await t.request(detail(), { method: 'PATCH', token: ownerToken, json: { name: 'Harbour Towers II' } });
    expect(patched.status).toBe(200);
    const after = await read(detail(), ownerToken);
    expect(nameIn(after.text)).toBe('Harbour Towers II');
    expect(after.statements).toBeGreaterThan(1);
    expect(namesIn((await read('/api/project/', ownerToken)).text)).toEqual(['Harbour Towers II']);
  });

  it('show a change no route made (raw SQL, as another server or an operator would) in the very next read', async () => {
    await read(detail(), colleagueToken);
    await read('/api/project/', colleagueToken);
    await t.database.db.execute(sql`update ${projects} set name = 'Renamed outside' where id = ${projectId}`);
    expect(nameIn((await read(detail(), colleagueToken)).text)).toBe('Renamed outside');
    expect(namesIn((await read('/api/project/', colleagueToken)).text)).toEqual(['Renamed outside']);
  });

  it('recompute after a change to an unrelated table too (the database’s state is one)', async () => {
    await read(detail(), ownerToken);
    await t.database.db.insert(companies).values({ name: 'Unrelated Ltd' });
    const after = await read(detail(), ownerToken);
    expect(after.statements).toBeGreaterThan(1);
  });

  it('do not reuse an answer read while another transaction committed: it is stored under the state before its reads', async () => {
    // The detail's statements: the token's user (which names the state), then the project with its
    // access. A commit lands after the project was read and before the answer is stored, so the stored
    // text is already out of date; storing it under a state named after its reads would serve it again.
    await read(detail(), ownerToken);
    const before = nameIn((await read(detail(), colleagueToken)).text);
    counter.afterStatement(2, (query) => query(`update projects set name = 'Committed meanwhile' where id = ${projectId}`));
    await t.database.db.insert(companies).values({ name: 'Another change, so the detail is read again' });
    const during = await read(detail(), colleagueToken);
    expect(nameIn(during.text)).toBe(before);
    expect(nameIn((await read(detail(), colleagueToken)).text)).toBe('Committed meanwhile');
    expect(during.statements).toBe(2);
  });

  it('answer 404 and leave the project out of the list once the share is revoked', async () => {
    expect((await read(detail(), shareeToken)).status).toBe(200);
    expect(namesIn((await read('/api/project/', shareeToken)).text)).toHaveLength(1);
    await t.database.db.delete(projectShares).where(eq(projectShares.userId, shareeId));
    expect((await read(detail(), shareeToken)).status).toBe(404);
    expect(namesIn((await read('/api/project/', shareeToken)).text)).toEqual([]);
  });

  it('answer 401 to a user deactivated after a cached read', async () => {
    const db = t.database.db;
    const dormantId = await createUser(db, { username: 'dormant-later', companyId: null });
    const token = await accessToken(t.deps, dormantId);
    expect((await read('/api/project/', token)).status).toBe(200);
    await db.update(users).set({ isActive: false }).where(eq(users.id, dormantId));
    expect((await read('/api/project/', token)).status).toBe(401);
  });
});
