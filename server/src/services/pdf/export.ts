/**
 * POST /api/export-pdf/: an insight or a report as a PDF, built with pdf-lib from the images the
 * client captured (sent inline or as study images) and what the server stores. The draft rule
 * holds here as everywhere: a Draft insight or report, or a Draft insight's view inside a report,
 * is exported only for those who may see drafts (services/insights/visibility.ts).
 *
 * Layout (issue 16): page 1 opens with a cover band, the title and the facts in two columns; an
 * insight's text and figures follow on it, a report lists its contents there. Each figure (per scene
 * view / image view / report view): heading (a typed "Figure …:" prefix taken off), the image with
 * the view's drawing and pins drawn over it (figure-overlay.ts), the legend titled by the layer's
 * human name and unit, caption and the provenance line; then the pins with their notes.
 */
import { eq, inArray } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import type { AppDeps } from '../../deps.ts';
import type { Db } from '../../db/database.ts';
import type { AuthUser } from '../../auth/authenticate.ts';
import { projects, sceneViews, studies } from '../../db/schema/index.ts';
import { ApiError } from '../../http/errors.ts';
import type { ExportPdfRequest, Insight, Legend, Report } from '@canopy/contract/insights.ts';
import { requireInsight } from '../insights/insights.ts';
import { INSIGHT_CATEGORIES } from '../insights/reference.ts';
import { representInsight, representInsights } from '../insights/represent.ts';
import { reportForExport } from '../insights/reports.ts';
import { studyImageBytes } from '../insights/study-images.ts';
import { insightScope, type InsightScope } from '../insights/visibility.ts';
import { loadFonts } from './fonts.ts';
import { registerImage, type ImageXObject, type PreparedImage } from './png-xobject.ts';
import { transferables } from '../../jobs/transfer.ts';
import { checkImageSize, decodeBase64Image, imageInfo, type ImageInfo } from './image-info.ts';
import { provenanceLine, provenanceOf, unrecorded } from './provenance.ts';
import { PdfWriter } from './writer.ts';
import { drawingShapes, drawOverlay, type CameraSnapshot, type OverlayPin, type Vec3 } from './figure-overlay.ts';
import { cleanCaption, pinValue, readableLegend } from './figure-text.ts';

interface Picture {
  /** Identifies the source ("study:{id}" or "request:{n}"): one source is embedded once however often it is shown. */
  key: string;
  bytes: Uint8Array;
  info: ImageInfo;
}

interface Figure {
  heading: string;
  picture: Picture | null;
  legend: Legend | null;
  caption: string;
  ref: { simulationId: number | null; assetId: number | null } | null;
  /** The drawing and pins of the scene view the picture captured, drawn over it. */
  overlay: Overlay | null;
}

interface Overlay {
  camera: CameraSnapshot | null;
  shapes: ReturnType<typeof drawingShapes>;
  pins: OverlayPin[];
}

interface Context {
  /** Embedded images by Picture.key. */
  embedded: Map<string, ImageXObject>;
  deps: AppDeps;
  db: Db;
  /** Whose heavy-work allowance the image decoding counts against. */
  userId: number;
  scope: InsightScope;
  now: Date;
}

/** Decoded bytes of all images of one export; the JSON body itself is not size-limited by the app. */
const MAX_EXPORT_IMAGE_BYTES = 100 * 1024 * 1024;

/** Images sent with the request, keyed "scene:{id}" or "report:{id}", checked to be PNG or JPEG. */
async function requestImages(ctx: Context, request: ExportPdfRequest, kind: 'scene' | 'report'): Promise<Map<string, Picture>> {
  const out = new Map<string, Picture>();
  let total = 0;
  for (const [i, image] of (request.images ?? []).entries()) {
    const field = `images.${i}`;
    const target = kind === 'scene' ? image.scene_view_id : image.report_view_id;
    if (target === undefined)
      throw ApiError.field(
        field,
        kind === 'scene' ? 'An insight export names each image by scene_view_id.' : 'A report export names each image by report_view_id.',
      );
    if ((image.image_base64 === undefined) === (image.study_image_id === undefined))
      throw ApiError.field(field, 'Send exactly one of image_base64 and study_image_id.');
    let bytes: Uint8Array | null;
    const key = image.study_image_id !== undefined ? `study:${image.study_image_id}` : `request:${i}`;
    if (image.image_base64 !== undefined) {
      bytes = decodeBase64Image(image.image_base64);
      if (!bytes) throw ApiError.field(`${field}.image_base64`, 'Not valid base64.');
    } else {
      const stored = await studyImageBytes(ctx.deps, ctx.db, ctx.scope.studyId, image.study_image_id!);
      if (!stored) throw ApiError.field(`${field}.study_image_id`, `Invalid pk "${image.study_image_id}" - object does not exist.`);
      bytes = stored.bytes;
    }
    total += bytes.length;
    if (total > MAX_EXPORT_IMAGE_BYTES) throw ApiError.field('images', 'The images add up to more than 100 MB.');
    const info = imageInfo(bytes);
    if (!info) throw ApiError.field(field, 'The image is not a PNG or JPEG.');
    const tooLarge = checkImageSize(info);
    if (tooLarge) throw ApiError.field(field, tooLarge);
    out.set(`${kind}:${target}`, { key, bytes, info });
  }
  return out;
}

