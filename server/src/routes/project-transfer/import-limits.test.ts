/**
 * Every imported record goes through the limits of the route that creates it, over HTTP: a 5 MB
 * project name, a name that is an object, a 1 MB insight text, a pin colour that is not one, JSON
 * nested past 64 levels — each a 400 naming the entry, the row and the column, with a short answer,
 * nothing written and nothing long in the log. An unexpected error's log line is bounded too.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { count } from 'drizzle-orm';
import yazl from 'yazl';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { accessToken, createUser } from '../../../test/world.ts';
import { seedTransferProject } from '../../../test/project-transfer-fixtures.ts';
import { companies, projects, subscriptions } from '../../db/schema/index.ts';
import { LOGGED_CHARS, loggable } from '../../http/errors.ts';

let t: TestContext;
let token: string;
let archive: Buffer;

async function zipOf(entries: Array<[string, Buffer]>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, bytes] of entries) zip.addBuffer(bytes, name);
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function entriesOf(zipBytes: Buffer): Promise<Array<[string, Buffer]>> {
  const yauzl = await import('yauzl');
  const zip = await yauzl.fromBufferPromise(zipBytes, { lazyEntries: true });
  const out: Array<[string, Buffer]> = [];
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = [];
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
    out.push([entry.fileName, Buffer.concat(chunks)]);
  }
  zip.close();
  return out;
}

/** The exported archive with the first row of records/{table}.json changed. */
async function withFirstRow(table: string, change: (row: Record<string, unknown>) => Record<string, unknown>): Promise<Buffer> {
  const entries = await entriesOf(archive);
  return zipOf(
    entries.map(([name, bytes]): [string, Buffer] => {
      if (name !== `records/${table}.json`) return [name, bytes];
      const rows = JSON.parse(bytes.toString()) as Array<Record<string, unknown>>;
      return [name, Buffer.from(JSON.stringify([change(rows[0]!), ...rows.slice(1)]))];
    }),
  );
}

const projectCount = async () => (await t.database.db.select({ n: count() }).from(projects))[0]!.n;

/** Imports `body`; expects a 400 whose detail matches, a short answer, nothing written and no long log line. */
async function refused(body: Buffer, detail: RegExp): Promise<void> {
  const logged: string[] = [];
  const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args.map(String).join(' ')));
  try {
    const before = await projectCount();
    const res = await t.request('/api/project-import/', { method: 'POST', token, body: new Uint8Array(body), headers: { 'content-type': 'application/zip' } });
    const text = await res.text();
    expect({ status: res.status, detail: (JSON.parse(text) as { detail: string }).detail }).toEqual({ status: 400, detail: expect.stringMatching(detail) });
    expect(text.length).toBeLessThan(2000);
    expect(await projectCount()).toBe(before);
    for (const line of logged) expect(line.length).toBeLessThanOrEqual(LOGGED_CHARS + 100);
  } finally {
    spy.mockRestore();
  }
}

beforeAll(async () => {
  t = await createTestContext();
  const db = t.database.db;
  const [company] = await db.insert(companies).values({ name: 'Acme' }).returning({ id: companies.id });
  const user = await createUser(db, { username: 'importer', companyId: company!.id, role: 'Org Admin' });
  await db.insert(subscriptions).values({ companyId: company!.id, plan: 'Professional', creditType: 'AI', creditsPerPeriod: 100, userId: user });
  token = await accessToken(t.deps, user);
  const seeded = await seedTransferProject(t.deps, user, company!.id);
  archive = Buffer.from(await (await t.request(`/api/project/${seeded.projectId}/export/`, { token })).arrayBuffer());
}, 120_000);
afterAll(() => t?.close());

describe('imported records meet the limits of the routes that create them', () => {
  it('a 5 MB project name: 400 naming it (the API’s limit is 200), not a 500 with the name in the log', async () => {
    await refused(
      await withFirstRow('projects', (r) => ({ ...r, name: 'x'.repeat(5 * 1024 * 1024) })),
      /^records\/projects\.json\[0\]: name: Ensure this field has no more than 200 characters\.$/,
    );
  });

  it('a project name that is an object, not text', async () => {
    await refused(await withFirstRow('projects', (r) => ({ ...r, name: { x: 1 } })), /^records\/projects\.json\[0\]: name: .*expected string/);
  });

  it('a 1 MB insight text (the API’s limit is 20,000 characters)', async () => {
    await refused(
      await withFirstRow('insights', (r) => ({ ...r, text: 'y'.repeat(1024 * 1024) })),
      /^records\/insights\.json\[0\]: text: Ensure this field has no more than 20000 characters\.$/,
    );
  });

  it('a pin type colour that is not #rrggbb, and a parameter set whose values do not fit its analysis', async () => {
    await refused(
      await withFirstRow('insight_pin_types', (r) => ({ ...r, colour: 'red' })),
      /^records\/insight_pin_types\.json\[0\]: colour: Enter a colour as #rrggbb\.$/,
    );
    await refused(
      await withFirstRow('parameter_sets', (r) => ({ ...r, values: { wind_directions: 'many' } })),
      /^records\/parameter_sets\.json\[0\]: values\.wind_directions: /,
    );
  });

  it('JSON nested past 64 levels, and a NUL character in text', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 100; i++) deep = [deep];
    await refused(await withFirstRow('drawings', (r) => ({ ...r, drawing_json: { deep } })), /^records\/drawings\.json\[0\]: drawing_json: Nested too deeply/);
    await refused(await withFirstRow('studies', (r) => ({ ...r, name: 'a\u0000b' })), /^records\/studies\.json\[0\]: name: Null characters are not allowed\.$/);
  });

  it('still imports the archive as exported', async () => {
    const res = await t.request('/api/project-import/', {
      method: 'POST',
      token,
      body: new Uint8Array(archive),
      headers: { 'content-type': 'application/zip' },
    });
    expect(res.status).toBe(201);
  });
});

describe('the log line of an unexpected error', () => {
  it('is cut to a bounded length, saying how much was left out', () => {
    const error = new Error(`insert failed: params: ${'z'.repeat(5 * 1024 * 1024)}`, { cause: { detail: 'w'.repeat(1024 * 1024) } });
    const line = loggable(error);
    expect(line.length).toBeLessThanOrEqual(LOGGED_CHARS + 100);
    expect(line).toMatch(/^Error: insert failed: params: z+… \(\d+ more characters\)$/);
  });
});
