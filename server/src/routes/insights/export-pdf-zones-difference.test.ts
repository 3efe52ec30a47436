/**
 * Zone scores of a saved difference map in the exported PDF, over HTTP: two scenarios of a study,
 * Existing (A) and Proposed (B), each with a sun-hours layer on a 10 × 10 grid, and B − A saved as a
 * layer of B's simulation with both sources in its metadata, as the viewer's Difference panel saves
 * it. A figure of the map prints each zone's scores on A and on B side by side and B − A, the way
 * the viewer's Zones panel prints the Difference panel's pair; the numbers are counted here by hand.
 * A map whose source A can no longer be read says so and prints B alone; a map with neither
 * source readable says so and prints the map's own values.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeResultGlb } from '@canopy/engine/results/glb.ts';
import type { Insight } from '@canopy/contract/insights.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { buildVisibilityWorld, encodePng, pdfToText, popplerAvailable, type VisibilityWorld } from '../../../test/world-insights.ts';
import { configurations, simulations } from '../../db/schema/index.ts';
import { gridPoints, storeDataLayer } from '../../../test/viewer-fixtures.ts';

let t: TestContext;
let w: VisibilityWorld;
const poppler = popplerAvailable();
const study = () => `/api/project/${w.projectId}/study/${w.studyId}`;

async function post<T>(path: string, body: unknown, status = 201): Promise<T> {
  const res = await t.request(path, { method: 'POST', token: w.ownerToken, json: body });
  expect(res.status, `${path} ${await res.clone().text()}`).toBe(status);
  return (await res.json()) as T;
}

const provenance = { engine: 'test-fixture', version: '1' };
const sunMetadata = { analysis: 'solar-sun-hours', metric: 'sun-hours', units: 'h', provenance };

async function sunLayer(simulationId: number, filename: string, value: (x: number, y: number) => number, stored = true): Promise<number> {
  const glb = await writeResultGlb({ ...gridPoints({ sunHours: value }), metadata: sunMetadata });
  return storeDataLayer(t.deps, simulationId, { analysisType: 'solar-sun-hours', metric: 'sun-hours', filename, metadata: sunMetadata }, glb, stored);
}

/** B − A saved as the viewer saves it: field `difference` on B's points, both sources in the metadata. */
async function differenceLayer(simulationId: number, filename: string, a: number, b: number): Promise<number> {
  const metadata = {
    analysis: 'solar-sun-hours',
    metric: 'sun-hours-difference',
    units: 'h',
    provenance: { engine: 'canopy-viewer difference map', version: '1' },
    difference: {
      a: { assetId: a, scenario: 'Existing' },
      b: { assetId: b, scenario: 'Proposed' },
      matching: 'same points in both',
      mode: 'values',
      limit: 2,
    },
  };
  const glb = await writeResultGlb({ ...gridPoints({ difference: (_x, y) => (y < 5 ? 2 : 0) }), metadata });
  return storeDataLayer(t.deps, simulationId, { analysisType: 'solar-sun-hours', metric: 'sun-hours-difference', filename, metadata }, glb);
}

async function scenario(name: string): Promise<number> {
  const db = t.deps.database.db;
  const [configuration] = await db.insert(configurations).values({ projectId: w.projectId, studyId: w.studyId, name }).returning({ id: configurations.id });
  const [simulation] = await db.insert(simulations).values({ configurationId: configuration!.id, category: 'solar' }).returning({ id: simulations.id });
  return simulation!.id;
}

const camera = { position: [5, -12, 25], target: [5, 5, 1.5], up: [0, 0, 1], fov: 45 };
const capture = Buffer.from(encodePng(400, 300, () => [0, 200, 0])).toString('base64');

let text: string;

