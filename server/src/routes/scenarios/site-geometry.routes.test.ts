/**
 * Surroundings and pedestrian plane by default, over HTTP against the real database with
 * a job worker in this process: the world's project has surroundings generated from
 * tests/fixtures/site.osm; a scenario with only a study file (standing where the mapped tower
 * stands) and no presentation plane is validated, approved and computed. Its geometry holds the
 * project's surroundings less the tower and a generated 1.5 m plane clipped around the buildings;
 * the solar job computes on that plane, shaded by the surroundings; every simulation of the scenario
 * lists the geometry; the QA report names what was used.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { uploadFile } from '../../../test/world-scenarios.ts';
import { subscriptions } from '../../db/schema/index.ts';
import { createInlineCpuPool } from '../../inline-cpu-pool.ts';
import { jobHandlers } from '../../job-handlers.ts';
import { JobWorker } from '../../jobs/worker.ts';
import type { Configuration, GeometryValidation, LatestStatus } from '@canopy/contract/scenarios.ts';
import { boxSoup } from '@canopy/engine/geometry/mesh/test-meshes.ts';
import { writeBinaryStl } from '@canopy/engine/geometry/stl/writer.ts';
import { readResultGlb } from '@canopy/engine/results/glb.ts';
import { pdfLayoutText, POPPLER as poppler } from '../../../test/pdf-layout-text.ts';

let t: TestContext;
let w: World;
let worker: JobWorker;

beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
  worker = new JobWorker({
    db: t.database.db,
    handlers: jobHandlers({ deps: t.deps, cpu: createInlineCpuPool(), log: () => {} }),
    pollMs: 50,
    leaseMs: 30_000,
  });
  worker.start();
});
afterAll(async () => {
  await worker?.stop();
  await t.close();
});

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The PDF's words, in reading order, one space between each. */
const pdfText = (bytes: Uint8Array): string => pdfLayoutText(bytes).replace(/\s+/g, ' ');

const json = async <T>(res: Response, status: number): Promise<T> => {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body as T;
};

interface SimulationView {
  id: number;
  category: string;
  assets: Array<{ id: number; simulation_id: number; layer_type: string; geometry_type: string | null; filename: string; metadata: Record<string, unknown> }>;
}

