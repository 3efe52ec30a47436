/**
 * What the user made, in the PDF, over HTTP: a scene view with a saved camera, a
 * drawing (a thick magenta arrow and a text) and a pin placed on it is exported — the PDF's text has
 * the drawn text and the pin's title beside its number in the figure, the figure page rendered by
 * pdftoppm shows the magenta arrow over the grey capture; a legend saved with its id reads as the
 * layer's name with its unit; a caption typed as "Figure: …" is not numbered twice; page 1 carries
 * the cover and the first figure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
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
import type { Insight } from '@canopy/contract/insights.ts';

let t: TestContext;
let w: VisibilityWorld;
const poppler = popplerAvailable();
const study = () => `/api/project/${w.projectId}/study/${w.studyId}`;

async function post<T>(path: string, body: unknown, status = 201): Promise<T> {
  const res = await t.request(path, { method: 'POST', token: w.ownerToken, json: body });
  expect(res.status, `${path} ${await res.clone().text()}`).toBe(status);
  return (await res.json()) as T;
}

/** Page `index` alone, as a PDF, so pdftoppm and pdftotext read just it. */
async function pageOf(pdf: Uint8Array, index: number): Promise<Uint8Array> {
  const doc = await PDFDocument.load(pdf);
  const one = await PDFDocument.create();
  const [page] = await one.copyPages(doc, [index]);
  one.addPage(page);
  return one.save();
}

function count(png: ReturnType<typeof decodePng>, test: (r: number, g: number, b: number) => boolean): number {
  let n = 0;
  for (let i = 0; i < png.pixels.length; i += png.channels) if (test(png.pixels[i]!, png.pixels[i + 1]!, png.pixels[i + 2]!)) n++;
  return n;
}

let pdf: Uint8Array;

beforeAll(async () => {
  t = await createTestContext();
  w = await buildVisibilityWorld(t.deps);
  const insight = await post<Insight>(`${study()}/insight`, { title: 'Plaza in the sun', text: 'The plaza is sunny at noon.', insight_status: 'Published' });
  const view = await post<{ id: number }>(`${study()}/insight/${insight.id}/scene-view`, {
    name: 'Figure: Plaza at noon',
    // Looking north at the origin from 50 m south, 20 m up.
    camera: { position: [0, -50, 20], target: [0, 0, 0], up: [0, 0, 1], fov: 45 },
    legend: { title: 'pct-sunlit', colours: ['#440154', '#21918c', '#fde725'], min: 0, max: 100 },
    view_json: { version: 1 },
  });
  await post(`/api/drawings`, {
    scene_view: view.id,
    name: 'Sketch',
    drawing_json: {
      version: 1,
      shapes: [
        {
          id: 'a',
          kind: 'arrow',
          points: [
            [0.1, 0.2],
            [0.6, 0.7],
          ],
          colour: '#ff00ff',
          width: 12,
        },
        { id: 'b', kind: 'text', points: [[0.55, 0.15]], colour: '#000000', width: 2, text: 'Gusty corner' },
      ],
    },
  });
  const type = await post<{ id: number }>(`${study()}/insight/${insight.id}/insight-pin-type`, { template_id: 2 });
  await post(`${study()}/insight/${insight.id}/insight-pin`, {
    insight_pin_type_id: type.id,
    scene_view_id: view.id,
    item: { position: [0, 0, 0], value: 81.234567891, unit: '%' },
    title: 'Bench',
    note: 'Shade needed.',
  });
  // A plain mid-grey 400 × 300 capture: whatever else is on the figure was drawn over it.
  const capture = encodePng(400, 300, () => [128, 128, 128]);
  const res = await t.request('/api/export-pdf/', {
    method: 'POST',
    token: w.ownerToken,
    json: {
      project_id: w.projectId,
      study_id: w.studyId,
      insight_id: insight.id,
      images: [{ scene_view_id: view.id, image_base64: Buffer.from(capture).toString('base64') }],
    },
  });
  expect(res.status, await res.clone().text()).toBe(200);
  pdf = new Uint8Array(await res.arrayBuffer());
});
afterAll(() => t.close());
if (process.env.CANOPY_DUMP_PDF) afterAll(async () => (await import('node:fs')).writeFileSync(process.env.CANOPY_DUMP_PDF!, pdf));

describe.skipIf(!poppler)('the figure of a scene view with a drawing and a pin', () => {
  it('puts the cover and the first figure on page 1, with the drawn text, the pin and a readable legend', async () => {
    const first = pdfToText(await pageOf(pdf, 0)).replace(/\s+/g, ' ');
    expect(first).toContain('Plaza in the sun');
    expect(first).toContain('Figure 1: Plaza at noon');
    expect(first).not.toContain('Figure: Plaza');
    expect(first).toContain('Gusty corner');
    // the pin in the figure: its number and title
    expect(first).toMatch(/1 Bench|Bench 1/);
    expect(first).toContain('Sun-lit time (%)');
    expect(first).not.toContain('pct-sunlit (');
  });

  it('draws the arrow over the capture (magenta pixels on the figure) and the pin marker', async () => {
    const png = decodePng(renderFirstPage(await pageOf(pdf, 0), 60));
    expect(count(png, (r, g, b) => r > 200 && g < 80 && b > 200)).toBeGreaterThan(40);
    expect(count(png, (r, g, b) => Math.abs(r - 128) < 6 && Math.abs(g - 128) < 6 && Math.abs(b - 128) < 6)).toBeGreaterThan(1000);
  });

  it('lists the pin with its value to three significant digits', () => {
    const text = pdfToText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('1. Bench (Concern) at x 0.0, y 0.0, z 0.0 m · value 81.2 %');
    expect(text).not.toContain('81.234567891');
  });
});
