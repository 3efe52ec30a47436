/**
 * POST /api/export-pdf/ over HTTP: the PDF is parsed back (pdf-lib: pages, page size, embedded
 * images), its text read by pdftotext (title, text, legend, pins, the provenance line built from the
 * asset's recorded metadata and 'not recorded' where nothing was recorded), and page 1 rendered by
 * pdftoppm must not be blank. The fonts are DejaVu Sans embedded as TrueType (/FontFile2), so m²,
 * ° and ≤ come back out as written. Bad requests answer 400 naming the field.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, PDFName, PDFNumber, PDFRawStream } from 'pdf-lib';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import {
  buildVisibilityWorld,
  decodePng,
  encodePng,
  pdfToText,
  popplerAvailable,
  renderFirstPage,
  testCardPng,
  type VisibilityWorld,
} from '../../../test/world-insights.ts';
import { assets, configurations, projectMetSources, projects, simulations, weatherStations } from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { ASSETS_CONTAINER, putBytes } from '../../blobs/blob-io.ts';
import type { Insight, Report, StudyImage } from '@canopy/contract/insights.ts';
import { embeddedTrueTypeFonts, fontsOf } from '../../contexts/results/pdf/testing/pdf-fonts.ts';

let t: TestContext;
let w: VisibilityWorld;
let insight: Insight;
let sceneViewId: number;
let bareViewId: number;
let simulationId: number;
const poppler = popplerAvailable();
if (!poppler) console.warn('SKIPPING the PDF text and rendering checks: pdftotext/pdftoppm (poppler-utils) are not installed');

const study = () => `/api/project/${w.projectId}/study/${w.studyId}`;
const card = testCardPng(64);
const cardBase64 = Buffer.from(card).toString('base64');

async function post<T>(path: string, body: unknown, status = 201): Promise<T> {
  const res = await t.request(path, { method: 'POST', token: w.ownerToken, json: body });
  expect(res.status, `${path} ${await res.clone().text()}`).toBe(status);
  return (await res.json()) as T;
}

async function exportPdf(body: Record<string, unknown>) {
  return t.request('/api/export-pdf/', { method: 'POST', token: w.ownerToken, json: { project_id: w.projectId, study_id: w.studyId, ...body } });
}

/** Images embedded in the PDF, as [width, height] of each image XObject. */
function embeddedImages(doc: PDFDocument): Array<[number, number]> {
  const out: Array<[number, number]> = [];
  for (const [, object] of doc.context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFRawStream)) continue;
    if (object.dict.get(PDFName.of('Subtype')) !== PDFName.of('Image')) continue;
    const width = object.dict.get(PDFName.of('Width'));
    const height = object.dict.get(PDFName.of('Height'));
    if (width instanceof PDFNumber && height instanceof PDFNumber) out.push([width.asNumber(), height.asNumber()]);
  }
  return out;
}

/** A CFD run's state as the solver records it (contexts/compute/cfd/run-state.ts). */
const CFD_RUN = {
  engine: 'canopy-cfd',
  solver: 'canopy-lbm 1.0',
  run_id: 'r1',
  analysis: 'pedestrian_wind_comfort',
  tier: 'rapid',
  terrain: 'suburban',
  directions_deg: [0, 90, 180, 270],
  reference: { height_m: 10, terrain: 'suburban' },
  estimate: {
    tier: 'rapid',
    tier_label: 'Rapid (4 m cells near the ground)',
    finest_cell_m: 4,
    cells: 1_250_000,
    memory_bytes: 1e8,
    levels: [
      { dx_m: 16, nx: 40, ny: 40, nz: 20 },
      { dx_m: 8, nx: 60, ny: 60, nz: 20 },
      { dx_m: 4, nx: 80, ny: 80, nz: 16 },
    ],
    region: { centre: [0, 0], radius_m: 150, context_radius_m: 300, tallest_building_m: 90 },
  },
  schedule: { spinUpSteps: 10, developSteps: 4, averageSteps: 10, chunkSteps: 2 },
  shortened_schedule: false,
  post: { type: 'x', input: null, dedupe_key: 'x' },
  done: {},
  progress: null,
  failed: null,
};