describe('a scenario with only a study file, in a project with surroundings', () => {
  let scenario: Configuration;
  const token = () => w.tokens.projectAdmin;
  const url = () => `/api/project/${w.projectId}/configuration/${scenario.id}`;
  const body = (studyUpload: number, extra: Record<string, unknown> = {}) => ({
    name: 'On the tower site',
    engine: 'CFD',
    analyses: [
      { analysis_type: 'solar', metrics: ['sun_hours'] },
      { analysis_type: 'thermal_comfort', metrics: ['UTCI'] },
    ],
    geometry: { study: [studyUpload] },
    met_source_id: null,
    seasons: ['summer'],
    times: ['12:00-13:00'],
    single_date: '2025-06-21',
    single_day_hours: '10:00-14:00',
    minutes_interval: 60,
    pedestrian_plane: { height_m: 1.5, spacing_m: 6, margin_m: 24 },
    terms_accepted: true,
    ...extra,
  });

  it('refuses a scenario that neither uploads nor generates a plane, naming the field', async () => {
    const study = await uploadFile(t.deps, w.projectId, w.ownerId, 'tower-site.stl', writeBinaryStl(boxSoup(-54, 30, -1, -46, 40, 60)));
    const res = await t.request(`/api/project/${w.projectId}/configuration/`, {
      method: 'POST',
      token: token(),
      json: body(study, { pedestrian_plane: null }),
    });
    expect(res.status).toBe(400);
    expect(Object.keys((await res.json()) as object)).toEqual(['geometry.presentation_planes']);
    const bad = await t.request(`/api/project/${w.projectId}/configuration/`, {
      method: 'POST',
      token: token(),
      json: body(study, { pedestrian_plane: { height_m: 0 } }),
    });
    expect(await json(bad, 400)).toEqual({ 'pedestrian_plane.height_m': ['Ensure this value is greater than 0.'] });
  });

  it('is created asking for the project surroundings and a generated plane by default', async () => {
    const study = await uploadFile(t.deps, w.projectId, w.ownerId, 'tower-site-2.stl', writeBinaryStl(boxSoup(-54, 30, -1, -46, 40, 60)));
    const { pedestrian_plane: _omitted, ...withoutPlane } = body(study);
    const defaults = await json<Configuration>(
      await t.request(`/api/project/${w.projectId}/configuration/`, { method: 'POST', token: token(), json: withoutPlane }),
      201,
    );
    expect(defaults.form).toMatchObject({ project_surrounds: true, pedestrian_plane: { height_m: 1.5, spacing_m: 2, margin_m: 40 } });
    scenario = await json<Configuration>(
      await t.request(`/api/project/${w.projectId}/configuration/`, { method: 'POST', token: token(), json: body(study) }),
      201,
    );
    expect(scenario.simulations.map((s) => s.category)).toEqual(['solar', 'thermal_comfort']);
  });

  it('before approval, the QA report says what will be generated', async () => {
    if (!poppler) return;
    const res = await t.request(`/api/simulation/${scenario.simulations[0]!.id}/parameter-input-qa-report`, { token: token() });
    const text = pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain("Surrounding buildings: the project's surroundings from OpenStreetMap (4 buildings), added when submitted");
    expect(text).toContain('Presentation planes: Pedestrian plane 1.5 m (generated, 6 m spacing), 24 m beyond the study, generated when submitted');
  });

  it('is validated and approved; its geometry is the surroundings less the tower and a clipped plane', async () => {
    await json(
      await t.request(`${url()}/geometry-validation/`, {
        method: 'POST',
        token: token(),
        json: { scenario_id: scenario.id, simulation_id: scenario.simulations[0]!.id, simulation_type: 'CFD' },
      }),
      202,
    );
    await waitFor(
      'validation',
      async () => json<GeometryValidation>(await t.request(`${url()}/geometry-validation/`, { token: token() }), 200),
      (v) => v.status === 'passed' || v.status === 'failed',
    );
    await t.database.db
      .insert(subscriptions)
      .values({ companyId: w.companyId, plan: 'Starter', creditType: 'CFD', creditsPerPeriod: 1000, userId: w.userIds.projectAdmin });
    await json(await t.request(`${url()}/user-approval/`, { method: 'POST', token: token(), json: { approved: true } }), 200);

    const sims = await json<SimulationView[]>(await t.request(`/api/project/${w.projectId}/study/${scenario.study_id}/simulation/`, { token: token() }), 200);
    const mine = sims.filter((s) => s.assets.some(() => true) && scenario.simulations.some((x) => x.id === s.id));
    expect(mine.map((s) => s.category)).toEqual(['solar', 'thermal_comfort']);
    for (const sim of mine) {
      // Every simulation of the scenario lists the scenario's geometry, held once by the first.
      const geometry = sim.assets.filter((a) => a.layer_type === 'geometry');
      expect(geometry.map((a) => [a.geometry_type, a.filename]).sort()).toEqual([
        ['presentation_plane', 'Pedestrian plane 1.5 m (generated, 6 m spacing)'],
        ['study', 'tower-site-2.stl'],
        ['surrounds', 'Surroundings from OpenStreetMap'],
      ]);
      expect(new Set(geometry.map((a) => a.simulation_id))).toEqual(new Set([scenario.simulations[0]!.id]));
    }
    const surrounds = mine[0]!.assets.find((a) => a.geometry_type === 'surrounds')!;
    expect(surrounds.metadata).toMatchObject({ generated: 'project-surrounds', building_count: 3, removed_buildings: 1 });

    const plane = mine[0]!.assets.find((a) => a.geometry_type === 'presentation_plane')!;
    const file = await t.request(`${url()}/simulation/${plane.simulation_id}/simulation-asset/${plane.id}/download/`, { token: w.tokens.colleague });
    const mesh = await readResultGlb(new Uint8Array(await file.arrayBuffer()));
    const points = Array.from({ length: mesh.positions.length / 3 }, (_, i) => [
      mesh.positions[i * 3]!,
      mesh.positions[i * 3 + 1]!,
      mesh.positions[i * 3 + 2]!,
    ]);
    expect(points.length).toBe(plane.metadata.points);
    expect(points.every(([, , z]) => Math.abs(z! - 1.5) < 1e-4)).toBe(true);
    // Nothing inside the study (−54…−46, 30…40) or the 16 m block the plane reaches.
    expect(points.some(([x, y]) => x! > -54 && x! < -46 && y! > 30 && y! < 40)).toBe(false);
    expect(points.every(([x, y]) => x! >= -54 - 24 && x! <= -46 + 24 && y! >= 30 - 24 && y! <= 40 + 24)).toBe(true);
  });

  it('computes solar and thermal comfort on the generated plane; the QA report names the surroundings used', async () => {
    for (const sim of scenario.simulations) {
      const done = await waitFor(
        sim.category,
        async () => json<LatestStatus>(await t.request(`${url()}/simulation/${sim.id}/get-latest-status/`, { token: token() }), 200),
        (s) => s.status === 'completed' || s.status === 'failed',
        240_000,
      );
      expect(done.status, JSON.stringify(done)).toBe('completed');
    }
    const sims = await json<SimulationView[]>(await t.request(`/api/project/${w.projectId}/study/${scenario.study_id}/simulation/`, { token: token() }), 200);
    const solar = sims.find((s) => s.id === scenario.simulations[0]!.id)!;
    const plane = solar.assets.find((a) => a.geometry_type === 'presentation_plane')!;
    const data = solar.assets.filter((a) => a.layer_type === 'data');
    expect(data.length).toBeGreaterThan(0);
    const layer = await t.request(`${url()}/simulation/${solar.id}/simulation-asset/${data[0]!.id}/download/`, { token: token() });
    const result = await readResultGlb(new Uint8Array(await layer.arrayBuffer()));
    expect(result.positions.length / 3).toBe(plane.metadata.points);
    if (!poppler) return;
    const text = pdfText(new Uint8Array(await (await t.request(`/api/simulation/${solar.id}/parameter-input-qa-report`, { token: token() })).arrayBuffer()));
    expect(text).toContain(
      "Surrounding buildings: Surroundings from OpenStreetMap (the project's surroundings, 3 buildings; 1 mapped building where the study stands left out)",
    );
    expect(text).toMatch(
      /Presentation planes: Pedestrian plane 1\.5 m \(generated, 6 m spacing\) \(\d+ points, 24 m beyond the study, clipped around the buildings\)/,
    );
    expect(text).not.toContain('Surrounding buildings: none');
    expect(text).not.toMatch(/awaiting_external_results|CFD parameters: \{\}|Analysis: solar/);
  });
});

