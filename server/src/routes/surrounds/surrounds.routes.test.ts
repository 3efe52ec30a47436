/** Surrounds from uploaded map data: generate-osm, the stored footprints, the GLB, and clear 400s. */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { SITE_OSM_PATH, uploadFile } from '../../../test/world-weather.ts';
import { projects } from '../../db/schema/index.ts';
import type { ProjectSurrounds, Surrounds } from '@canopy/contract/surrounds.ts';
import { readResultGlb } from '@canopy/engine/results/glb.ts';
import { checkClosedMesh } from '@canopy/engine/geometry/osm/mesh-check.ts';

let t: TestContext;
let w: World;
const osm = readFileSync(SITE_OSM_PATH);
const origin = { origin_latitude: 41.88, origin_longitude: -87.63 };

beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
});
afterAll(() => t.close());

async function generate(projectId: number, filename: string, bytes: Uint8Array | string, body: Record<string, unknown> = origin) {
  const uploadId = await uploadFile(t.deps, projectId, w.ownerId, filename, typeof bytes === 'string' ? Buffer.from(bytes) : bytes);
  return t.request(`/api/project/${projectId}/surrounds/generate-osm/`, {
    method: 'POST',
    token: w.tokens.colleagueWithPermission,
    json: { upload_id: uploadId, ...body },
  });
}

async function newProject(values: { latitude?: number; longitude?: number } = {}): Promise<number> {
  const [row] = await t.database.db
    .insert(projects)
    .values({ name: 'Site test', companyId: w.companyId, createdBy: w.ownerId, ...values })
    .returning({ id: projects.id });
  return row!.id;
}

describe('POST /api/project/{id}/surrounds/generate-osm/', () => {
  it('builds the buildings of the extract, stores footprints and a closed GLB', async () => {
    const projectId = await newProject({ latitude: 41.88, longitude: -87.63 });
    const empty = (await (await t.request(`/api/project/${projectId}/surrounds/`, { token: w.tokens.colleague })).json()) as ProjectSurrounds;
    expect(empty).toEqual({ project_name: 'Site test', project_latitude: 41.88, project_longitude: -87.63, surrounds: null, surrounds_error: null });

    const res = await generate(projectId, 'site.osm', osm, { radius_m: 250 });
    expect(res.status).toBe(201);
    const surrounds = (await res.json()) as Surrounds;
    expect(surrounds).toMatchObject({ origin_latitude: 41.88, origin_longitude: -87.63, radius_m: 250, source_format: 'osm-xml', building_count: 4 });
    expect(surrounds.footprints.map((f) => [f.height_m, f.height_source, f.holes.length]).sort()).toEqual(
      [
        [12, 'levels', 0],
        [18, 'height', 1],
        [45, 'height', 0],
        [9, 'default', 0],
      ].sort(),
    );
    expect(surrounds.warnings).toHaveLength(1);

    const glb = await t.request(surrounds.glb_url, { token: w.tokens.colleague });
    expect(glb.status).toBe(200);
    expect(glb.headers.get('content-type')).toBe('model/gltf-binary');
    const mesh = await readResultGlb(new Uint8Array(await glb.arrayBuffer()));
    expect(mesh.metadata).toMatchObject({ analysis: 'surrounds', units: 'm' });
    const check = checkClosedMesh(mesh.positions, mesh.indices!);
    expect(check).toMatchObject({ closed: true, openEdges: 0, flippedEdges: 0 });
    expect(mesh.indices!.length / 3).toBe(surrounds.triangle_count);
    // Buildings reach 1 m into the ground; the ground slab is 2 m thick.
    const buildingZ = Array.from(mesh.positions.filter((_, k) => k % 3 === 2 && mesh.fields.role![(k - 2) / 3] === 1));
    expect(Math.min(...buildingZ)).toBe(-1);
    expect(Math.max(...buildingZ)).toBe(45);

    const got = (await (await t.request(`/api/project/${projectId}/surrounds/`, { token: w.tokens.colleague })).json()) as ProjectSurrounds;
    expect(got.surrounds?.id).toBe(surrounds.id);
  });

  it('replaces earlier surrounds and drops the old GLB', async () => {
    const projectId = await newProject({ latitude: 41.88, longitude: -87.63 });
    await generate(projectId, 'site.osm', osm);
    // Through the store, whichever it is (local files, or Azure under CANOPY_TEST_BLOB_STORE=azure).
    const glbs = async () => {
      const names: string[] = [];
      for await (const blob of t.deps.blobStore.list('assets', `surrounds/project-${projectId}/`)) names.push(blob.name);
      return names;
    };
    const before = await glbs();
    expect(before).toHaveLength(1);
    const second = (await (await generate(projectId, 'site.osm', osm, { radius_m: 58 })).json()) as Surrounds;
    expect(second.building_count).toBe(1);
    const after = await glbs();
    expect(after).toHaveLength(1);
    expect(after).not.toEqual(before);
  });

  it('reads GeoJSON too', async () => {
    const projectId = await newProject({ latitude: 41.88, longitude: -87.63 });
    const geojson = JSON.stringify({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: { building: 'yes', height: '20' },
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [-87.6301, 41.8799],
                [-87.6298, 41.8799],
                [-87.6298, 41.8801],
                [-87.6301, 41.8801],
                [-87.6301, 41.8799],
              ],
            ],
          },
        },
      ],
    });
    const res = await generate(projectId, 'site.geojson', geojson);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ source_format: 'geojson', building_count: 1 });
  });

  it('refuses malformed XML with a clear 400 naming the file, line and column', async () => {
    const projectId = await newProject({ latitude: 41.88, longitude: -87.63 });
    const broken = osm.toString('utf8').replace('<way id="101" version="1">', '<way id="101" version="1>');
    const res = await generate(projectId, 'broken.osm', broken);
    expect(res.status).toBe(400);
    const body = (await res.json()) as { upload_id: string[] };
    expect(body.upload_id[0]).toMatch(/^broken\.osm: The OSM file is not well-formed XML: malformed XML at line \d+, column \d+: /);
    const none = (await (await t.request(`/api/project/${projectId}/surrounds/`, { token: w.tokens.colleague })).json()) as ProjectSurrounds;
    expect(none.surrounds).toBeNull();
  });

  it('needs an origin: the project coordinates or the request', async () => {
    const projectId = await newProject();
    const res = await generate(projectId, 'site.osm', osm, {});
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ origin_latitude: ['The project has no coordinates: give origin_latitude and origin_longitude.'] });
    expect((await generate(projectId, 'site.osm', osm, { ...origin, radius_m: 6000 })).status).toBe(400);
  });

  it('GET …/surrounds/glb/ is 404 before any surrounds exist', async () => {
    const projectId = await newProject();
    expect((await t.request(`/api/project/${projectId}/surrounds/glb/`, { token: w.tokens.colleague })).status).toBe(404);
  });
});