async function storedPicture(ctx: Context, studyImageId: number | null): Promise<Picture | null> {
  if (studyImageId === null) return null;
  const stored = await studyImageBytes(ctx.deps, ctx.db, ctx.scope.studyId, studyImageId).catch(() => null);
  if (!stored) return null;
  const info = imageInfo(stored.bytes);
  // Images stored before the pixel limit existed are left out rather than decoded.
  return info && !checkImageSize(info) ? { key: `study:${studyImageId}`, bytes: stored.bytes, info } : null;
}

/**
 * A PNG is decoded in the heavy-work pool (issue 17 item 3: seconds of CPU for a large capture) and
 * registered from its encoded streams; its bytes move to the worker, as each picture is embedded
 * once. A JPEG goes in as it is (pdf-lib reads only its header).
 */
async function embed(ctx: Context, doc: PDFDocument, picture: Picture): Promise<ImageXObject> {
  const known = ctx.embedded.get(picture.key);
  if (known) return known;
  let image: ImageXObject;
  if (picture.info.contentType === 'image/png') {
    const prepared = await ctx.deps.heavy.run<PreparedImage | null>(ctx.userId, 'pdf.preparePng', { bytes: picture.bytes }, transferables([picture.bytes]));
    if (!prepared) throw ApiError.field('images', 'An image could not be read (damaged PNG or JPEG).');
    image = registerImage(doc, prepared);
  } else {
    try {
      image = await doc.embedJpg(picture.bytes);
    } catch {
      throw ApiError.field('images', 'An image could not be read (damaged PNG or JPEG).');
    }
  }
  ctx.embedded.set(picture.key, image);
  return image;
}

async function drawFigure(ctx: Context, w: PdfWriter, figure: Figure): Promise<void> {
  // A figure starts where at least a third of a page is left, its image shrinking (to 30 % of the
  // page at least) so heading, legend and provenance stay with it — page 1 holds the cover and figure 1.
  w.ensure(w.height * 0.36);
  w.text(figure.heading, { size: 13, bold: true, after: 4 });
  if (figure.picture) {
    const rect = w.image(await embed(ctx, w.doc, figure.picture), Math.max(w.height * 0.3, Math.min(w.height * 0.42, w.remaining - 90)));
    if (figure.overlay) {
      drawOverlay({
        page: w.currentPage,
        rect,
        imagePx: figure.picture.info,
        camera: figure.overlay.camera,
        shapes: figure.overlay.shapes,
        pins: figure.overlay.pins,
        font: w.fonts.regular,
        bold: w.fonts.bold,
      });
    }
  } else w.missingImage('No image was captured for this view.');
  const legend = figure.legend ? readableLegend(figure.legend) : null;
  if (legend) w.legend(legend);
  if (figure.caption) w.text(figure.caption, { size: 10, after: 2 });
  const provenance = figure.ref ? await provenanceOf(ctx.db, ctx.deps.blobStore, { ...figure.ref, legendTitle: figure.legend?.title ?? null }) : unrecorded();
  w.text(`Provenance — ${provenanceLine(provenance)}`, { size: 7.5, colour: 'grey', after: 14 });
}

