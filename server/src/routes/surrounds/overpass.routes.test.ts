/**
 * Surrounds fetched from the Overpass API: POST /api/project/{id}/surrounds/generate-overpass/
 * against a local server answering Overpass QL with recorded OSM XML (server/test/osm-servers.ts),
 * on the real database.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { startOsmServers, type OsmServers } from '../../../test/osm-servers.ts';
import { projects } from '../../db/schema/index.ts';
import type { ProjectSurrounds, Surrounds } from '@canopy/contract/surrounds.ts';
import type { Project } from '@canopy/contract/projects.ts';
import { settleBackground } from '../../jobs/background.ts';
import { readResultGlb } from '@canopy/engine/results/glb.ts';

let t: TestContext;
let w: World;
let osm: OsmServers;
const LONDON = { latitude: 51.5074, longitude: -0.1278 };

beforeAll(async () => {
  osm = await startOsmServers();
  t = await createTestContext({ OVERPASS_URL: osm.overpassUrl, OVERPASS_MAX_BYTES: '20000', OVERPASS_TIMEOUT_SECONDS: '25' });
  w = await buildWorld(t.deps);
});
afterAll(async () => {
  await t.close();
  await osm.close();
});
beforeEach(() => {
  osm.overpass.answer = 'buildings';
  osm.overpass.queries.length = 0;
});

async function newProject(values: { latitude?: number; longitude?: number } = LONDON): Promise<number> {
  const [row] = await t.database.db
    .insert(projects)
    .values({ name: 'London site', companyId: w.companyId, createdBy: w.ownerId, ...values })
    .returning({ id: projects.id });
  return row!.id;
}

const generate = (projectId: number, body: Record<string, unknown>, token = w.tokens.colleagueWithPermission) =>
  t.request(`/api/project/${projectId}/surrounds/generate-overpass/`, { method: 'POST', token, json: body });

describe('POST /api/project/{id}/surrounds/generate-overpass/', () => {
  it('asks Overpass for the buildings around the project and builds them with heights from height, levels and type', async () => {
    const projectId = await newProject();
    const res = await generate(projectId, { radius_m: 200 });
    expect(res.status).toBe(201);
    const surrounds = (await res.json()) as Surrounds;
    expect(surrounds).toMatchObject({ origin_latitude: 51.5074, origin_longitude: -0.1278, radius_m: 200, source_format: 'overpass', source_upload_id: null });
    expect(surrounds.footprints.map((f) => [f.name, f.height_m, f.height_source]).sort()).toEqual(
      [
        ['Strand House', 24, 'height'],
        ['', 15, 'levels'],
        // building=house without tags: two storeys; building=yes: three.
        ['', 6, 'default'],
        ['', 9, 'default'],
      ].sort(),
    );
    // The query is Overpass QL asking for OSM XML, buildings around the project, with their nodes.
    expect(osm.overpass.queries).toHaveLength(1);
    const query = osm.overpass.queries[0]!;
    expect(query).toMatch(/^\[out:xml\]\[timeout:25\]\[maxsize:\d+\];/);
    expect(query).toContain('way["building"](around:200,51.5074000,-0.1278000);');
    expect(query).toContain('relation["building"]["type"="multipolygon"](around:200,51.5074000,-0.1278000);');
    expect(query).toContain('(._;>;);');
    const got = (await (await t.request(`/api/project/${projectId}/surrounds/`, { token: w.tokens.colleague })).json()) as ProjectSurrounds;
    expect(got.surrounds?.building_count).toBe(4);
    const glb = await t.request(surrounds.glb_url, { token: w.tokens.colleague });
    expect(glb.status).toBe(200);
  });

  it('brings the mapped trees, tree row and park as landscaping, each height tagged or assumed, in the same answer', async () => {
    const projectId = await newProject();
    const surrounds = (await (await generate(projectId, { radius_m: 200 })).json()) as Surrounds;
    // One Overpass query asks for the trees and green areas with the buildings (Overpass QL "Around" and regular-expression filters).
    const query = osm.overpass.queries[0]!;
    expect(query).toContain('node["natural"="tree"](around:200,51.5074000,-0.1278000);');
    expect(query).toContain('way["natural"~"^(tree_row|wood)$"](around:200,51.5074000,-0.1278000);');
    expect(query).toContain('way["landuse"~"^(forest|grass)$"](around:200,51.5074000,-0.1278000);');
    expect(query).toContain('way["leisure"="park"](around:200,51.5074000,-0.1278000);');
    expect(query).toContain('relation["type"="multipolygon"]["natural"="wood"](around:200,51.5074000,-0.1278000);');
    expect(surrounds.landscaping.map((f) => [f.kind, f.height_m, f.height_source]).sort()).toEqual(
      [
        // natural=tree with height=14 and diameter_crown=10; an untagged one gets 8 m.
        ['tree', 14, 'height'],
        ['tree', 8, 'default'],
        // A 16.6 m tree row: a tree every 6 m (the default crown) and one at its end.
        ['tree_row', 8, 'default'],
        ['tree_row', 8, 'default'],
        ['tree_row', 8, 'default'],
        ['tree_row', 8, 'default'],
        ['park', 0.1, 'default'],
      ].sort(),
    );
    const tagged = surrounds.landscaping.find((f) => f.height_source === 'height')!;
    const xs = tagged.outer.map((p) => p[0]);
    expect(Math.max(...xs) - Math.min(...xs)).toBeCloseTo(10, 1);
    expect(surrounds.building_count).toBe(4);
    // The GLB holds them as role 2, apart from the ground (0) and the buildings (1).
    const glb = await readResultGlb(new Uint8Array(await (await t.request(surrounds.glb_url, { token: w.tokens.colleague })).arrayBuffer()));
    expect([...new Set(glb.fields.role)].sort()).toEqual([0, 1, 2]);
  });

  it('uses the origin given and keeps only buildings whose centre is within the radius', async () => {
    const projectId = await newProject();
    // 40 m radius around the office block: only it is inside.
    const res = await generate(projectId, { radius_m: 40, origin_latitude: 51.50765, origin_longitude: -0.1278 });
    expect(res.status).toBe(201);
    const surrounds = (await res.json()) as Surrounds;
    expect(surrounds.footprints.map((f) => f.name)).toEqual(['Strand House']);
    expect(osm.overpass.queries[0]).toContain('(around:40,51.5076500,-0.1278000)');
  });

  it('an empty area gives surrounds with no buildings, not an error', async () => {
    osm.overpass.answer = 'empty';
    const res = await generate(await newProject(), { radius_m: 100 });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ building_count: 0, footprints: [] });
  });

  it('refuses a radius past the limit before asking anyone, naming the field and the limit', async () => {
    const res = await generate(await newProject(), { radius_m: 2500 });
    expect(res.status).toBe(400);
    const body = (await res.json()) as Record<string, string[]>;
    expect(body.radius_m?.[0]).toMatch(/^At most 2000 m is fetched from OpenStreetMap at once/);
    expect((await generate(await newProject(), {})).status).toBe(400);
    expect(osm.overpass.queries).toHaveLength(0);
  });

  it('an answer past OVERPASS_MAX_BYTES is a 413 asking for a smaller radius', async () => {
    osm.overpass.answer = 'huge';
    const res = await generate(await newProject(), { radius_m: 1500 });
    expect(res.status).toBe(413);
    expect(((await res.json()) as { detail: string }).detail).toBe(
      'The OpenStreetMap data within 1500 m is larger than this installation reads (20 kB); choose a smaller radius, or upload an .osm extract.',
    );
  });

  it("Overpass's out-of-memory remark is the same 413; its timeout remark a 504; nothing is stored from a cut-short answer", async () => {
    const projectId = await newProject();
    osm.overpass.answer = 'memory-remark';
    expect((await generate(projectId, { radius_m: 1500 })).status).toBe(413);
    osm.overpass.answer = 'timeout-remark';
    const res = await generate(projectId, { radius_m: 1500 });
    expect(res.status).toBe(504);
    expect(((await res.json()) as { detail: string }).detail).toMatch(
      /ran out of time for 1500 m \(“runtime error: Query timed out in "recurse" at line 3 after 61 seconds\.”\); choose a smaller radius/,
    );
    const got = (await (await t.request(`/api/project/${projectId}/surrounds/`, { token: w.tokens.colleague })).json()) as ProjectSurrounds;
    expect(got.surrounds).toBeNull();
  });

  it('error pages, rate limits and dropped connections are clear messages, never a 500', async () => {
    const projectId = await newProject();
    osm.overpass.answer = 'parse-error';
    let res = await generate(projectId, { radius_m: 100 });
    expect(res.status).toBe(502);
    expect(((await res.json()) as { detail: string }).detail).toMatch(
      /^The OpenStreetMap server \(127\.0\.0\.1:\d+\) answered HTTP 400; upload an \.osm extract instead\.$/,
    );
    osm.overpass.answer = 'rate-limited';
    res = await generate(projectId, { radius_m: 100 });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('60');
    osm.overpass.answer = 'cut-off';
    res = await generate(projectId, { radius_m: 100 });
    expect(res.status).toBe(502);
    expect(((await res.json()) as { detail: string }).detail).toMatch(/was cut off; try again\.$/);
  });

  it('needs coordinates, and the right to change the project', async () => {
    const noCoordinates = await newProject({});
    const res = await generate(noCoordinates, { radius_m: 100 });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ origin_latitude: ['The project has no coordinates: give origin_latitude and origin_longitude.'] });
    expect((await generate(await newProject(), { radius_m: 100 }, w.tokens.colleague)).status).toBe(403);
    expect(osm.overpass.queries).toHaveLength(0);
  });
});

describe('POST /api/project/ with generateSurrounds and surrounds_radius_m', () => {
  it('fetches the surroundings from OpenStreetMap once the project exists', async () => {
    const res = await t.request('/api/project/', {
      method: 'POST',
      token: w.tokens.colleagueWithPermission,
      json: { name: 'Trafalgar', ...LONDON, generateSurrounds: true, surrounds_radius_m: 250 },
    });
    expect(res.status).toBe(201);
    const project = (await res.json()) as Project;
    await settleBackground(t.deps);
    const got = (await (await t.request(`/api/project/${project.id}/surrounds/`, { token: w.tokens.colleague })).json()) as ProjectSurrounds;
    expect(got.surrounds).toMatchObject({ source_format: 'overpass', radius_m: 250, building_count: 4 });
    expect(osm.overpass.queries[0]).toContain('(around:250,51.5074000,-0.1278000)');
  });

  it('when the fetch fails, the project says so in words on its detail, its list entry and its surroundings, until they are made', async () => {
    osm.overpass.answer = 'parse-error';
    const res = await t.request('/api/project/', {
      method: 'POST',
      token: w.tokens.colleagueWithPermission,
      json: { name: 'Offline Strand', ...LONDON, generateSurrounds: true, surrounds_radius_m: 250 },
    });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as Project;
    await settleBackground(t.deps);
    const expected =
      'The surroundings could not be fetched from OpenStreetMap: The OpenStreetMap server (' +
      new URL(osm.overpassUrl).host +
      ') answered HTTP 400; upload an .osm extract instead. Fetch them again from the Surroundings panel in Resources, or upload an .osm extract of the area there.';
    const detail = (await (await t.request(`/api/project/${id}/`, { token: w.tokens.colleague })).json()) as Project;
    expect(detail.surrounds_error).toBe(expected);
    const list = (await (await t.request('/api/project/?search=Offline%20Strand', { token: w.tokens.colleague })).json()) as {
      results: Array<{ id: number; surrounds_error: string | null }>;
    };
    expect(list.results.find((p) => p.id === id)?.surrounds_error).toBe(expected);
    const panel = (await (await t.request(`/api/project/${id}/surrounds/`, { token: w.tokens.colleague })).json()) as ProjectSurrounds;
    expect(panel).toMatchObject({ surrounds: null, surrounds_error: expected });

    // Fetching again from the surroundings panel makes them, and the note goes.
    osm.overpass.answer = 'buildings';
    expect((await generate(id, { radius_m: 250 })).status).toBe(201);
    const after = (await (await t.request(`/api/project/${id}/`, { token: w.tokens.colleague })).json()) as Project;
    expect(after.surrounds_error).toBeNull();
    const again = (await (await t.request(`/api/project/${id}/surrounds/`, { token: w.tokens.colleague })).json()) as ProjectSurrounds;
    expect(again.surrounds_error).toBeNull();
  });

  it('refuses a radius past the limit, naming the field', async () => {
    const res = await t.request('/api/project/', {
      method: 'POST',
      token: w.tokens.colleagueWithPermission,
      json: { name: 'Too wide', ...LONDON, generateSurrounds: true, surrounds_radius_m: 5000 },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ surrounds_radius_m: ['At most 2000 m is fetched from OpenStreetMap at once; choose a smaller radius.'] });
  });
});
