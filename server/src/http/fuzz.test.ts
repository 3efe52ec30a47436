/**
 * The API fuzz suite: every write route of the OpenAPI document, and every read route
 * that takes a query string, driven with generated bodies and query strings — wrong types, NUL
 * characters, huge and deeply nested values, unicode, numbers JSON or the database cannot hold,
 * bodies that are not JSON. For every answer: never a 5xx; a 400 is DRF-shaped and names fields of
 * the request (or says what was wrong with it as a whole); and a 400 saved nothing (a digest of
 * every table before and after). Bounded: a fixed number of runs per route (FUZZ_RUNS), a fixed
 * seed (FUZZ_SEED); it prints how many requests it sent.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { buildWorld, type World } from '../../test/world.ts';
import { changedTables, databaseDigest, tableNames } from '../../test/db-digest.ts';
import { hostileString, hostileValue, plausible, rawBody } from '../../test/fuzz-values.ts';
import { settleBackground } from '../jobs/background.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 10);
const SEED = Number(process.env.FUZZ_SEED ?? 1717);

interface Schema {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  allOf?: Schema[];
  anyOf?: Schema[];
  oneOf?: Schema[];
}
interface Operation {
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
}
interface Doc {
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

let t: TestContext;
let w: World;
let doc: Doc;
let tables: string[];
let sent = 0;
const statuses = new Map<number, number>();

beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
  doc = (await (await t.request('/api/openapi.json')).json()) as Doc;
  tables = await tableNames(t.database.db);
}, 120_000);
afterAll(async () => {
  console.log(
    `fuzz: sent ${sent} requests (seed ${SEED}, ${RUNS} runs per route); answers by status: ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`,
  );
  if (t) await settleBackground(t.deps);
  await t?.close();
});

function resolve(schema: Schema | undefined): Schema {
  let current = schema ?? {};
  for (let i = 0; i < 10 && current.$ref; i++) current = doc.components.schemas[current.$ref.split('/').at(-1)!] ?? {};
  const parts = current.allOf ?? current.anyOf ?? current.oneOf;
  if (parts && !current.properties) {
    const properties = Object.assign({}, ...parts.map((part) => resolve(part).properties ?? {})) as Record<string, Schema>;
    return { ...current, properties };
  }
  return current;
}

const typeOf = (schema: Schema): string | undefined => {
  const type = resolve(schema).type;
  return Array.isArray(type) ? type.find((x) => x !== 'null') : type;
};

/** Objects of the world to put in paths, so requests reach the handlers' own checks. */
function pathValue(path: string, name: string): string {
  const ids: Record<string, number> = {
    studyId: w.studyId,
    // A scenario made through the API (the analyses world's rows carry no inputs).
    cid: w.scenarios.configurationId,
    sid: w.scenarios.simulationId,
    insightId: w.insights.publishedInsightId,
    childId: w.insights.sceneViewId,
    shareId: w.projects.pendingShareId,
    userId: w.userIds.colleague,
    user_id: w.userIds.colleague,
    uploadId: w.uploads.uploadId,
    imageId: w.insights.studyImageId,
    reportId: w.insights.reportId,
    drawingId: w.insights.drawingId,
  };
  if (name === 'id') {
    if (path.startsWith('/api/company/users/')) return String(w.userIds.colleague);
    if (path.startsWith('/api/company/share-groups/')) return String(w.projects.shareGroupId);
    if (path.startsWith('/api/eula/')) return String(w.eulaId);
    if (path.startsWith('/api/user/project-shares/')) return String(w.projects.pendingShareId);
    return String(w.projectId);
  }
  if (name === 'provider') return 'oidc';
  return String(ids[name] ?? 1);
}

interface Target {
  method: string;
  path: string;
  url: string;
  query: string[];
  properties: Record<string, Schema> | undefined;
  json: boolean;
}

function targets(): Target[] {
  const list: Target[] = [];
  for (const [path, operations] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const query = (operation.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name);
      const body = operation.requestBody?.content?.['application/json']?.schema;
      if (method === 'get' && query.length === 0) continue;
      if (path.startsWith('/blobs/')) continue; // a file body, fuzzed by the upload tests
      const url = path.replace(/\{(\w+)\}/g, (_m, name: string) => pathValue(path, name));
      list.push({ method: method.toUpperCase(), path, url, query, properties: body ? resolve(body).properties : undefined, json: Boolean(body) });
    }
  }
  // Deletions last, so the objects the other routes name still exist while they run.
  return list.sort((a, b) => Number(a.method === 'DELETE') - Number(b.method === 'DELETE'));
}

const ids = () => [w.projectId, w.studyId, w.analyses.simulationId, w.uploads.uploadId, w.userIds.colleague];

