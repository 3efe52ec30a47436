/**
 * Bad input that used to answer 500 answers 400 naming the field, and saves
 * nothing: NUL characters in text (bodies, the login username, query strings, JSON documents),
 * deeply nested arrays where a choice is expected, a malformed URL, an STL whose every triangle is
 * degenerate sent to remesh-stl, and over-long sign-in names and addresses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { buildWorld, type World } from '../../test/world.ts';
import { caller } from '../../test/api.ts';
import { listenOnce, sendRaw, type Listening } from '../../test/socket-client.ts';
import { solarScenarioBody, uploadFile } from '../../test/world-scenarios.ts';
import { writeBinaryStl } from '@canopy/engine/geometry/index.ts';
import { projects, rateLimitCounters, users } from '../db/schema/index.ts';
import type { Configuration } from '@canopy/contract/scenarios.ts';
import { LONE_SURROGATE_MESSAGE, NUL_MESSAGE } from '../kernel/input-hygiene.ts';

let t: TestContext;
let w: World;
let server: Listening;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
  call = caller(t);
  server = await listenOnce(t.app);
});
afterAll(async () => {
  await server.close();
  await t.close();
});

const NUL = '\u0000';
const count = async (table: typeof projects | typeof users) => (await t.database.db.select().from(table)).length;

/** `"annual"` inside `depth` arrays, as JSON text (JSON.stringify itself overflows at such depths). */
function nested(depth: number): string {
  return `${'['.repeat(depth)}"annual"${']'.repeat(depth)}`;
}

/** Sends `fields` with one field given as raw JSON text. */
async function postRaw(path: string, token: string | undefined, fields: Record<string, unknown>, field: string, rawJson: string) {
  const text = JSON.stringify({ ...fields, [field]: '__RAW__' }).replace('"__RAW__"', rawJson);
  const res = await t.request(path, { method: 'POST', token, body: text, headers: { 'content-type': 'application/json' } });
  return { status: res.status, body: (await res.json()) as Record<string, string[]> };
}

describe('NUL characters', () => {
  it('in a text field of a body: 400 naming the field, nothing saved', async () => {
    const before = await count(projects);
    const res = await call('POST', '/api/project/', w.tokens.superuser, { name: `Tower${NUL}A`, location: 'Toronto' });
    expect(res).toEqual({ status: 400, body: { name: [NUL_MESSAGE] } });
    expect(await count(projects)).toBe(before);
  });

  it('in the login username or password, and in sign-up fields', async () => {
    expect(await call('POST', '/authjwt/create/', undefined, { username: `owner${NUL}`, password: 'x' })).toEqual({
      status: 400,
      body: { username: [NUL_MESSAGE] },
    });
    expect(await call('POST', '/authjwt/create/', undefined, { username: 'owner', password: `pass${NUL}` })).toEqual({
      status: 400,
      body: { password: [NUL_MESSAGE] },
    });
    const before = await count(users);
    const signUp = await call('POST', '/authusers/', undefined, {
      username: 'newbie',
      email: 'newbie@example.test',
      password: 'a long passphrase 42',
      first_name: `N${NUL}`,
    });
    expect(signUp).toEqual({ status: 400, body: { first_name: [NUL_MESSAGE] } });
    expect(await count(users)).toBe(before);
  });

  it('inside a JSON document, as a key or a value, named by its path', async () => {
    const study = `/api/project/${w.projectId}/study/${w.studyId}`;
    const insight = await call<{ id: number }>('POST', `${study}/insight`, w.tokens.superuser, { title: 'Drawings' });
    const view = await call<{ id: number }>('POST', `${study}/insight/${insight.body.id}/scene-view`, w.tokens.superuser, {
      view_json: { version: 1, layers: [{ name: `a${NUL}` }] },
    });
    expect(view).toEqual({ status: 400, body: { 'view_json.layers.0.name': [NUL_MESSAGE] } });
    const keyed = await call('POST', `${study}/insight/${insight.body.id}/scene-view`, w.tokens.superuser, { view_json: { version: 1, [`k${NUL}`]: 1 } });
    expect(keyed.status).toBe(400);
    expect(Object.keys(keyed.body as object)).toEqual(['view_json']);
    // Half a surrogate pair ("\ud800" in JSON) is refused by jsonb just the same.
    const lone = await call('POST', `${study}/insight/${insight.body.id}/scene-view`, w.tokens.superuser, {
      view_json: { version: 1, ['\ud800']: 'x', note: 'a\udc00' },
    });
    expect(lone).toEqual({ status: 400, body: { view_json: [LONE_SURROGATE_MESSAGE], 'view_json.note': [LONE_SURROGATE_MESSAGE] } });
  });

  it('in the search and met_id query strings', async () => {
    expect(await call('GET', `/api/project/?search=${encodeURIComponent(`tow${NUL}er`)}`, w.tokens.projectAdmin)).toEqual({
      status: 400,
      body: { search: [NUL_MESSAGE] },
    });
    expect(await call('GET', `/api/project/${w.projectId}/weather-summary/?met_id=${encodeURIComponent(`72${NUL}`)}`, w.tokens.projectAdmin)).toEqual({
      status: 400,
      body: { met_id: [NUL_MESSAGE] },
    });
  });
});

