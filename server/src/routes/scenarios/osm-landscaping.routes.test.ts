/**
 * OpenStreetMap's trees and green areas in a scenario, over HTTP on the real database: the world's
 * project fetches its surroundings from the local Overpass server (server/test/osm-servers.ts, the
 * recorded London block moved to the project: four buildings, two trees, a tree row and a park).
 * - A scenario that uses the project's surroundings and uploads no landscaping, its study standing
 *   on the 14 m tree, is validated and approved: it gets the landscaping "Trees and green areas from
 *   OpenStreetMap" without that tree, and its QA report names the tree left out.
 * - The wizard's CFD estimate counts the same trees and green areas: the park widens the region the
 *   solver's context covers; asked again with a landscaping upload of its own (which replaces
 *   OpenStreetMap's, as at approval), the context is the buildings' again. (The cell count stays: at
 *   this size the coarse 32 m level covers both.)
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { uploadFile } from '../../../test/world-scenarios.ts';
import { startOsmServers, type OsmServers } from '../../../test/osm-servers.ts';
import { subscriptions } from '../../db/schema/index.ts';
import { createInlineCpuPool } from '../../inline-cpu-pool.ts';
import { jobHandlers } from '../../job-handlers.ts';
import { JobWorker } from '../../jobs/worker.ts';
import type { Configuration, GeometryValidation } from '@canopy/contract/scenarios.ts';
import type { CfdEstimateResponse } from '@canopy/contract/cfd.ts';
import type { Surrounds } from '@canopy/contract/surrounds.ts';
import { boxSoup } from '@canopy/engine/geometry/mesh/test-meshes.ts';
import { writeBinaryStl } from '@canopy/engine/geometry/stl/writer.ts';
import { readResultGlb } from '@canopy/engine/results/glb.ts';
import { pdfLayoutText, POPPLER as poppler } from '../../../test/pdf-layout-text.ts';

let t: TestContext;
let w: World;
let osm: OsmServers;
let worker: JobWorker;
let surrounds: Surrounds;

beforeAll(async () => {
  osm = await startOsmServers();
  osm.overpass.answer = 'buildings-at-site';
  t = await createTestContext({ OVERPASS_URL: osm.overpassUrl });
  w = await buildWorld(t.deps);
  worker = new JobWorker({
    db: t.database.db,
    handlers: jobHandlers({ deps: t.deps, cpu: createInlineCpuPool(), log: () => {} }),
    pollMs: 50,
    leaseMs: 30_000,
  });
  const res = await t.request(`/api/project/${w.projectId}/surrounds/generate-overpass/`, {
    method: 'POST',
    token: w.tokens.projectAdmin,
    json: { radius_m: 200 },
  });
  surrounds = await json<Surrounds>(res, 201);
});
afterAll(async () => {
  await worker?.stop();
  await t?.close();
  await osm?.close();
});

/** The PDF's words, in reading order, one space between each. */
const pdfText = (bytes: Uint8Array): string => pdfLayoutText(bytes).replace(/\s+/g, ' ');

const json = async <T>(res: Response, status: number): Promise<T> => {
  const body = await res.json();
  expect(res.status, JSON.stringify(body)).toBe(status);
  return body as T;
};

async function waitFor<T>(what: string, read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 90_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value).slice(0, 500)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

interface SimulationView {
  id: number;
  assets: Array<{ id: number; simulation_id: number; layer_type: string; geometry_type: string | null; filename: string; metadata: Record<string, unknown> }>;
}

/** The plan-view centre of a mapped feature: of a kind, the first with that height or the easternmost. */
function centreOf(kind: string, height?: number): [number, number] {
  const east = (f: Surrounds['landscaping'][number]) => Math.max(...f.outer.map((p) => p[0]));
  const feature = surrounds.landscaping.filter((f) => f.kind === kind && (height === undefined || f.height_m === height)).sort((a, b) => east(b) - east(a))[0]!;
  const xs = feature.outer.map((p) => p[0]);
  const ys = feature.outer.map((p) => p[1]);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
}