/** The pins of an insight drawn on one of its views: those placed on it, and those placed on none. */
function overlayOf(insight: Insight, view: Insight['sceneview_set'][number] | undefined): Overlay | null {
  if (!view) return null;
  const colours = new Map(insight.pin_types.map((t) => [t.id, t.colour]));
  const pins = insight.pins
    .map((pin, i) => ({ pin, number: i + 1 }))
    .filter(({ pin }) => pin.scene_view_id === null || pin.scene_view_id === view.id)
    .map(({ pin, number }) => ({ number, position: pin.item.position as Vec3, colour: colours.get(pin.insight_pin_type_id) ?? '#d1242f', title: pin.title }));
  const shapes = drawingShapes(view.drawings[0]?.drawing_json);
  return shapes.length || pins.length ? { camera: view.camera as CameraSnapshot | null, shapes, pins } : null;
}

function drawPins(w: PdfWriter, insight: Insight): void {
  if (insight.pins.length === 0) return;
  w.ensure(60);
  w.text(`Pins — ${insight.title}`, { size: 13, bold: true, after: 4 });
  const types = new Map(insight.pin_types.map((t) => [t.id, t.name]));
  insight.pins.forEach((pin, i) => {
    const [x, y, z] = pin.item.position;
    const value = pinValue(pin);
    w.text(
      `${i + 1}. ${pin.title || types.get(pin.insight_pin_type_id) || 'Pin'} (${types.get(pin.insight_pin_type_id) ?? 'pin'}) at x ${x.toFixed(1)}, y ${y.toFixed(1)}, z ${z.toFixed(1)} m${value}`,
      { size: 10, bold: true },
    );
    w.text(pin.note || '(no note)', { size: 10, after: 6 });
  });
  w.space(8);
}

async function studyFacts(db: Db, scope: InsightScope) {
  const [row] = await db
    .select({ project: projects.name, location: projects.location, study: studies.name })
    .from(studies)
    .innerJoin(projects, eq(projects.id, studies.projectId))
    .where(eq(studies.id, scope.studyId));
  return row ?? { project: '', location: '', study: '' };
}

async function insightPdf(ctx: Context, w: PdfWriter, insight: Insight, pictures: Map<string, Picture>): Promise<void> {
  const facts = await studyFacts(ctx.db, ctx.scope);
  w.cover('Insight', insight.title, [facts.project, facts.study].filter(Boolean).join(' · '), [
    ['Project', facts.project],
    ['Location', facts.location],
    ['Study', facts.study],
    ['Category', INSIGHT_CATEGORIES.find((c) => c.key === insight.category)?.name ?? insight.category ?? ''],
    ['Status', insight.insight_status],
    ['Author', insight.created_by?.name ?? ''],
    ['Exported', ctx.now.toISOString().slice(0, 10)],
    ['Figures', String(insight.sceneview_set.length + insight.imageview_set.length)],
  ]);
  if (insight.text) w.text(insight.text, { size: 11, after: 12 });
  // The figures follow on page 1 when the first fits (a page of title alone read as empty).
  let n = 0;
  for (const view of insight.sceneview_set) {
    n += 1;
    await drawFigure(ctx, w, {
      heading: `Figure ${n}: ${cleanCaption(view.name) || insight.title}`,
      picture: pictures.get(`scene:${view.id}`) ?? (await storedPicture(ctx, view.study_image_id)),
      legend: view.legend,
      caption: '',
      ref: { simulationId: view.simulation_id, assetId: view.asset_id },
      overlay: overlayOf(insight, view),
    });
  }
  for (const image of insight.imageview_set) {
    n += 1;
    const view = insight.sceneview_set.find((v) => v.id === image.scene_view_id);
    await drawFigure(ctx, w, {
      heading: `Figure ${n}: ${cleanCaption(image.caption) || insight.title}`,
      picture: await storedPicture(ctx, image.study_image_id),
      legend: view?.legend ?? null,
      caption: '',
      ref: view ? { simulationId: view.simulation_id, assetId: view.asset_id } : null,
      // Only the view's own capture shows what its drawing and pins were drawn over.
      overlay: view && view.study_image_id === image.study_image_id ? overlayOf(insight, view) : null,
    });
  }
  drawPins(w, insight);
}