describe('a scenario that uploads its own surroundings', () => {
  it('uses the upload instead of the project surroundings', async () => {
    const token = w.tokens.projectAdmin;
    const study = await uploadFile(t.deps, w.projectId, w.ownerId, 'lone.stl', writeBinaryStl(boxSoup(200, 200, -1, 210, 210, 20)));
    const neighbour = await uploadFile(t.deps, w.projectId, w.ownerId, 'neighbour.stl', writeBinaryStl(boxSoup(220, 200, -1, 230, 210, 20)));
    const created = await json<Configuration>(
      await t.request(`/api/project/${w.projectId}/configuration/`, {
        method: 'POST',
        token,
        json: {
          name: 'Own surrounds',
          engine: 'CFD',
          analyses: [{ analysis_type: 'solar', metrics: ['sun_hours'] }],
          geometry: { study: [study], surrounds: [neighbour] },
          met_source_id: null,
          seasons: ['annual'],
          times: ['08:00-18:00'],
          single_date: '2025-06-21',
          single_day_hours: '10:00-12:00',
          minutes_interval: 60,
          terms_accepted: true,
        },
      }),
      201,
    );
    const url = `/api/project/${w.projectId}/configuration/${created.id}`;
    await json(
      await t.request(`${url}/geometry-validation/`, {
        method: 'POST',
        token,
        json: { scenario_id: created.id, simulation_id: created.simulations[0]!.id, simulation_type: 'CFD' },
      }),
      202,
    );
    await waitFor(
      'validation',
      async () => json<GeometryValidation>(await t.request(`${url}/geometry-validation/`, { token }), 200),
      (v) => v.status === 'passed' || v.status === 'failed',
    );
    const [sub] = await t.database.db.select().from(subscriptions).where(eq(subscriptions.userId, w.userIds.projectAdmin));
    expect(sub).toBeDefined();
    await json(await t.request(`${url}/user-approval/`, { method: 'POST', token, json: { approved: true } }), 200);
    const sims = await json<SimulationView[]>(await t.request(`/api/project/${w.projectId}/study/${created.study_id}/simulation/`, { token }), 200);
    const geometry = sims.find((s) => s.id === created.simulations[0]!.id)!.assets.filter((a) => a.layer_type === 'geometry');
    expect(geometry.map((a) => a.filename).sort()).toEqual(['Pedestrian plane 1.5 m (generated, 2 m spacing)', 'lone.stl', 'neighbour.stl']);
  });
});
