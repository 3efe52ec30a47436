/** The viewer's study routes, tags, asset download and reference data over HTTP. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { assets, simulations } from '../../db/schema/index.ts';
import { seedFixtureResults } from '../../../test/viewer-fixtures.ts';
import type { SimulationView } from '../../contexts/results/viewer/simulations.ts';
import { readResultGlb } from '@canopy/engine/results/glb.ts';

let t: TestContext;
let w: World;
beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
});
afterAll(() => t.close());

const study = () => `/api/project/${w.projectId}/study/${w.studyId}`;
const get = async <T>(path: string, token = w.tokens.colleague) => {
  const res = await t.request(path, { token });
  expect(res.status, path).toBe(200);
  return (await res.json()) as T;
};

describe('simulations with assets', () => {
  it('lists the study simulations with SPEC §3 fields and derived filter fields', async () => {
    await t.database.db.insert(assets).values({
      simulationId: w.analyses.simulationId,
      layerType: 'data',
      analysisType: 'wind-comfort',
      metric: 'comfort-class',
      season: { name: 'Jun–Aug', start: '06-01', end: '08-31' },
      timeRange: { name: 'custom', start_time: '07:00:00', end_time: '23:00:00' },
      qualifiers: { threshold: '5 m/s', criterion: 'lawson-lddc' },
      postProcessingTag: { name: 'Mitigated', description: 'With trees', date: '2026-11-01' },
      filename: 'comfort.glb',
    });
    const list = await get<SimulationView[]>(`${study()}/simulation/`);
    const sim = list.find((s) => s.id === w.analyses.simulationId)!;
    expect(sim.configuration).toEqual({ id: w.analyses.configurationId });
    const comfort = sim.assets.find((a) => a.filename === 'comfort.glb')!;
    expect(comfort).toMatchObject({
      season: null,
      season_range: { name: 'Jun–Aug', start: '06-01', end: '08-31' },
      season_filter: 'Jun–Aug',
      time_filter: '07:00-23:00',
      qualifier: 'lawson-lddc · 5 m/s',
      post_processing_tag: { name: 'Mitigated', description: 'With trees', date: '2026-11-01' },
    });
    const one = await get<SimulationView>(`${study()}/simulation/${w.analyses.simulationId}`);
    expect(one.assets.length).toBe(sim.assets.length);
    expect((await t.request(`${study()}/simulation/999999/`, { token: w.tokens.colleague })).status).toBe(404);
    expect((await t.request(`/api/project/${w.projectId}/study/999999/simulation/`, { token: w.tokens.colleague })).status).toBe(404);
  });

  it('serves an asset and its GLB only through the authorised route', async () => {
    const base = `/api/project/${w.projectId}/configuration/${w.analyses.configurationId}/simulation/${w.analyses.simulationId}/simulation-asset/${w.viewer.assetId}`;
    expect(await get(`${base}/`)).toMatchObject({ id: w.viewer.assetId, wind_direction: '45' });
    const res = await t.request(`${base}/download/`, { token: w.tokens.colleague });
    expect(res.headers.get('content-type')).toBe('model/gltf-binary');
    const bytes = new Uint8Array(await res.arrayBuffer());
    // Streamed from the blob store with its length declared.
    expect(Number(res.headers.get('content-length'))).toBe(bytes.byteLength);
    const mesh = await readResultGlb(bytes);
    expect(mesh.fields.speedRatio).toBeDefined();
    expect((await t.request(`${base}/download/`, { token: w.tokens.otherCompany })).status).toBe(404);
    // an asset without a stored file (the world's row-only assets) is not found, not a 500
    const [rowOnly] = await t.database.db.select().from(assets).limit(1);
    expect((await t.request(`${base.replace(/\d+$/, String(rowOnly!.id))}/download/`, { token: w.tokens.colleague })).status).toBe(404);
  });
});

describe('camera positions', () => {
  it('saves, renames, moves and deletes', async () => {
    const camera = { position: [1, 2, 3], target: [0, 0, 0], fov: 45 };
    const created = await t.request(`${study()}/camera-position/`, { method: 'POST', token: w.tokens.projectAdmin, json: { name: 'Plaza', camera } });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    const patched = await t.request(`${study()}/camera-position/${id}/`, {
      method: 'PATCH',
      token: w.tokens.projectAdmin,
      json: { name: 'Plaza east', camera: { ...camera, position: [5, 5, 5] } },
    });
    expect(await patched.json()).toEqual({ id, name: 'Plaza east', camera: { ...camera, position: [5, 5, 5] } });
    const list = await get<Array<{ id: number }>>(`${study()}/camera-position`);
    expect(list.map((c) => c.id)).toContain(id);
    expect((await t.request(`${study()}/camera-position/${id}`, { method: 'DELETE', token: w.tokens.projectAdmin })).status).toBe(204);
    expect((await t.request(`${study()}/camera-position/${id}`, { method: 'DELETE', token: w.tokens.projectAdmin })).status).toBe(404);
    const bad = await t.request(`${study()}/camera-position/`, { method: 'POST', token: w.tokens.projectAdmin, json: { camera: { position: [1, 2] } } });
    expect(bad.status).toBe(400);
  });
});

describe('user-selected layers', () => {
  const layers = (sim = w.analyses.simulationId) => `${study()}/user-selected-layer/?simulation_id=${sim}`;

  it("POST replaces the user's list for a simulation; other users keep theirs; DELETE one and all", async () => {
    const post = (token: string | undefined, identifiers: string[]) =>
      t.request(`${study()}/user-selected-layer/`, {
        method: 'POST',
        token,
        json: { simulation_id: w.analyses.simulationId, layers: identifiers.map((identifier) => ({ identifier, view_id: 'left' })) },
      });
    expect((await post(w.tokens.colleague, ['a', 'b'])).status).toBe(201);
    expect((await post(w.tokens.projectAdmin, ['z'])).status).toBe(201);
    const replaced = (await (await post(w.tokens.colleague, ['b', 'c'])).json()) as Array<{
      id: number;
      identifier: string;
      simulation_id: number;
      view_id: string;
    }>;
    expect(replaced.map((l) => l.identifier)).toEqual(['b', 'c']);
    expect(replaced[0]).toMatchObject({ simulation_id: w.analyses.simulationId, view_id: 'left' });
    expect((await get<Array<{ identifier: string }>>(layers())).map((l) => l.identifier)).toEqual(['b', 'c']);
    expect((await get<Array<{ identifier: string }>>(layers(), w.tokens.projectAdmin)).map((l) => l.identifier)).toEqual(['z']);

    // someone else's layer is not found
    expect((await t.request(`${study()}/user-selected-layer/${replaced[0]!.id}/`, { method: 'DELETE', token: w.tokens.projectAdmin })).status).toBe(404);
    expect((await t.request(`${study()}/user-selected-layer/${replaced[0]!.id}/`, { method: 'DELETE', token: w.tokens.colleague })).status).toBe(204);
    expect((await get<unknown[]>(layers())).length).toBe(1);
    expect((await t.request(layers(), { method: 'DELETE', token: w.tokens.colleague })).status).toBe(204);
    expect(await get<unknown[]>(layers())).toEqual([]);
    expect((await get<unknown[]>(layers(), w.tokens.projectAdmin)).length).toBe(1);
  });

  it('DELETE all without simulation_id, or with a bad one, is a field error', async () => {
    const res = await t.request(`${study()}/user-selected-layer/`, { method: 'DELETE', token: w.tokens.colleague });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ simulation_id: ['This field is required.'] });
    expect((await t.request(`${study()}/user-selected-layer/?simulation_id=abc`, { method: 'DELETE', token: w.tokens.colleague })).status).toBe(400);
  });
});

describe('post-processing tags', () => {
  it('creates and lists; names are unique per project; date must be a date', async () => {
    const path = `/api/project/${w.projectId}/post-processing-tag`;
    const created = await t.request(path, {
      method: 'POST',
      token: w.tokens.projectAdmin,
      json: { name: 'Trees added', description: 'Option B', date: '2026-10-30' },
    });
    expect(created.status).toBe(201);
    expect(await created.json()).toMatchObject({ name: 'Trees added', description: 'Option B', date: '2026-10-30' });
    const again = await t.request(`${path}/`, { method: 'POST', token: w.tokens.projectAdmin, json: { name: 'Trees added' } });
    expect(again.status).toBe(400);
    expect((await t.request(path, { method: 'POST', token: w.tokens.projectAdmin, json: { name: 'X', date: '30/10/2026' } })).status).toBe(400);
    expect((await get<Array<{ name: string }>>(path)).map((tag) => tag.name)).toContain('Trees added');
  });
});

describe('reference data', () => {
  it('job types carry engines, metrics, units, legends and codes; graphs and templates are listed', async () => {
    const types = await get<Array<{ id: string; code: string; metrics: Array<{ metric: string; units: string; legends: string[] }> }>>('/api/job-type/');
    const comfort = types.find((x) => x.id === 'wind-comfort')!;
    expect(comfort.code).toBe('PLW');
    expect(comfort.metrics[0]!.legends).toContain('wind-comfort-lawson-lddc');
    expect(types.find((x) => x.id === 'solar-sunlit')!.metrics[0]).toMatchObject({ metric: 'pct-sunlit', units: '%' });
    const graphs = await get<Array<{ kind: string }>>('/api/data-criteria-graph-definition');
    expect(graphs.map((g) => g.kind)).toEqual(expect.arrayContaining(['exceedance-vs-threshold', 'area-per-class', 'hourly-distribution']));
    const templates = await get<Array<{ kind: string }>>('/api/global-template/');
    expect(templates.map((x) => x.kind).sort()).toEqual(['insight', 'report']);
  });
});

describe('fixture results (tests/fixtures/viewer-results.ts) through the API', () => {
  it('a seeded simulation lists every fixture layer with filter fields, and each file decodes', async () => {
    const [sim] = await t.database.db
      .insert(simulations)
      .values({ configurationId: w.analyses.configurationId, category: 'fixture' })
      .returning({ id: simulations.id });
    const ids = await seedFixtureResults(t.deps, sim!.id);
    const view = await get<SimulationView>(`${study()}/simulation/${sim!.id}/`);
    expect(view.assets.map((a) => a.id)).toEqual(ids);
    expect(new Set(view.assets.map((a) => a.layer_type))).toEqual(new Set(['geometry', 'data']));
    expect(view.assets.filter((a) => a.time_filter === '06:00-09:00')).toHaveLength(2);
    expect(view.assets.find((a) => a.analysis_type === 'solar-sunlit')!.qualifier).toBe('clear');
    const base = `/api/project/${w.projectId}/configuration/${w.analyses.configurationId}/simulation/${sim!.id}/simulation-asset`;
    for (const asset of view.assets) {
      const res = await t.request(`${base}/${asset.id}/download/`, { token: w.tokens.colleague });
      const mesh = await readResultGlb(new Uint8Array(await res.arrayBuffer()));
      expect(mesh.positions.length, asset.filename).toBeGreaterThan(0);
    }
  });
});
