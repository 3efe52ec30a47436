/** Results ingestion over HTTP: good GLB, STL and CSV files; truncated GLB, CSV missing a column, STL with NaN; all-or-nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { planeGlb, uploadFile } from '../../../test/viewer-fixtures.ts';
import { assets, simulations } from '../../db/schema/index.ts';
import type { AssetView } from '../../contexts/results/viewer/assets.ts';
import type { SimulationView } from '../../contexts/results/viewer/simulations.ts';
import { readResultGlb } from '@canopy/engine/results/glb.ts';
import { writeBinaryStl } from '@canopy/engine/geometry/stl/writer.ts';

let t: TestContext;
let w: World;
let glb: Uint8Array;
beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
  glb = await planeGlb();
});
afterAll(() => t.close());

const upload = (name: string, bytes: Uint8Array | string) => uploadFile(t.deps, w.projectId, w.ownerId, name, bytes);
const cube = () => {
  // two triangles of a unit square: enough for the reader
  return Float32Array.from([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 0, 0, 1, 1, 0, 0, 1, 0]);
};
const addResults = (results: unknown[], token = w.tokens.projectAdmin) =>
  t.request(`/api/project/${w.projectId}/configuration/${w.analyses.configurationId}/add-result-simulations/`, {
    method: 'POST',
    token,
    json: { category: 'external-cfd', results },
  });
const assetCount = async () => (await t.database.db.select({ id: assets.id }).from(assets)).length;
const simulationCount = async () => (await t.database.db.select({ id: simulations.id }).from(simulations)).length;

async function download(asset: AssetView, simulationId: number): Promise<Uint8Array> {
  const res = await t.request(
    `/api/project/${w.projectId}/configuration/${w.analyses.configurationId}/simulation/${simulationId}/simulation-asset/${asset.id}/download/`,
    { token: w.tokens.colleague },
  );
  expect(res.status).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

describe('POST …/add-result-simulations/', () => {
  it('ingests a GLB, an STL and CSV points (interpolated onto the plane) as one new simulation', async () => {
    const glbId = await upload('speed.glb', glb);
    const planeRes = await addResults([
      {
        upload_id: glbId,
        wind_direction: '0',
        season: { name: 'Summer' },
        time_range: { name: 'custom', start_time: '09:00', end_time: '17:00' },
        qualifiers: { height: '1.5 m' },
      },
    ]);
    expect(planeRes.status).toBe(201);
    const planeSim = (await planeRes.json()) as SimulationView;
    const plane = planeSim.assets[0]!;
    expect(plane).toMatchObject({
      layer_type: 'data',
      analysis_type: 'wind-directional',
      metric: 'speed-ratio',
      season_filter: 'Summer',
      time_filter: '09:00-17:00',
      qualifier: '1.5 m',
    });

    const stlId = await upload('tower.stl', writeBinaryStl(cube(), 'tower'));
    const csvId = await upload('probe.csv', 'x,y,z,utci\n0,0,1.5,20\n10,0,1.5,30\n0,10,1.5,20\n10,10,1.5,30\n');
    const res = await addResults([
      { upload_id: stlId, geometry_type: 'study-proposed' },
      { upload_id: csvId, analysis_type: 'thermal-comfort', metric: 'utci', units: '°C', presentation_plane_asset_id: plane.id, interpolation: 'nearest' },
    ]);
    expect(res.status).toBe(201);
    const sim = (await res.json()) as SimulationView;
    expect(sim.category).toBe('external-cfd');
    const [stl, csv] = sim.assets;
    expect(stl).toMatchObject({ layer_type: 'geometry', geometry_type: 'study-proposed', filename: 'tower.glb' });
    expect(csv).toMatchObject({ layer_type: 'data', analysis_type: 'thermal-comfort', metric: 'utci', filename: 'probe.glb' });

    const stlMesh = await readResultGlb(await download(stl!, sim.id));
    expect(stlMesh.positions.length).toBe(18);
    const csvMesh = await readResultGlb(await download(csv!, sim.id));
    expect(csvMesh.positions.length).toBe(25 * 3); // the plane's vertices
    const utci = csvMesh.fields.utci!;
    // nearest: x < 5 → 20, x > 5 → 30
    expect(utci[0]).toBe(20);
    expect(utci[4]).toBe(30);
    expect(csvMesh.metadata.units).toBe('°C');

    // the study lists both new simulations with their assets
    const list = (await (
      await t.request(`/api/project/${w.projectId}/study/${w.studyId}/simulation/`, { token: w.tokens.colleague })
    ).json()) as SimulationView[];
    expect(list.map((s) => s.id)).toEqual(expect.arrayContaining([planeSim.id, sim.id]));
  });

  it('ingests graph and wind-rose JSON as given, and refuses a rose that does not sum to 100 %', async () => {
    const rose = {
      formatVersion: 1,
      kind: 'windrose',
      sectorsDeg: [0, 90, 180, 270],
      speedBinsMs: [0, 5],
      frequencyPct: [
        [10, 10],
        [20, 5],
        [15, 10],
        [20, 5],
      ],
      calmPct: 5,
      provenance: { engine: 'solver', version: '1' },
    };
    const text = JSON.stringify(rose);
    const res = await addResults([{ upload_id: await upload('rose.json', text), season: { name: 'Winter' } }]);
    expect(res.status).toBe(201);
    const sim = (await res.json()) as SimulationView;
    expect(sim.assets[0]).toMatchObject({ layer_type: 'windrose', filename: 'rose.json', season_filter: 'Winter' });
    expect(new TextDecoder().decode(await download(sim.assets[0]!, sim.id))).toBe(text);
    const bad = await addResults([{ upload_id: await upload('bad-rose.json', JSON.stringify({ ...rose, calmPct: 20 })) }]);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { results: string[] }).results[0]).toMatch(/^bad-rose\.json: .*sum to 115\.00 %/);
  });

  it('files with layer_set are listed as layer sets and downloadable, not as assets', async () => {
    const a = await upload('streamlines-0.glb', glb);
    const b = await upload('streamlines-1.glb', glb);
    const identifier = { name: 'streamlines', wind_direction: '0' };
    const res = await addResults([
      { upload_id: a, layer_set: { identifier, layer_type: 'Volumetric' }, show_by_default: true },
      { upload_id: b, layer_set: { identifier, layer_type: 'Volumetric' } },
    ]);
    expect(res.status).toBe(201);
    const sim = (await res.json()) as SimulationView;
    // Its own assets: none (it lists the scenario's geometry, held by another simulation).
    expect(sim.assets.filter((a) => a.simulation_id === sim.id)).toEqual([]);
    expect(sim.assets.every((a) => a.layer_type === 'geometry')).toBe(true);
    expect(sim.layer_sets.map((l) => [l.filename, l.layer_type, l.show_by_default, l.identifier])).toEqual([
      ['streamlines-0.glb', 'Volumetric', true, identifier],
      ['streamlines-1.glb', 'Volumetric', false, identifier],
    ]);
    const file = await t.request(
      `/api/project/${w.projectId}/configuration/${w.analyses.configurationId}/simulation/${sim.id}/layer-set/${sim.layer_sets[1]!.id}/download/`,
      { token: w.tokens.colleague },
    );
    expect((await readResultGlb(new Uint8Array(await file.arrayBuffer()))).fields.speedRatio).toBeDefined();
  });

  it.each([
    ['truncated GLB', 'broken.glb', async () => glb.slice(0, 40), /broken\.glb: not a readable result GLB/],
    ['CSV with a missing column', 'missing.csv', async () => 'x,y,value\n0,0,1\n', /missing\.csv: the header row \(line 1\) has no z column/],
    ['STL with NaN', 'nan.stl', async () => writeBinaryStl(Float32Array.from([0, 0, 0, 1, 0, 0, Number.NaN, 1, 0]), 'nan'), /nan\.stl: .*/],
    ['unknown kind', 'notes.txt', async () => 'hello', /notes\.txt: unsupported file type/],
  ])('a %s → 400 naming the file and the problem; nothing is stored', async (_label, name, bytes, message) => {
    const good = await upload('good.glb', glb);
    const bad = await upload(name, await bytes());
    const [beforeAssets, beforeSims] = [await assetCount(), await simulationCount()];
    const res = await addResults([{ upload_id: good }, { upload_id: bad, presentation_plane_asset_id: w.viewer.assetId }]);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { results: string[] };
    expect(body.results[0]).toMatch(message);
    expect([await assetCount(), await simulationCount()]).toEqual([beforeAssets, beforeSims]);
  });

  it('STL with NaN names the triangle', async () => {
    const bad = await upload('nan2.stl', writeBinaryStl(Float32Array.from([0, 0, 0, 1, 0, 0, Number.NaN, 1, 0]), 'nan'));
    const body = (await (await addResults([{ upload_id: bad }])).json()) as { results: string[] };
    expect(body.results[0]).toMatch(/^nan2\.stl: .*triangle/i);
  });

  it('CSV without a plane → 400 asking for presentation_plane_asset_id', async () => {
    const csv = await upload('noplane.csv', 'x,y,z,v\n0,0,0,1\n');
    const body = (await (await addResults([{ upload_id: csv }])).json()) as { results: string[] };
    expect(body.results[0]).toBe('noplane.csv: CSV points need presentation_plane_asset_id: the plane to interpolate them onto');
  });

  it("another project's upload is an unknown upload; a colleague without change rights gets 403", async () => {
    const res = await addResults([{ upload_id: 999999 }]);
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ 'results[0].upload_id': ['Invalid pk "999999" - object does not exist.'] });
    expect((await addResults([{ upload_id: w.viewer.glbUploadId }], w.tokens.colleague)).status).toBe(403);
  });
});