beforeAll(async () => {
  t = await createTestContext();
  w = await buildVisibilityWorld(t.deps);
  const db = t.database.db;
  // A simulation whose result asset recorded its provenance, with a stored geometry file and a weather station.
  const [configuration] = await db.insert(configurations).values({ projectId: w.projectId, studyId: w.studyId, name: 'Wind' }).returning();
  const [station] = await db
    .insert(weatherStations)
    .values({
      metId: '725300-abcdef12',
      name: 'Chicago Ohare',
      latitude: 41.98,
      longitude: -87.9,
      elevationM: 201,
      location: { city: 'Chicago' } as never,
      years: 'TMY3',
      source: 'EPW: Chicago Ohare Intl Ap, TMY3, WMO 725300',
      origin: 'upload',
      hours: 8760,
      dataFormat: 'test',
      data: Buffer.from('x'),
      dataSha256: 'f'.repeat(64),
    })
    .returning();
  const [met] = await db.insert(projectMetSources).values({ projectId: w.projectId, stationId: station!.id, origin: 'upload' }).returning();
  // Canopy's CFD ran it (its run state, as the solver records it), on a site in the Loop.
  await db.update(projects).set({ latitude: 41.8781, longitude: -87.6298 }).where(eq(projects.id, w.projectId));
  const [simulation] = await db
    .insert(simulations)
    .values({ configurationId: configuration!.id, category: 'wind-comfort', metSourceId: met!.id, cfdParameters: CFD_RUN })
    .returning();
  simulationId = simulation!.id;
  await putBytes(t.deps.blobStore, { container: ASSETS_CONTAINER, name: 'pdf-test/ground.glb' }, new TextEncoder().encode('geometry bytes'));
  await db
    .insert(assets)
    .values({ simulationId, layerType: 'geometry', geometryType: 'ground', filename: 'ground.glb', blobKey: `${ASSETS_CONTAINER}/pdf-test/ground.glb` });
  const [comfort] = await db
    .insert(assets)
    .values({
      simulationId,
      layerType: 'data',
      analysisType: 'wind-comfort',
      metric: 'comfort-class',
      filename: 'comfort.glb',
      metadata: {
        analysis: 'wind-comfort',
        metric: 'comfort-class',
        criterion: { id: 'lawson-lddc', name: 'Lawson LDDC' },
        provenance: { engine: 'canopy-engine', version: '0.1.0', computedAt: '2026-11-02T10:00:00Z' },
      },
    })
    .returning();

  insight = await post<Insight>(`${study()}/insight`, {
    title: 'Windy north-east corner',
    text: 'Gusts at the entrance exceed the standing criterion in winter.',
    category: 'pedestrian-wind-comfort',
    insight_status: 'Published',
  });
  const view = await post<{ id: number }>(`${study()}/insight/${insight.id}/scene-view`, {
    name: 'Ground level, winter',
    simulation_id: simulationId,
    asset_id: comfort!.id,
    legend: { title: 'Lawson comfort', colours: ['#2e7d32', '#f9a825', '#c62828'], class_labels: ['Sitting', 'Standing', 'Uncomfortable'], discrete: true },
    view_json: { version: 1 },
  });
  sceneViewId = view.id;
  const bare = await post<{ id: number }>(`${study()}/insight/${insight.id}/scene-view`, { name: 'Sketch without results' });
  bareViewId = bare.id;
  const type = await post<{ id: number }>(`${study()}/insight/${insight.id}/insight-pin-type`, { template_id: 2 });
  await post(`${study()}/insight/${insight.id}/insight-pin`, {
    insight_pin_type_id: type.id,
    item: { position: [12.5, -3, 1.5], value: 6.2, unit: 'm/s' },
    title: 'Main entrance',
    note: 'Add a canopy over the doors.',
  });
  // An image captured in the Images tab: it names no scene view.
  const captured = await post<StudyImage>(`${study()}/study-image`, { name: 'Images tab', image_base64: cardBase64 });
  // Its caption's first line is the title; the next (a point story's numbers) prints under the image.
  await post(`${study()}/insight/${insight.id}/image-view`, {
    study_image_id: captured.id,
    caption: 'Captured in the Images tab\nAnnual, all day: Standing (P(U > 4 m/s) 3.1 %)',
  });
});
afterAll(() => t.close());