/** A body for `target`: its own fields with some hostile, or a hostile value, or raw text. */
function bodyArbitrary(target: Target): fc.Arbitrary<{ text: string; fields: boolean }> {
  const properties = target.properties ?? {};
  const names = Object.keys(properties);
  const mixed = fc
    .tuple(
      ...names.map((name) => fc.oneof(plausible(typeOf(properties[name]!), ids()), hostileValue)),
      fc.dictionary(hostileString, hostileValue, { maxKeys: 2 }),
    )
    .map((values) => {
      const extra = values.pop() as Record<string, unknown>;
      const object: Record<string, unknown> = { ...extra };
      names.forEach((name, i) => {
        if (values[i] !== undefined) object[name] = values[i];
      });
      return { text: JSON.stringify(object), fields: true };
    });
  // Every field plausible but one: what reaches past validation to the services and the database.
  const oneBad =
    names.length === 0
      ? mixed
      : fc
          .tuple(fc.nat({ max: names.length - 1 }), fc.tuple(...names.map((name) => plausible(typeOf(properties[name]!), ids()))), hostileValue)
          .map(([bad, values, hostile]) => ({
            text: JSON.stringify(Object.fromEntries(names.map((name, i) => [name, i === bad ? hostile : values[i]]))),
            fields: true,
          }));
  return fc.oneof(
    { weight: 5, arbitrary: oneBad },
    { weight: 3, arbitrary: mixed },
    { weight: 2, arbitrary: hostileValue.map((value) => ({ text: JSON.stringify(value) ?? 'null', fields: false })) },
    { weight: 2, arbitrary: rawBody.map((text) => ({ text, fields: false })) },
  );
}

function queryArbitrary(target: Target): fc.Arbitrary<string> {
  if (target.query.length === 0) return fc.constant('');
  return fc
    .array(
      fc.tuple(
        fc.constantFrom(...target.query),
        hostileString.map((s) => s.slice(0, 2000)),
      ),
      { maxLength: target.query.length + 1 },
    )
    .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${encodeQueryValue(v)}`).join('&')}` : ''));
}

/** encodeURIComponent refuses lone surrogates: send them as the bytes of one, invalid UTF-8 the server must survive. */
function encodeQueryValue(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return [...value]
      .map((ch) => {
        try {
          return encodeURIComponent(ch);
        } catch {
          return '%ED%A0%80';
        }
      })
      .join('');
  }
}

function topLevelKeys(text: string | undefined): string[] {
  try {
    const value: unknown = text === undefined ? undefined : JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
  } catch {
    return [];
  }
}

/** fast-check's report holds the whole counterexample (20 KB strings included): keep the start. */
async function bounded(run: Promise<void>): Promise<void> {
  try {
    await run;
  } catch (error) {
    const squeeze = (text: string) => text.replace(/(.)\1{20,}/g, (run, ch: string) => `${ch}×${run.length}`).slice(0, 3000);
    const cause = (error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : '';
    throw new Error(`${squeeze(cause)}\n${squeeze(String((error as Error).message))}`);
  }
}

/** What a 400 may say: DRF's {detail} or field errors whose names come from the request. */
function checkBadRequest(target: Target, body: unknown, sentKeys: readonly string[], label: string): void {
  expect(body, `a 400 has a JSON object body: ${label}`).toBeTypeOf('object');
  if (typeof (body as { detail?: unknown }).detail === 'string') return;
  // Field errors: {field: [messages]}; scalar extras are details of one (met-sources adds line and field).
  const fields = Object.entries(body as Record<string, unknown>).filter(([, value]) => Array.isArray(value));
  expect(fields.length, `a 400 names a field or says what is wrong: ${label}`).toBeGreaterThan(0);
  const known = new Set([...Object.keys(target.properties ?? {}), ...sentKeys, ...target.query, 'non_field_errors']);
  for (const [field, messages] of fields) {
    expect(
      (messages as unknown[]).every((m) => typeof m === 'string' && m.length > 0),
      `messages of ${field}: ${label}`,
    ).toBe(true);
    expect(
      [...known].some((name) => field === name || field.startsWith(`${name}.`)),
      `400 names "${field}", not a field of the request: ${label}`,
    ).toBe(true);
  }
}

describe('fuzzing the API', () => {
  it('answers every generated request without a 5xx; 400s name the field and save nothing', async () => {
    const db = t.database.db;
    let baseline = await databaseDigest(db, tables);
    const list = targets();
    expect(list.length).toBeGreaterThan(100);
    for (const target of list) {
      const arbitrary = fc.tuple(target.json ? bodyArbitrary(target) : fc.constant(undefined), queryArbitrary(target));
      await bounded(
        fc.assert(
          fc.asyncProperty(arbitrary, async ([body, query]) => {
            const headers: Record<string, string> = { authorization: `Bearer ${w.tokens.superuser}` };
            if (body) headers['content-type'] = 'application/json';
            const res = await t.app.request(target.url + query, { method: target.method, headers, body: body?.text });
            sent++;
            statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
            const text = await res.text();
            const label = `${target.method} ${target.url}${query} ${body?.text.slice(0, 300) ?? ''} → ${res.status} ${text.slice(0, 300)}`;
            expect(res.status, label).toBeLessThan(500);
            // Work a request left running (mails, site data) lands before the digest, not after it.
            await settleBackground(t.deps);
            if (res.status === 400) {
              checkBadRequest(target, res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text, topLevelKeys(body?.text), label);
              const after = await databaseDigest(db, tables);
              expect(changedTables(baseline, after), `a 400 changed tables: ${label}`).toEqual([]);
            } else {
              baseline = await databaseDigest(db, tables);
            }
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: true },
        ),
      );
    }
  }, 600_000);
});
