/**
 * The web app's calls against the server's OpenAPI document (ADR 20): every path
 * the client and its machines request, with its method, must be a route the server documents, so a
 * route and its caller cannot drift apart silently. The calls are read from the source, not run:
 * each `/api/…` (or `/auth…`, `/socket/…`) string or template, its `${…}` parts as path parameters,
 * and the `method:` written beside it (GET when none).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createTestContext, type TestContext } from '../../test/harness.ts';
import { clientCalls, type ClientCall } from '../../test/client-calls.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

function sources(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sources(path));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$|test-kit|\.d\.ts$/.test(name)) out.push(path);
  }
  return out;
}

type Route = { segments: string[]; methods: Set<string> };

const segmentsOf = (path: string) => path.replace(/\?.*$/, '').replace(/\/+$/, '').split('/').slice(1);
const isParam = (segment: string) => /^\{[^}]*\}$/.test(segment);

function matches(route: Route, call: ClientCall): boolean {
  const segments = segmentsOf(call.path);
  const length = call.prefix ? segments.length : route.segments.length;
  if (call.prefix ? segments.length > route.segments.length : segments.length !== route.segments.length) return false;
  for (let i = 0; i < length; i++) {
    const [want, have] = [route.segments[i]!, segments[i]!];
    if (isParam(want) || isParam(have)) continue;
    // A parameter inside a segment (`${kind}-upload-url`) stands for any text there.
    const pattern = new RegExp(
      `^${have
        .split('{}')
        .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
        .join('[^/]+')}$`,
    );
    if (!pattern.test(want)) return false;
  }
  return true;
}

let t: TestContext;
let routes: Route[];
let calls: ClientCall[];

beforeAll(async () => {
  t = await createTestContext();
  const doc = (await (await t.request('/api/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> };
  routes = Object.entries(doc.paths).map(([path, operations]) => ({
    segments: segmentsOf(path),
    methods: new Set(Object.keys(operations).map((m) => m.toUpperCase())),
  }));
  calls = [join(ROOT, 'src'), join(ROOT, 'machines')]
    .flatMap(sources)
    .flatMap((file) => clientCalls(readFileSync(file, 'utf8')).map((call) => ({ ...call, file: relative(ROOT, file) })));
});
afterAll(() => t.close());

describe("the web app's calls", () => {
  it('are found in the source (the reader sees the calls it should)', () => {
    // A floor, so a reader that silently stopped finding calls fails here rather than passing empty.
    expect(calls.length).toBeGreaterThan(100);
    expect(calls).toContainEqual(expect.objectContaining({ file: 'src/api/projects.ts', path: '/api/project/{}/', methods: ['PATCH'] }));
  });

  it('each name a path the server documents, with a method it answers', () => {
    const problems: string[] = [];
    for (const call of calls) {
      const found = routes.filter((route) => matches(route, call));
      if (found.length === 0) problems.push(`${call.file}: ${call.methods.join('/') || 'any'} ${call.path} — no such path`);
      else if (!call.prefix && !found.some((route) => call.methods.every((m) => route.methods.has(m)))) {
        problems.push(
          `${call.file}: ${call.methods.join('/')} ${call.path} — the path answers ${[...new Set(found.flatMap((r) => [...r.methods]))].join(', ')}`,
        );
      }
    }
    expect(problems).toEqual([]);
  });
});

describe('the reader', () => {
  it('reads literals, templates, helpers and the method beside them', () => {
    const source = [
      'const base = (p: number) => `/api/project/${p}/study`;',
      "api('/api/wind-profiles/');",
      "api(`/api/project/${id}/`, { method: 'PATCH', body });",
      "api(`${base(1)}/insight/${n}/`, { method: favorite ? 'POST' : 'DELETE' });",
      'const upload = `/api/project/${id}/uploads`;',
    ].join('\n');
    const found = clientCalls(source).map(({ path, methods, prefix }) => ({ path, methods, prefix }));
    expect(found).toEqual([
      { path: '/api/project/{}/study', methods: ['GET'], prefix: true },
      { path: '/api/wind-profiles/', methods: ['GET'], prefix: false },
      { path: '/api/project/{}/', methods: ['PATCH'], prefix: false },
      { path: '/api/project/{}/study/insight/{}/', methods: ['POST', 'DELETE'], prefix: false },
      { path: '/api/project/{}/uploads', methods: ['GET'], prefix: true },
    ]);
  });

  it('a made-up path fails the check', () => {
    const [call] = clientCalls("api('/api/projects-that-do-not-exist/', { method: 'POST' });");
    expect(routes.some((route) => matches(route, call!))).toBe(false);
  });
});
