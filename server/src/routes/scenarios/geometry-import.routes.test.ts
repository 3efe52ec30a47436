/**
 * geometry-import/ over HTTP against a real database: an OBJ and a GLB uploaded through the upload
 * mechanism become binary STL uploads in metres, Z-up; a file without its units or a broken one is
 * a 400 naming the file and the fault.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildWorld, type World } from '../../../test/world.ts';
import { uploadFile } from '../../../test/world-scenarios.ts';
import { uploads } from '../../db/schema/index.ts';
import type { ModelImportResult } from '@canopy/contract/geometry-import.ts';
import { parseStl } from '@canopy/engine/geometry/index.ts';
import { uploadBytes } from '../../contexts/scenarios/geometry.ts';

let t: TestContext;
let w: World;
beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
});
afterAll(async () => {
  await t.close();
});

const text = (s: string) => new TextEncoder().encode(s);
/** A 2 × 3 × 4 (units) box as six OBJ quads. */
const BOX_OBJ = `v 0 0 0\nv 2 0 0\nv 2 3 0\nv 0 3 0\nv 0 0 4\nv 2 0 4\nv 2 3 4\nv 0 3 4
f 1 4 3 2\nf 5 6 7 8\nf 1 2 6 5\nf 2 3 7 6\nf 3 4 8 7\nf 4 1 5 8\n`;

async function importIt(json: object) {
  return t.request(`/api/project/${w.projectId}/geometry-import/`, { method: 'POST', token: w.tokens.projectAdmin, json });
}

describe('geometry-import/', () => {
  it('reads an OBJ drawn in feet into a binary STL upload in metres', async () => {
    const source = await uploadFile(t.deps, w.projectId, w.ownerId, 'massing.obj', text(BOX_OBJ));
    const res = await importIt({ upload_id: source, units: 'ft', up_axis: 'z' });
    expect(res.status).toBe(201);
    const result = (await res.json()) as ModelImportResult;
    expect(result).toMatchObject({ source_upload_id: source, filename: 'massing.stl', triangles: 12, units_from: 'user', metres_per_unit: 0.3048 });
    expect(result.bounds_m).toEqual([0, 0, 0, 0.61, 0.914, 1.219]);
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, result.upload_id));
    expect(row).toMatchObject({ format: 'stl-binary', projectId: w.projectId, filename: 'massing.stl' });
    expect(parseStl(await uploadBytes(t.deps.blobStore, row!)).positions.length).toBe(12 * 9);
  });

  it('answers 400 naming the file when an OBJ comes without its units', async () => {
    const source = await uploadFile(t.deps, w.projectId, w.ownerId, 'tower.obj', text(BOX_OBJ));
    const res = await importIt({ upload_id: source });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      upload_id: ['tower.obj cannot be imported: OBJ files do not say their units: choose the unit the model was drawn in.'],
    });
  });

  it('answers 400 naming the file and the fault for a cut-short GLB, and for an unknown unit', async () => {
    const source = await uploadFile(t.deps, w.projectId, w.ownerId, 'site.glb', text('glTF\u0002\u0000\u0000\u0000\u00ff\u00ff\u0000\u0000 and nothing more'));
    const res = await importIt({ upload_id: source });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { upload_id: string[] }).upload_id[0]).toMatch(/^site\.glb cannot be imported: it is cut short/);
    const bad = await importIt({ upload_id: source, units: 'furlong' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toHaveProperty('units');
  });

  it('answers 400 for an upload of another project', async () => {
    const res = await importIt({ upload_id: 999_999 });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ upload_id: ['Invalid pk "999999" - object does not exist.'] });
  });
});