describe('POST /api/ingestassets/simulationresults and PUT /api/ingestassets/appendresults', () => {
  it('registers a simulation, then appends without losing what was there', async () => {
    const first = await upload('a.glb', glb);
    const created = await t.request('/api/ingestassets/simulationresults/', {
      method: 'POST',
      token: w.tokens.projectAdmin,
      json: {
        project_id: w.projectId,
        configuration_id: w.analyses.configurationId,
        category: 'external',
        results: [{ upload_id: first, wind_direction: '0' }],
      },
    });
    expect(created.status).toBe(201);
    const sim = (await created.json()) as SimulationView;
    expect(sim.assets.filter((a) => a.simulation_id === sim.id)).toHaveLength(1);

    const second = await upload('b.glb', glb);
    const appended = await t.request('/api/ingestassets/appendresults', {
      method: 'PUT',
      token: w.tokens.projectAdmin,
      json: { project_id: w.projectId, simulation_id: sim.id, results: [{ upload_id: second, wind_direction: '90' }] },
    });
    expect(appended.status).toBe(200);
    expect(((await appended.json()) as SimulationView).assets.filter((a) => a.simulation_id === sim.id).map((a) => a.wind_direction)).toEqual(['0', '90']);

    const broken = await upload('c.glb', glb.slice(0, 100));
    const failed = await t.request('/api/ingestassets/appendresults/', {
      method: 'PUT',
      token: w.tokens.projectAdmin,
      json: { project_id: w.projectId, simulation_id: sim.id, results: [{ upload_id: second }, { upload_id: broken }] },
    });
    expect(failed.status).toBe(400);
    const rows = await t.database.db.select().from(assets).where(eq(assets.simulationId, sim.id));
    expect(rows).toHaveLength(2);
  });

  it('a configuration of another project is a field error', async () => {
    const res = await t.request('/api/ingestassets/simulationresults', {
      method: 'POST',
      token: w.tokens.superuser,
      json: { project_id: w.projectId, configuration_id: 999999, category: 'x', results: [{ upload_id: w.viewer.glbUploadId }] },
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ configuration_id: ['Invalid pk "999999" - object does not exist.'] });
  });
});
