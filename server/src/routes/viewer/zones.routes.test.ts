/** A study's zones over HTTP against the real database: saved, listed, changed, refused. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';

let t: TestContext;
let w: World;
beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
});
afterAll(() => t.close());

const zones = () => `/api/project/${w.projectId}/study/${w.studyId}/zone`;
const plaza = {
  name: 'Plaza',
  use: 'sitting-long',
  polygon: [
    [0, 0],
    [20, 0],
    [20, 15],
    [0, 15],
  ],
};

async function post(body: unknown, token = w.tokens.projectAdmin) {
  return t.request(`${zones()}/`, { method: 'POST', token, json: body });
}

describe('study zones', () => {
  it('saves a zone with its use and author, lists it for a colleague, renames, redraws and deletes it', async () => {
    const created = await post(plaza);
    expect(created.status).toBe(201);
    const zone = (await created.json()) as { id: number; author: number; created_at: string };
    expect(zone).toMatchObject({ name: 'Plaza', use: 'sitting-long', polygon: plaza.polygon });
    expect(zone.author).toBe(w.userIds.projectAdmin);

    const list = await t.request(zones(), { token: w.tokens.colleague });
    expect(list.status).toBe(200);
    expect(((await list.json()) as Array<{ id: number }>).map((z) => z.id)).toContain(zone.id);

    const patched = await t.request(`${zones()}/${zone.id}/`, {
      method: 'PATCH',
      token: w.tokens.projectAdmin,
      json: {
        name: 'Plaza east',
        use: 'standing',
        polygon: [
          [0, 0],
          [5, 0],
          [5, 5],
        ],
      },
    });
    expect(patched.status).toBe(200);
    expect(await patched.json()).toMatchObject({
      id: zone.id,
      name: 'Plaza east',
      use: 'standing',
      polygon: [
        [0, 0],
        [5, 0],
        [5, 5],
      ],
    });

    expect((await t.request(`${zones()}/${zone.id}`, { method: 'DELETE', token: w.tokens.projectAdmin })).status).toBe(204);
    expect((await t.request(`${zones()}/${zone.id}`, { method: 'DELETE', token: w.tokens.projectAdmin })).status).toBe(404);
  });

  it('answers 400 naming the field for an empty name, too few points, a crossing or non-finite outline and an unknown use', async () => {
    const cases: Array<[unknown, string, RegExp]> = [
      [{ ...plaza, name: '  ' }, 'name', /blank/],
      [
        {
          ...plaza,
          polygon: [
            [0, 0],
            [1, 1],
          ],
        },
        'polygon',
        /at least 3 points/,
      ],
      [
        {
          ...plaza,
          polygon: [
            [0, 0],
            [10, 10],
            [10, 0],
            [0, 10],
          ],
        },
        'polygon',
        /crosses itself/,
      ],
      [
        {
          ...plaza,
          polygon: [
            [0, 0],
            [10, 0],
            [10, 2e6],
          ],
        },
        'polygon',
        /within 1000 km/,
      ],
      // JSON has no Infinity or NaN: a client's non-finite number arrives as null
      [
        {
          ...plaza,
          polygon: [
            [0, 0],
            [10, 0],
            [10, null],
          ],
        },
        'polygon.2.1',
        /finite/,
      ],
      [
        {
          ...plaza,
          polygon: [
            [0, 0],
            [10, 0],
            ['a', 3],
          ],
        },
        'polygon.2.0',
        /finite/,
      ],
      [{ ...plaza, use: 'skateboarding' }, 'use', /not a valid choice/],
    ];
    for (const [body, field, message] of cases) {
      const res = await post(body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      const errors = (await res.json()) as Record<string, string[]>;
      expect(Object.keys(errors), JSON.stringify(body)).toContain(field);
      expect(errors[field]!.join(' ')).toMatch(message);
    }
    const created = (await (await post(plaza)).json()) as { id: number };
    const bad = await t.request(`${zones()}/${created.id}`, { method: 'PATCH', token: w.tokens.projectAdmin, json: { name: '' } });
    expect(bad.status).toBe(400);
    expect(Object.keys((await bad.json()) as object)).toEqual(['name']);
  });

  it("refuses another company's user with 404 and a read-only colleague with 403", async () => {
    const created = (await (await post(plaza)).json()) as { id: number };
    expect((await t.request(zones(), { token: w.tokens.otherCompany })).status).toBe(404);
    expect((await post(plaza, w.tokens.otherCompany)).status).toBe(404);
    expect((await t.request(`${zones()}/${created.id}`, { method: 'DELETE', token: w.tokens.otherCompany })).status).toBe(404);
    expect((await post(plaza, w.tokens.colleague)).status).toBe(403);
    expect((await t.request(`${zones()}/${created.id}`, { method: 'PATCH', token: w.tokens.colleague, json: { name: 'Mine' } })).status).toBe(403);
    // a zone of the study is not reachable through another study's path
    expect((await t.request(`/api/project/${w.projectId}/study/999999/zone/${created.id}`, { method: 'DELETE', token: w.tokens.projectAdmin })).status).toBe(
      404,
    );
  });
});