describe('deeply nested values', () => {
  it('where a choice is expected: 400 naming the field, not a stack overflow', async () => {
    for (const depth of [100, 20_000]) {
      const res = await postRaw(
        `/api/project/${w.projectId}/configuration/`,
        w.tokens.projectAdmin,
        { ...solarScenarioBody('Nested', w.scenarios.uploads) },
        'seasons',
        `[${nested(depth)}]`,
      );
      expect(res.status).toBe(400);
      expect(Object.keys(res.body)).toContain('seasons.0');
    }
  });

  it('anywhere in a body: 400, not 500', async () => {
    const res = await postRaw('/api/project/', w.tokens.superuser, { name: 'Deep' }, 'location', nested(30_000));
    expect(res.status).toBe(400);
    expect(Object.keys(res.body)).toEqual(['location']);
  });
});

describe('malformed URLs', () => {
  it('GET /% and other bad escapes: 400', async () => {
    for (const path of ['/%', '/api/%', '/api/project/%zz/', '/assets/%E0%A4%A.js']) {
      const answer = await sendRaw(server.port, `GET ${path} HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n`);
      expect(answer.split('\r\n')[0], path).toBe('HTTP/1.1 400 Bad Request');
    }
  });
});

describe('remesh-stl on an STL whose every triangle is degenerate', () => {
  it('answers 400 naming upload_id and stores nothing', async () => {
    const flat = new Float32Array(12 * 9);
    for (let i = 0; i < flat.length; i += 3) flat.set([1, 2, 3], i);
    const upload = await uploadFile(t.deps, w.projectId, w.ownerId, 'collapsed.stl', writeBinaryStl(flat));
    const created = await call<Configuration>('POST', `/api/project/${w.projectId}/configuration/`, w.tokens.projectAdmin, {
      ...solarScenarioBody('Collapsed', w.scenarios.uploads),
      geometry: { study: [upload], ground: [w.scenarios.uploads.ground], presentation_planes: [w.scenarios.uploads.plane] },
    });
    expect(created.status).toBe(201);
    const scenario = created.body;
    const res = await call(
      'POST',
      `/api/project/${w.projectId}/configuration/${scenario.id}/simulation/${scenario.simulations[0]!.id}/remesh-stl/`,
      w.tokens.projectAdmin,
      {
        upload_id: upload,
        role: 'study',
      },
    );
    expect(res.status).toBe(400);
    expect(Object.keys(res.body as object)).toEqual(['upload_id']);
  });
});

describe('over-long names', () => {
  it('a 20 KB username at sign-in and sign-up, a 20 KB address at reset and code requests: 400, never 500', async () => {
    const long = 'u'.repeat(20_000);
    expect(await call('POST', '/authjwt/create/', undefined, { username: long, password: 'x' })).toEqual({
      status: 400,
      body: { username: ['Ensure this field has no more than 150 characters.'] },
    });
    expect((await call('POST', '/authusers/', undefined, { username: long, email: 'x@example.test', password: 'a long passphrase 42' })).status).toBe(400);
    const email = `${'e'.repeat(20_000)}@example.test`;
    for (const path of ['/authusers/reset_password/', '/api/one-time-password/generate']) {
      const res = await call('POST', path, undefined, { email });
      expect(res.status, path).toBe(400);
      expect(Object.keys(res.body as object)).toEqual(['email']);
    }
    expect((await call('POST', '/authjwt/create/', undefined, { email, otp: '123456' })).status).toBe(400);
    // Nothing of those names reached the counters.
    const keys = (await t.database.db.select({ key: rateLimitCounters.key }).from(rateLimitCounters)).map((r) => r.key);
    expect(keys.every((key) => key.length < 300)).toBe(true);
  });
});