async function reportPdf(ctx: Context, w: PdfWriter, report: Report, pictures: Map<string, Picture>): Promise<void> {
  const facts = await studyFacts(ctx.db, ctx.scope);
  w.cover('Report', report.title, [report.cover.project, facts.study].filter(Boolean).join(' · '), [
    ['Project', report.cover.project],
    ['Location', report.cover.location],
    ['Study', facts.study],
    ['Author', report.cover.author],
    ['Version', report.cover.version],
    ['Date', report.cover.date],
    ['Status', report.report_status],
    ['Figures', String(report.report_views.length)],
  ]);
  const insightIds = [...new Set(report.report_views.map((v) => v.insight.id))];
  const insightRows = insightIds.length ? await Promise.all(insightIds.map((id) => requireInsight(ctx.db, ctx.scope, id))) : [];
  const insights = new Map((await representInsights(ctx.db, insightRows)).map((i) => [i.id, i]));
  // The cover lists what the report holds: each insight with its figures, numbered as below.
  w.text('Contents', { size: 13, bold: true, after: 4 });
  const listed = new Set<number>();
  report.report_views.forEach((rv, i) => {
    const insight = insights.get(rv.insight.id);
    if (insight && !listed.has(insight.id)) {
      listed.add(insight.id);
      w.text(insight.title, { size: 11, bold: true, after: 1 });
    }
    w.text(`Figure ${i + 1}: ${cleanCaption(rv.caption || rv.image_view.caption) || insight?.title || ''}`, { size: 10, after: 1 });
  });
  const viewIds = report.report_views.map((v) => v.image_view.scene_view_id).filter((id): id is number => id !== null);
  const views = new Map((viewIds.length ? await ctx.db.select().from(sceneViews).where(inArray(sceneViews.id, viewIds)) : []).map((v) => [v.id, v]));
  const introduced = new Set<number>();
  let n = 0;
  for (const reportView of report.report_views) {
    const insight = insights.get(reportView.insight.id);
    if (insight && !introduced.has(insight.id)) {
      introduced.add(insight.id);
      w.newPage();
      w.text(insight.title, { size: 16, bold: true, after: 4 });
      if (insight.text) w.text(insight.text, { size: 11, after: 10 });
    }
    n += 1;
    const view = reportView.image_view.scene_view_id === null ? undefined : views.get(reportView.image_view.scene_view_id);
    const shown = insight?.sceneview_set.find((v) => v.id === reportView.image_view.scene_view_id);
    const sent = pictures.get(`report:${reportView.id}`);
    const heading = cleanCaption(reportView.caption || reportView.image_view.caption) || insight?.title || '';
    const second = cleanCaption(reportView.image_view.caption);
    await drawFigure(ctx, w, {
      heading: `Figure ${n}: ${heading}`,
      picture: sent ?? (await storedPicture(ctx, reportView.image_view.study_image_id)),
      legend: (view?.legend as Legend | null) ?? null,
      caption: second && second !== heading ? second : '',
      ref: view ? { simulationId: view.simulationId, assetId: view.assetId } : null,
      overlay: insight && shown && (sent || shown.study_image_id === reportView.image_view.study_image_id) ? overlayOf(insight, shown) : null,
    });
  }
  for (const insight of insights.values()) drawPins(w, insight);
}

export interface ExportedPdf {
  bytes: Uint8Array;
  title: string;
}

export async function exportPdf(deps: AppDeps, db: Db, user: AuthUser, request: ExportPdfRequest): Promise<ExportedPdf> {
  if ((request.insight_id === undefined) === (request.report_id === undefined)) {
    throw ApiError.field('non_field_errors', 'Send exactly one of insight_id and report_id.');
  }
  const scope = await insightScope(db, user, request.project_id, request.study_id);
  const ctx: Context = { embedded: new Map(), deps, db, userId: user.id, scope, now: deps.clock.now() };
  const doc = await PDFDocument.create();
  const fonts = await loadFonts(doc);
  let title: string;
  let writer: PdfWriter;
  if (request.insight_id !== undefined) {
    const insight = await representInsight(db, await requireInsight(db, scope, request.insight_id));
    const pictures = await requestImages(ctx, request, 'scene');
    title = insight.title;
    writer = new PdfWriter(doc, fonts, request.page_size ?? 'A4');
    await insightPdf(ctx, writer, insight, pictures);
  } else {
    const report = await reportForExport(db, scope, request.report_id!);
    const pictures = await requestImages(ctx, request, 'report');
    title = report.title;
    writer = new PdfWriter(doc, fonts, request.page_size ?? report.page_size);
    await reportPdf(ctx, writer, report, pictures);
  }
  writer.numberPages();
  doc.setTitle(title);
  doc.setProducer('Canopy');
  doc.setCreator('Canopy');
  doc.setCreationDate(ctx.now);
  doc.setModificationDate(ctx.now);
  return { bytes: await doc.save(), title };
}