beforeAll(async () => {
  t = await createTestContext();
  w = await buildVisibilityWorld(t.deps);
  const existing = await scenario('Existing');
  const proposed = await scenario('Proposed');
  // A: sun hours = the column number, 0–9 h. B: two hours more in the southern half (rows 0–4).
  const a = await sunLayer(existing, 'sun-a.glb', (x) => x);
  const b = await sunLayer(proposed, 'sun-b.glb', (x, y) => x + (y < 5 ? 2 : 0));
  // A's file lost from the store; a layer id that no longer exists.
  const lostA = await sunLayer(existing, 'sun-a-lost.glb', (x) => x, false);
  const gone = 2_000_000;
  const both = await differenceLayer(proposed, 'difference-both.glb', a, b);
  const onlyB = await differenceLayer(proposed, 'difference-only-b.glb', lostA, b);
  const neither = await differenceLayer(proposed, 'difference-neither.glb', gone, lostA);

  // Terrace: columns 0–3, rows 0–4 (20 points). Entrance: columns 1–8, rows 6–8 (24 points).
  await post(`${study()}/zone`, {
    name: 'Terrace',
    use: 'sitting-long',
    polygon: [
      [0, 0],
      [4, 0],
      [4, 5],
      [0, 5],
    ],
  });
  await post(`${study()}/zone`, {
    name: 'Entrance',
    use: 'walking-fast',
    polygon: [
      [1, 6],
      [9, 6],
      [9, 9],
      [1, 9],
    ],
  });

  const insight = await post<Insight>(`${study()}/insight`, { title: 'Proposed against existing', insight_status: 'Published' });
  const view = (name: string, assetId: number) =>
    post<{ id: number }>(`${study()}/insight/${insight.id}/scene-view`, {
      name,
      camera,
      simulation_id: proposed,
      asset_id: assetId,
      legend: { title: 'sun-hours-difference', colours: ['#b35806', '#ffffff', '#542788'], min: -2, max: 2 },
      view_json: { version: 1 },
    });
  const views = [await view('Sun gained', both), await view('Sun gained, A lost', onlyB), await view('Sun gained, both lost', neither)];
  const res = await t.request('/api/export-pdf/', {
    method: 'POST',
    token: w.ownerToken,
    json: {
      project_id: w.projectId,
      study_id: w.studyId,
      insight_id: insight.id,
      images: views.map((v) => ({ scene_view_id: v.id, image_base64: capture })),
    },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  const pdf = new Uint8Array(await res.arrayBuffer());
  if (process.env.CANOPY_DUMP_PDF) (await import('node:fs')).writeFileSync(process.env.CANOPY_DUMP_PDF, pdf);
  text = poppler ? pdfToText(pdf).replace(/\s+/g, ' ') : '';
});
afterAll(() => t?.close());

describe.skipIf(!poppler)('zone scores of a saved difference map in an insight’s PDF', () => {
  it('prints the zones’ scores on A and on B side by side, then B − A', () => {
    const figure1 = text.slice(text.indexOf('Zone scores — Figure 1'), text.indexOf('Zone scores — Figure 2'));
    expect(figure1).toContain('the zones are scored on its two source layers, side by side and as B − A.');
    expect(figure1).toContain('Scenario A: Existing — Clear-sky sun hours, in h; B: Proposed — Clear-sky sun hours, in h.');
    expect(figure1).toMatch(/A: Mean \(h\) A: Min \(h\) A: Max \(h\) B: Mean \(h\) B: Min \(h\) B: Max \(h\) B − A:/);
    // three B − A columns (pdftotext may read their two-line headings a line at a time)
    expect(figure1.match(/B − A:/g)).toHaveLength(3);
    // Terrace, columns 0–3: A 0–3 h (mean 1.5), B 2–5 h (mean 3.5); two hours more throughout.
    expect(figure1).toMatch(/Terrace Sitting \(long\) 1\.5 ?h 0 ?h 3 ?h 3\.5 ?h 2 ?h 5 ?h \+2 ?h \+2 ?h \+2 ?h/);
    // Entrance, columns 1–8 in the northern half: the same in both.
    expect(figure1).toMatch(/Entrance Fast walking 4\.5 ?h 1 ?h 8 ?h 4\.5 ?h 1 ?h 8 ?h 0 ?h 0 ?h 0 ?h/);
  });

  it('says when source A can no longer be read and prints B alone', () => {
    const figure2 = text.slice(text.indexOf('Zone scores — Figure 2'), text.indexOf('Zone scores — Figure 3'));
    expect(figure2).toMatch(/Scenario A \(Existing, layer \d+\) could not be scored: its stored file can no longer be read\./);
    expect(figure2).toContain('Layer: Proposed — Clear-sky sun hours, in h.');
    expect(figure2).toMatch(/Terrace Sitting \(long\) 3\.5 ?h 2 ?h 5 ?h/);
    expect(figure2).not.toContain('B − A:');
  });

  it('says when neither source can be read and prints the map’s own values', () => {
    const figure3 = text.slice(text.indexOf('Zone scores — Figure 3'));
    expect(figure3).toMatch(/Scenario A \(Existing, layer 2000000\) could not be scored: the layer is no longer stored in this project\./);
    expect(figure3).toMatch(/Scenario B \(Proposed, layer \d+\) could not be scored: its stored file can no longer be read\./);
    expect(figure3).toContain('The zones are scored on the difference map itself (B − A).');
    // The map: +2 h in the southern half, 0 in the northern.
    expect(figure3).toMatch(/Terrace Sitting \(long\) 2 ?h 2 ?h 2 ?h/);
    expect(figure3).toMatch(/Entrance Fast walking 0 ?h 0 ?h 0 ?h/);
  });
});
