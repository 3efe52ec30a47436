/**
 * remesh-stl/ over HTTP: a building with a 0.3 m hole, sent through the upload mechanism,
 * fails the geometry validation job; the repair makes a new file and asset linked through
 * remeshed_assets and replaces it in the scenario; the validation job then passes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { solarScenarioBody, uploadFile } from '../../../test/world-scenarios.ts';
import { assets, uploads } from '../../db/schema/index.ts';
import { createInlineCpuPool } from '../../inline-cpu-pool.ts';
import { jobHandlers } from '../../job-handlers.ts';
import { JobWorker } from '../../jobs/worker.ts';
import type { Configuration, GeometryValidation, RemeshResult } from '@canopy/contract/scenarios.ts';
import { boxWithHole } from '@canopy/engine/geometry/mesh/test-meshes.ts';
import { parseStl, writeBinaryStl } from '@canopy/engine/geometry/index.ts';
import { uploadBytes } from '../../contexts/scenarios/geometry.ts';

let t: TestContext;
let w: World;
let worker: JobWorker;
beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
  worker = new JobWorker({ db: t.database.db, handlers: jobHandlers({ deps: t.deps, cpu: createInlineCpuPool(), log: () => {} }), pollMs: 50 });
  worker.start();
});
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

async function validate(url: string, scenario: Configuration): Promise<GeometryValidation> {
  const res = await t.request(`${url}/geometry-validation/`, {
    method: 'POST',
    token: w.tokens.projectAdmin,
    json: { scenario_id: scenario.id, simulation_id: scenario.simulations[0]!.id, simulation_type: 'solar' },
  });
  expect(res.status).toBe(202);
  const deadline = Date.now() + 30_000;
  for (;;) {
    const record = (await (await t.request(`${url}/geometry-validation/`, { token: w.tokens.projectAdmin })).json()) as GeometryValidation;
    if (record.status === 'passed' || record.status === 'failed') return record;
    if (Date.now() > deadline) throw new Error(`validation still ${record.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('remesh-stl/', () => {
  it('a mesh with a 0.3 m hole fails validation before the repair and passes after', async () => {
    const holed = await uploadFile(t.deps, w.projectId, w.ownerId, 'tower-0.3m-hole.stl', writeBinaryStl(boxWithHole(0.3)));
    const created = await t.request(`/api/project/${w.projectId}/configuration/`, {
      method: 'POST',
      token: w.tokens.projectAdmin,
      json: {
        ...solarScenarioBody('Holed tower', w.scenarios.uploads),
        geometry: { study: [holed], ground: [w.scenarios.uploads.ground], presentation_planes: [w.scenarios.uploads.plane] },
      },
    });
    const scenario = (await created.json()) as Configuration;
    const url = `/api/project/${w.projectId}/configuration/${scenario.id}`;

    const before = await validate(url, scenario);
    expect(before).toMatchObject({ status: 'failed', error: true });
    expect(before.findings.filter((f) => f.severity === 'error').map((f) => [f.code, f.asset])).toContainEqual(['open-edges', 'tower-0.3m-hole.stl']);

    const res = await t.request(`${url}/simulation/${scenario.simulations[0]!.id}/remesh-stl/`, {
      method: 'POST',
      token: w.tokens.projectAdmin,
      json: { upload_id: holed, role: 'study' },
    });
    expect(res.status).toBe(201);
    const repaired = (await res.json()) as RemeshResult;
    expect(repaired).toMatchObject({ source_upload_id: holed, filename: 'tower-0.3m-hole-remeshed.stl', holes_closed: 1, holes_left_open: 0, passed: true });
    expect(repaired.triangles_after).toBe(repaired.triangles_before + 2);

    // The repaired file is a real upload of the project, readable as STL.
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, repaired.upload_id));
    expect(row).toMatchObject({ format: 'stl-binary', projectId: w.projectId, uploadedBy: w.userIds.projectAdmin });
    expect(parseStl(await uploadBytes(t.deps.blobStore, row!)).triangleCount).toBe(repaired.triangles_after);
    // Linked: the source asset lists the new one in remeshed_assets, and no longer counts as scenario geometry.
    const [source] = await t.database.db.select().from(assets).where(eq(assets.id, repaired.source_asset_id));
    expect(source).toMatchObject({ remeshedAssets: [repaired.asset_id], layerType: 'geometry-superseded' });
    const [made] = await t.database.db.select().from(assets).where(eq(assets.id, repaired.asset_id));
    expect(made).toMatchObject({ layerType: 'geometry', geometryType: 'study', filename: 'tower-0.3m-hole-remeshed.stl' });

    // The scenario now uses the repaired file, is back in draft, and its validation passes.
    const after = (await (await t.request(`${url}/`, { token: w.tokens.projectAdmin })).json()) as Configuration;
    expect(after.status).toBe('draft');
    expect((after.form.geometry as { study: number[] }).study).toEqual([repaired.upload_id]);
    const passed = await validate(url, after);
    expect(passed).toMatchObject({ status: 'passed', error: false });
  });

  it('answers 400 naming upload_id for a file that is not one of the scenario’s, and 403 for a Viewer', async () => {
    const url = `/api/project/${w.projectId}/configuration/${w.scenarios.configurationId}/simulation/${w.scenarios.simulationId}/remesh-stl/`;
    const wrong = await t.request(url, { method: 'POST', token: w.tokens.projectAdmin, json: { upload_id: w.scenarios.uploads.plane, role: 'study' } });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ upload_id: [`Upload ${w.scenarios.uploads.plane} is not one of the scenario's study files.`] });
    const bad = await t.request(url, {
      method: 'POST',
      token: w.tokens.projectAdmin,
      json: { upload_id: w.scenarios.uploads.study, role: 'roof', max_hole_width_m: 0 },
    });
    expect(Object.keys((await bad.json()) as object).sort()).toEqual(['max_hole_width_m', 'role']);
    expect((await t.request(url, { method: 'POST', token: w.tokens.colleague, json: { upload_id: w.scenarios.uploads.study, role: 'study' } })).status).toBe(
      403,
    );
  });
});
