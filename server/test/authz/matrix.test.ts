import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../harness.ts';
import { buildWorld, ROLES_OF_MATRIX, type World } from '../world.ts';
import { MATRIX, MIDDLEWARE_PATTERNS } from './matrix.ts';

let t: TestContext;
let world: World;
beforeAll(async () => {
  t = await createTestContext();
  world = await buildWorld(t.deps);
});
afterAll(() => t.close());

function registeredRoutes(): string[] {
  const keys = new Set<string>();
  for (const route of t.app.routes) {
    if (route.method === 'ALL' && MIDDLEWARE_PATTERNS.includes(route.path)) continue;
    keys.add(`${route.method} ${route.path}`);
  }
  return [...keys].sort();
}

const PARAMS: Record<string, (w: World) => number> = {
  id: (w) => w.projectId,
  projectId: (w) => w.projectId,
  studyId: (w) => w.studyId,
};

function fillPath(path: string, w: World): string {
  return path.replace(/:(\w+)/g, (_, name: string) => {
    const value = PARAMS[name];
    if (!value) throw new Error(`no world value for :${name} in ${path}; give the row a request()`);
    return String(value(w));
  });
}

describe('the authorization matrix', () => {
  it('has a row for every registered route, and no row without a route', () => {
    const routes = registeredRoutes();
    const missing = routes.filter((r) => !(r in MATRIX));
    const stale = Object.keys(MATRIX).filter((r) => !routes.includes(r));
    expect(missing, 'routes without a row in server/test/authz/matrix.ts').toEqual([]);
    expect(stale, 'rows for routes that are not registered').toEqual([]);
    console.log(`authorization matrix: ${routes.length} routes × ${ROLES_OF_MATRIX.length} roles = ${routes.length * ROLES_OF_MATRIX.length} cells`);
  });

  it('lists every role in every row', () => {
    for (const [key, row] of Object.entries(MATRIX)) {
      expect(Object.keys(row.expect).sort(), key).toEqual([...ROLES_OF_MATRIX].sort());
    }
  });

  for (const [key, row] of Object.entries(MATRIX)) {
    it(`${key} answers each role as designed`, async () => {
      const [method, path] = key.split(' ') as [string, string];
      const actual: Record<string, number> = {};
      for (const role of ROLES_OF_MATRIX) {
        const req = row.request?.(world, role) ?? {};
        const res = await t.request(req.path ?? fillPath(path, world), {
          method,
          token: world.tokens[role],
          headers: req.headers,
          ...(req.body !== undefined ? { json: req.body } : {}),
        });
        await res.arrayBuffer();
        actual[role] = res.status;
      }
      expect(actual).toEqual(row.expect);
    });
  }
});