describe("OpenStreetMap's trees and green areas as a scenario's landscaping", () => {
  it('the fetched surroundings hold the mapped trees, tree row (one feature a tree) and park', () => {
    expect(surrounds.landscaping.map((f) => f.kind).sort()).toEqual(['park', 'tree', 'tree', 'tree_row', 'tree_row', 'tree_row', 'tree_row']);
  });

  it('an approved scenario without a landscaping upload gets them, less the tree on the study, named in its QA report', async () => {
    const token = w.tokens.projectAdmin;
    // A 6 × 6 m pavilion around the 14 m tree (10 m crown): the tree stands on the study.
    const [x, y] = centreOf('tree', 14);
    const study = await uploadFile(t.deps, w.projectId, w.ownerId, 'pavilion.stl', writeBinaryStl(boxSoup(x - 3, y - 3, -1, x + 3, y + 3, 6)));
    const scenario = await json<Configuration>(
      await t.request(`/api/project/${w.projectId}/configuration/`, {
        method: 'POST',
        token,
        json: {
          name: 'Pavilion under the plane tree',
          engine: 'CFD',
          analyses: [{ analysis_type: 'solar', metrics: ['sun_hours'] }],
          geometry: { study: [study] },
          met_source_id: null,
          seasons: ['summer'],
          times: ['12:00-13:00'],
          single_date: '2025-06-21',
          single_day_hours: '10:00-12:00',
          minutes_interval: 60,
          pedestrian_plane: { height_m: 1.5, spacing_m: 6, margin_m: 24 },
          terms_accepted: true,
        },
      }),
      201,
    );
    const url = `/api/project/${w.projectId}/configuration/${scenario.id}`;
    worker.start();
    await json(
      await t.request(`${url}/geometry-validation/`, {
        method: 'POST',
        token,
        json: { scenario_id: scenario.id, simulation_id: scenario.simulations[0]!.id, simulation_type: 'CFD' },
      }),
      202,
    );
    const validation = await waitFor(
      'validation',
      async () => json<GeometryValidation>(await t.request(`${url}/geometry-validation/`, { token }), 200),
      (v) => v.status === 'passed' || v.status === 'failed',
    );
    // Only the validation is needed here: the solar run approval queues stays unrun.
    await worker.stop();
    expect(validation.status, JSON.stringify(validation)).toBe('passed');
    await t.database.db
      .insert(subscriptions)
      .values({ companyId: w.companyId, plan: 'Starter', creditType: 'CFD', creditsPerPeriod: 1000, userId: w.userIds.projectAdmin });
    await json(await t.request(`${url}/user-approval/`, { method: 'POST', token, json: { approved: true } }), 200);

    const sims = await json<SimulationView[]>(await t.request(`/api/project/${w.projectId}/study/${scenario.study_id}/simulation/`, { token }), 200);
    const geometry = sims.find((s) => s.id === scenario.simulations[0]!.id)!.assets.filter((a) => a.layer_type === 'geometry');
    expect(geometry.map((a) => [a.geometry_type, a.filename]).sort()).toEqual([
      ['landscaping', 'Trees and green areas from OpenStreetMap'],
      ['presentation_plane', 'Pedestrian plane 1.5 m (generated, 6 m spacing)'],
      ['study', 'pavilion.stl'],
      ['surrounds', 'Surroundings from OpenStreetMap'],
    ]);
    const green = geometry.find((a) => a.geometry_type === 'landscaping')!;
    expect(green.metadata).toMatchObject({ generated: 'project-landscaping', role: 'landscaping', feature_count: 6, removed_features: ['tree'] });
    // The mesh holds no crown over the pavilion.
    const file = await t.request(`${url}/simulation/${green.simulation_id}/simulation-asset/${green.id}/download/`, { token });
    const mesh = await readResultGlb(new Uint8Array(await file.arrayBuffer()));
    expect(mesh.positions.length).toBeGreaterThan(0);
    for (let i = 0; i < mesh.positions.length; i += 3) expect(Math.hypot(mesh.positions[i]! - x, mesh.positions[i + 1]! - y)).toBeGreaterThan(5.5);

    if (!poppler) return;
    const text = pdfText(
      new Uint8Array(await (await t.request(`/api/simulation/${scenario.simulations[0]!.id}/parameter-input-qa-report`, { token })).arrayBuffer()),
    );
    expect(text).toContain(
      "Trees and green areas from OpenStreetMap (6 trees and green areas mapped with the project's surroundings; 1 tree where the study stands left out)",
    );
  }, 180_000);

  it("the CFD estimate counts OpenStreetMap's trees and green areas unless a landscaping file replaces them", async () => {
    const token = w.tokens.projectAdmin;
    // A study on the tree row's eastern end: the park, over 110 m to the west, reaches farther than
    // any building, so with it the region's context widens.
    const [x, y] = centreOf('tree_row');
    const study = await uploadFile(t.deps, w.projectId, w.ownerId, 'kiosk.stl', writeBinaryStl(boxSoup(x - 4, y - 4, -1, x + 4, y + 4, 8)));
    // A planter inside the study's plan: adds nothing to the region, but is the scenario's own landscaping.
    const planter = await uploadFile(t.deps, w.projectId, w.ownerId, 'planter.stl', writeBinaryStl(boxSoup(x - 1, y - 1, -1, x + 1, y + 1, 1)));
    const ask = async (geometry: Record<string, number[]>) =>
      json<CfdEstimateResponse>(
        await t.request(`/api/project/${w.projectId}/cfd-estimate/`, {
          method: 'POST',
          token,
          json: { geometry, cfd_tier: 'rapid', wind_directions: 8, pedestrian_plane: { height_m: 1.5, spacing_m: 6, margin_m: 24 } },
        }),
        200,
      );
    const withTrees = await ask({ study: [study] });
    const ownPlanting = await ask({ study: [study], landscaping: [planter] });
    // The solver's context reaches the farthest geometry in either axis, times √2 (engine/cfd/run/
    // scene-plan.ts): with the trees, the park's western edge; without, a building.
    const park = surrounds.landscaping.find((f) => f.kind === 'park')!;
    const parkReach = x - Math.min(...park.outer.map((p) => p[0]));
    expect(withTrees.region.context_radius_m).toBeCloseTo(parkReach * Math.SQRT2, 0);
    expect(ownPlanting.region.context_radius_m).toBeLessThan(withTrees.region.context_radius_m - 10);
  });
});
