/**
 * Zones in the exported PDF, over HTTP: a study with three zones and an insight showing a NEN 8100
 * comfort layer and a sun-hours layer. The PDF's text carries, under each figure, the zones' names,
 * uses and scores in the viewer's words — the shares meeting each use and breaking a safety limit,
 * counted here by hand on a 10 × 10 grid, the criterion's name, the sun hours' mean, minimum and
 * maximum in hours; a later figure of the same layer points back to the first table; a report
 * showing the comfort view prints the same table; the zones'
 * outlines are drawn over the capture (fewer of its plain green pixels are left than in the same
 * export without zones); and a study without zones prints no zone scores.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeResultGlb } from '@canopy/engine/results/glb.ts';
import { getCriterion } from '@canopy/engine/wind/criteria.ts';
import type { Insight } from '@canopy/contract/insights.ts';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import {
  buildVisibilityWorld,
  decodePng,
  encodePng,
  pdfToText,
  popplerAvailable,
  renderFirstPage,
  type VisibilityWorld,
} from '../../../test/world-insights.ts';
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

async function exportPdf(insightId: number, images: Array<{ scene_view_id: number; image_base64: string }>): Promise<Uint8Array> {
  const res = await t.request('/api/export-pdf/', {
    method: 'POST',
    token: w.ownerToken,
    json: { project_id: w.projectId, study_id: w.studyId, insight_id: insightId, images },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return new Uint8Array(await res.arrayBuffer());
}

const nen = getCriterion('nen-8100');
// Looking at the grid's middle from the south, high up: every zone is in the picture.
const camera = { position: [5, -12, 25], target: [5, 5, 1.5], up: [0, 0, 1], fov: 45 };
// A plain green capture: whatever is not green on the figure was drawn over it.
const capture = Buffer.from(encodePng(400, 300, () => [0, 200, 0])).toString('base64');
const isGreen = (r: number, g: number, b: number) => r < 20 && g > 185 && g < 215 && b < 20;

let insightId: number;
let comfortView: number;
let sunView: number;
let againView: number;
let text: string;
let pdf: Uint8Array;

beforeAll(async () => {
  t = await createTestContext();
  w = await buildVisibilityWorld(t.deps);
  const db = t.deps.database.db;
  const [configuration] = await db
    .insert(configurations)
    .values({ projectId: w.projectId, studyId: w.studyId, name: 'Proposed' })
    .returning({ id: configurations.id });
  const [simulation] = await db.insert(simulations).values({ configurationId: configuration!.id, category: 'wind-comfort' }).returning({ id: simulations.id });
  const simulationId = simulation!.id;

  // NEN 8100 grades by column: x 0–1 A, 2–3 B, 4–5 C, 6–7 D, 8–9 E; the first row (y 0) exceeds
  // 15 m/s 0.1 % of the hours, past the standard's 0.05 % for limited risk.
  const comfort = gridPoints({ comfortClass: (x) => Math.floor(x / 2), exceedance_15ms: (_x, y) => (y === 0 ? 0.001 : 0) });
  const comfortAsset = await storeDataLayer(
    t.deps,
    simulationId,
    { analysisType: 'wind-comfort', metric: 'comfort-class', filename: 'comfort.nen-8100.glb' },
    await writeResultGlb({
      ...comfort,
      metadata: { analysis: 'wind-comfort', metric: 'comfort-class', units: 'class', criterion: nen, provenance: { engine: 'test-fixture', version: '1' } },
    }),
  );
  // Sun hours: the column number, 0–9 h.
  const sun = gridPoints({ sunHours: (x) => x });
  const sunAsset = await storeDataLayer(
    t.deps,
    simulationId,
    { analysisType: 'solar-sun-hours', metric: 'sun-hours', filename: 'sun-hours.glb' },
    await writeResultGlb({
      ...sun,
      metadata: { analysis: 'solar-sun-hours', metric: 'sun-hours', units: 'h', provenance: { engine: 'test-fixture', version: '1' } },
    }),
  );

  // Café terrace: columns 0–3, rows 0–4 (20 points). Entrance: columns 1–8, rows 6–8 (24 points).
  // Promenade: row 5, all ten columns.
  await post(`${study()}/zone`, {
    name: 'Café terrace',
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
  await post(`${study()}/zone`, {
    name: 'Promenade',
    use: 'walking-leisurely',
    polygon: [
      [0, 5.1],
      [10, 5.1],
      [10, 5.9],
      [0, 5.9],
    ],
  });

  const insight = await post<Insight>(`${study()}/insight`, { title: 'Terrace and entrance', insight_status: 'Published' });
  insightId = insight.id;
  const view = (name: string, assetId: number, legend: string) =>
    post<{ id: number }>(`${study()}/insight/${insight.id}/scene-view`, {
      name,
      camera,
      simulation_id: simulationId,
      asset_id: assetId,
      legend: { title: legend, colours: ['#2166ac', '#fde725'], min: 0, max: 4 },
      view_json: { version: 1 },
    });
  comfortView = (await view('Wind comfort, NEN 8100', comfortAsset, 'comfort-class')).id;
  sunView = (await view('Sun on 21 March', sunAsset, 'sun-hours')).id;
  againView = (await view('Wind comfort again', comfortAsset, 'comfort-class')).id;
  pdf = await exportPdf(
    insightId,
    [comfortView, sunView, againView].map((id) => ({ scene_view_id: id, image_base64: capture })),
  );
  text = poppler ? pdfToText(pdf).replace(/\s+/g, ' ') : '';
});
afterAll(() => t?.close());
if (process.env.CANOPY_DUMP_PDF) afterAll(async () => (await import('node:fs')).writeFileSync(process.env.CANOPY_DUMP_PDF!, pdf));

describe.skipIf(!poppler)('zone scores in an insight’s PDF', () => {
  it('prints the comfort layer’s table under its figure: each zone’s name, use, share meeting the use and share breaking a safety limit', () => {
    expect(text).toContain('Zone scores — Figure 1');
    expect(text).toContain('Layer: Wind comfort class. Criterion: NEN 8100. Shares are percentages of the result points inside each zone.');
    expect(text).toContain('Zone Intended use Meets its use (NEN 8100) Breaks a safety limit (NEN 8100)');
    // Long sitting is good in grade A only: columns 0–1 of 0–3; the first row of five breaks the limit.
    expect(text).toContain('Café terrace Sitting (long) 50.0 % 20.0 %');
    // Walking through is good in A–C: columns 1–5 of 1–8.
    expect(text).toContain('Entrance Fast walking 62.5 % 0.0 %');
    // Strolling is good in A–B: columns 0–3 of 0–9.
    expect(text).toContain('Promenade Leisurely walking 40.0 % 0.0 %');
  });

  it('prints the sun hours’ mean, minimum and maximum in hours', () => {
    expect(text).toContain('Zone scores — Figure 2');
    expect(text).toContain('Layer: Clear-sky sun hours, in h.');
    expect(text).toContain('Zone Intended use Mean (h) Min (h) Max (h)');
    // (pdftotext may read a narrow column's "0 h" as "0h")
    expect(text).toMatch(/Café terrace Sitting \(long\) 1\.5 h 0 ?h 3 ?h/);
    expect(text).toMatch(/Entrance Fast walking 4\.5 h 1 ?h 8 ?h/);
    expect(text).toMatch(/Promenade Leisurely walking 4\.5 h 0 ?h 9 ?h/);
  });

  it('points a later figure of the same layer back to the first table', () => {
    expect(text).toContain('Zone scores of this layer: see Figure 1.');
    expect(text.match(/Café terrace Sitting \(long\) 50\.0 %/g)).toHaveLength(1);
  });

  it('prints the same table in a report that shows the comfort view', async () => {
    const image = await post<{ id: number }>(`${study()}/study-image`, { name: 'Comfort capture', image_base64: capture });
    const imageView = await post<{ id: number }>(`${study()}/insight/${insightId}/image-view`, {
      study_image_id: image.id,
      scene_view_id: comfortView,
      caption: 'Comfort at the terrace',
    });
    const report = await post<{ id: number }>(`${study()}/report`, { title: 'Terrace report' });
    await post(`${study()}/insight/${insightId}/report-view`, { report_id: report.id, image_view_id: imageView.id, caption: 'Terrace comfort' });
    const res = await t.request('/api/export-pdf/', {
      method: 'POST',
      token: w.ownerToken,
      json: { project_id: w.projectId, study_id: w.studyId, report_id: report.id },
    });
    expect(res.status, await res.clone().text()).toBe(200);
    const words = pdfToText(new Uint8Array(await res.arrayBuffer())).replace(/\s+/g, ' ');
    expect(words).toContain('Zone scores — Figure 1');
    expect(words).toContain('Café terrace Sitting (long) 50.0 % 20.0 %');
    expect(words).toContain('Promenade Leisurely walking 40.0 % 0.0 %');
  });

  it('draws the zones’ outlines and names over the capture', async () => {
    expect(text).toContain('Café terrace');
    const withZones = decodePng(renderFirstPage(pdf, 60));
    // the same insight exported from a study whose zones are gone
    const zones = (await (await t.request(`${study()}/zone`, { token: w.ownerToken })).json()) as Array<{ id: number }>;
    for (const zone of zones) expect((await t.request(`${study()}/zone/${zone.id}`, { method: 'DELETE', token: w.ownerToken })).status).toBe(204);
    const bare = await exportPdf(insightId, [{ scene_view_id: comfortView, image_base64: capture }]);
    expect(pdfToText(bare)).not.toContain('Zone scores');
    const without = decodePng(renderFirstPage(bare, 60));
    const green = (png: ReturnType<typeof decodePng>) => {
      let n = 0;
      for (let i = 0; i < png.pixels.length; i += png.channels) if (isGreen(png.pixels[i]!, png.pixels[i + 1]!, png.pixels[i + 2]!)) n++;
      return n;
    };
    expect(green(without)).toBeGreaterThan(5000);
    expect(green(withZones)).toBeLessThan(green(without) - 200);
  });
});