/** pdftotext's word boxes (-bbox): each word with its position and height on the page. */
function pdfToBoxes(pdf: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), 'pdf-boxes-'));
  try {
    writeFileSync(join(dir, 'doc.pdf'), pdf);
    return execFileSync('pdftotext', ['-bbox', join(dir, 'doc.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('insight PDF', () => {
  let pdf: Uint8Array;
  beforeAll(async () => {
    const res = await exportPdf({
      insight_id: insight.id,
      page_size: 'A4',
      images: [{ scene_view_id: sceneViewId, image_base64: `data:image/png;base64,${cardBase64}` }],
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    // Named after the insight (was downloaded.pdf for every export).
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Windy north-east corner.pdf"; filename*=UTF-8''Windy%20north-east%20corner.pdf`);
    pdf = new Uint8Array(await res.arrayBuffer());
  });

  it('parses back: A4 pages (a title page and the figures) with the captured image embedded', async () => {
    const doc = await PDFDocument.load(pdf);
    expect(doc.getPageCount()).toBeGreaterThanOrEqual(2);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
    expect(doc.getTitle()).toBe('Windy north-east corner');
    expect(embeddedImages(doc)).toContainEqual([64, 64]);
  });

  it.skipIf(!poppler)('reads the title, text, legend, pins and the provenance line of each figure', () => {
    const text = pdfToText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('Windy north-east corner');
    expect(text).toContain('Gusts at the entrance exceed the standing criterion in winter.');
    expect(text).toContain('Pedestrian wind comfort');
    expect(text).toContain('Figure 1: Ground level, winter');
    expect(text).toMatch(/Sitting.*Standing.*Uncomfortable/);
    expect(text).toContain('Main entrance');
    expect(text).toContain('Add a canopy over the doors.');
    // recorded: analysis, engine and version, criterion, date; weather from the simulation's station; checksum of the stored geometry
    // in words from the label table, no recorded id
    expect(text).toContain('Analysis: Pedestrian wind comfort — wind comfort class · Engine');
    expect(text).not.toMatch(/\[|wind-comfort\/|comfort-class/);
    expect(text).toContain('Engine: canopy-engine 0.1.0');
    expect(text).toContain('Weather: EPW: Chicago Ohare Intl Ap, TMY3, WMO 725300');
    expect(text).toContain('Criterion: Lawson LDDC');
    expect(text).toMatch(/Geometry: sha256 [0-9a-f]{16} \(1 file\)/);
    expect(text).toContain('Date: 2026-11-02');
    // the second view shows no results: every item says so instead of being made up
    expect(text).toContain('Figure 2: Sketch without results');
    expect(text).toContain(
      'Analysis: not recorded · Engine: not recorded · Weather: not recorded · Criterion: not recorded · Geometry: not recorded · Date: not recorded',
    );
    expect(text).toContain('No image was captured for this view.');
    // An image from the Images tab carries its insight's provenance, not 'not recorded' for every item.
    const imagesTab = text.slice(text.indexOf('Figure 3: Captured in the Images tab'));
    expect(imagesTab).toMatch(
      /^Figure 3: Captured in the Images tab.*Provenance — Analysis: Pedestrian wind comfort.*Engine: canopy-engine 0\.1\.0.*Criterion: Lawson LDDC/,
    );
    expect(imagesTab).toContain('Annual, all day: Standing (P(U > 4 m/s) 3.1 %)');
    // …printed as the caption under the image (10 pt), not as part of the bold 13 pt title.
    const box = /<word xMin="[\d.]+" yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">\(P\(U<\/word>/.exec(pdfToBoxes(pdf))!;
    expect(Number(box[2]) - Number(box[1])).toBeLessThan(12.5);
  });

  it.skipIf(!poppler)(
    'ends with the method section: analysis, solver and its validation, tier, grid, pedestrian-height resolution, directions, terrain, reference height, station with distance and source, criterion with thresholds',
    () => {
      const text = pdfToText(pdf).replace(/\s+/g, ' ');
      const method = text.slice(text.lastIndexOf('Method How the results'));
      expect(method).toContain('Method How the results in the figures were computed, as the runs recorded it.');
      for (const expected of [
        'Analysis: Pedestrian wind comfort',
        'Solver: canopy-lbm 1.0: lattice Boltzmann (D3Q19, regularised BGK) with a RANS one-equation k–ℓ turbulence closure (transported k)',
        'Validation: speed ratio (mean wind speed): validated (against AIJ Case A',
        'Tier: Rapid (4 m cells near the ground)',
        'Grid: 1,250,000 cells; levels 16 m, 8 m, 4 m',
        'Resolution at pedestrian height: 4 m cells, the first cell centre at 2 m',
        'Directions: 4: 0°, 90°, 180°, 270°',
        'Terrain: suburban',
        'Reference height: 10 m',
        // The Loop to O'Hare: 25.1 km by the haversine (11.3 km north, 22.4 km west).
        'Weather station: Chicago Ohare, 25.1 km from the site; source: EPW: Chicago Ohare Intl Ap, TMY3, WMO 725300 (met_id 725300-abcdef12)',
        'Criterion: Lawson LDDC (City of London)',
        'Thresholds: Frequent sitting: at most 5 % of hours above 2.5 m/s; Occasional sitting: at most 5 % of hours above 4 m/s; Standing: at most 5 % of hours above 6 m/s',
        'Safety, Unsafe: 15 m/s exceeded in more than 0.022 % of hours',
        // The test station holds no hours: its wind rose is not made up.
        'Wind rose: not recorded',
      ]) {
        expect(method).toContain(expected);
      }
    },
  );

  it.skipIf(!poppler)('renders page 1 to a PNG that is not blank', () => {
    const page = decodePng(renderFirstPage(pdf));
    expect(page.width).toBeGreaterThan(100);
    const colours = new Set<string>();
    for (let i = 0; i < page.pixels.length && colours.size < 2; i += page.channels) colours.add(page.pixels.subarray(i, i + page.channels).join(','));
    expect(colours.size).toBeGreaterThan(1);
  });

  it.skipIf(!poppler)('renders the figure page with the image’s colours (the embedded picture is drawn)', async () => {
    const doc = await PDFDocument.load(pdf);
    const figures = await PDFDocument.create();
    const [page] = await figures.copyPages(doc, [0]); // figure 1 shares page 1 with the cover
    figures.addPage(page);
    const png = decodePng(renderFirstPage(await figures.save(), 40));
    let red = 0;
    for (let i = 0; i < png.pixels.length; i += png.channels) {
      if (png.pixels[i]! > 200 && png.pixels[i + 1]! < 60 && png.pixels[i + 2]! < 60) red++;
    }
    expect(red).toBeGreaterThan(20);
  });
});

describe('fonts', () => {
  it('embeds DejaVu Sans (TrueType, /FontFile2) and keeps m², ° and ≤ of the insight, with the provenance line; page 1 is not blank', async () => {
    const special = await post<Insight>(`${study()}/insight`, {
      title: 'Terrace ≤ 4 m/s',
      text: 'Seating area of 120 m² at 21 °C; gusts ≤ 5 m/s ± 0.5.',
      insight_status: 'Published',
    });
    await post(`${study()}/insight/${special.id}/scene-view`, { name: 'Terrace at 21 °C', simulation_id: simulationId, view_json: { version: 1 } });
    const res = await exportPdf({ insight_id: special.id });
    expect(res.status, await res.clone().text()).toBe(200);
    const pdf = new Uint8Array(await res.arrayBuffer());

    const doc = await PDFDocument.load(pdf);
    expect(embeddedTrueTypeFonts(doc)).toEqual(['DejaVuSans', 'DejaVuSans-Bold']);
    expect(fontsOf(doc).filter((f) => f.subtype === 'Type1')).toEqual([]);
    expect(doc.getTitle()).toBe('Terrace ≤ 4 m/s');
    if (!poppler) return;
    const text = pdfToText(pdf).replace(/\s+/g, ' ');
    expect(text).toContain('Terrace ≤ 4 m/s');
    expect(text).toContain('Seating area of 120 m² at 21 °C; gusts ≤ 5 m/s ± 0.5.');
    expect(text).toContain('Figure 1: Terrace at 21 °C');
    expect(text).not.toMatch(/m\?|\? 5 m\/s|21 \?C/);
    // the provenance line of the figure: no asset named, so the simulation's data layer it shows (Canopy's own results once read 'not recorded')
    expect(text).toContain(
      'Provenance — Analysis: Pedestrian wind comfort — wind comfort class · Engine: canopy-engine 0.1.0 · Weather: EPW: Chicago Ohare Intl Ap, TMY3, WMO 725300',
    );
    const page = decodePng(renderFirstPage(pdf));
    const colours = new Set<string>();
    for (let i = 0; i < page.pixels.length && colours.size < 2; i += page.channels) colours.add(page.pixels.subarray(i, i + page.channels).join(','));
    expect(colours.size).toBeGreaterThan(1);
  });
});

describe('captured PNGs with transparency', () => {
  it.skipIf(!poppler)('draws an RGBA capture with its alpha: opaque pixels in colour, transparent ones show the page', async () => {
    // left half transparent, right half opaque blue
    const rgba = encodePng(80, 40, (x) => (x < 40 ? [255, 0, 0, 0] : [20, 40, 230, 255]), true);
    const res = await exportPdf({ insight_id: insight.id, images: [{ scene_view_id: sceneViewId, image_base64: Buffer.from(rgba).toString('base64') }] });
    expect(res.status).toBe(200);
    const doc = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
    expect(embeddedImages(doc)).toContainEqual([80, 40]);
    const figures = await PDFDocument.create();
    const [page] = await figures.copyPages(doc, [0]); // figure 1 shares page 1 with the cover
    figures.addPage(page);
    const png = decodePng(renderFirstPage(await figures.save(), 40));
    let blue = 0;
    let red = 0;
    for (let i = 0; i < png.pixels.length; i += png.channels) {
      const [r, g, b] = [png.pixels[i]!, png.pixels[i + 1]!, png.pixels[i + 2]!];
      if (b > 200 && r < 60 && g < 80) blue++;
      if (r > 200 && g < 60 && b < 60) red++;
    }
    expect(blue).toBeGreaterThan(50);
    expect(red).toBe(0);
  });
});

describe('report PDF', () => {
  it('uses the stored study images, the cover data and the report page size (Letter)', async () => {
    const image = await post<StudyImage>(`${study()}/study-image`, { name: 'Captured', image_base64: cardBase64 });
    const imageView = await post<{ id: number }>(`${study()}/insight/${insight.id}/image-view`, {
      study_image_id: image.id,
      scene_view_id: sceneViewId,
      caption: 'Winter comfort',
    });
    const report = await post<Report>(`${study()}/report`, {
      title: 'Pedestrian wind report',
      page_size: 'Letter',
      cover: { author: 'A. Engineer', version: '3', date: '2026-11-20' },
    });
    expect(report.cover).toEqual({ project: 'Quay Street', location: 'Auckland', author: 'A. Engineer', version: '3', date: '2026-11-20' });
    await post(`${study()}/insight/${insight.id}/report-view`, {
      report_id: report.id,
      image_view_id: imageView.id,
      caption: 'Figure for the planning submission',
    });
    await post(`${study()}/insight/${insight.id}/report-view`, { report_id: report.id, image_view_id: imageView.id, caption: 'The same image again' });
    const res = await exportPdf({ report_id: report.id });
    expect(res.status, await res.clone().text()).toBe(200);
    // A report is named after its project and itself.
    expect(res.headers.get('content-disposition')).toBe(
      `attachment; filename="Quay Street - Pedestrian wind report.pdf"; filename*=UTF-8''Quay%20Street%20-%20Pedestrian%20wind%20report.pdf`,
    );
    const pdf = new Uint8Array(await res.arrayBuffer());
    const doc = await PDFDocument.load(pdf);
    const { width, height } = doc.getPage(0).getSize();
    expect([Math.round(width), Math.round(height)]).toEqual([612, 792]);
    // two figures of one study image: embedded once
    expect(embeddedImages(doc)).toEqual([[64, 64]]);
    if (!poppler) return;
    const text = pdfToText(pdf).replace(/\s+/g, ' ');
    for (const expected of [
      'Pedestrian wind report',
      'Quay Street',
      'Auckland',
      'A. Engineer',
      'VERSION',
      '2026-11-20',
      'Windy north-east corner',
      'Figure for the planning submission',
      'Engine: canopy-engine 0.1.0',
    ]) {
      expect(text).toContain(expected);
    }
  });
});

describe('bad export requests', () => {
  it('answers 400 naming the field', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await exportPdf(body);
      expect(res.status).toBe(400);
      return Object.keys((await res.json()) as Record<string, unknown>);
    };
    expect(await bad({})).toEqual(['non_field_errors']);
    expect(await bad({ insight_id: insight.id, report_id: 1 })).toEqual(['non_field_errors']);
    expect(await bad({ insight_id: insight.id, page_size: 'A3' })).toEqual(['page_size']);
    expect(
      await bad({ insight_id: insight.id, images: [{ scene_view_id: sceneViewId, image_base64: Buffer.from('not an image').toString('base64') }] }),
    ).toEqual(['images.0']);
    expect(await bad({ insight_id: insight.id, images: [{ scene_view_id: sceneViewId }] })).toEqual(['images.0']);
    expect(await bad({ insight_id: insight.id, images: [{ report_view_id: 1, image_base64: cardBase64 }] })).toEqual(['images.0']);
    expect(await bad({ insight_id: insight.id, images: [{ scene_view_id: bareViewId, study_image_id: 999999 }] })).toEqual(['images.0.study_image_id']);
    const missing = await exportPdf({ insight_id: 999999 });
    expect(missing.status).toBe(404);
  });

  it('scales a wide PNG into a Letter page', async () => {
    const wide = encodePng(300, 20, (x) => [x % 256, 0, 255 - (x % 256)]);
    const res = await exportPdf({
      insight_id: insight.id,
      page_size: 'Letter',
      images: [{ scene_view_id: sceneViewId, image_base64: Buffer.from(wide).toString('base64') }],
    });
    expect(res.status).toBe(200);
    const doc = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
    expect(embeddedImages(doc)).toContainEqual([300, 20]);
  });
});
