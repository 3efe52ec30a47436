/**
 * POST /api/export-pdf/: an insight or a report as a PDF, built with pdf-lib from the images the
 * client captured (sent inline or as study images) and what the server stores. The draft rule
 * holds here as everywhere: a Draft insight or report, or a Draft insight's view inside a report,
 * is exported only for those who may see drafts (contexts/results/insights/visibility.ts).
 *
 * Layout: page 1 opens with a cover band, the title and the facts in two columns; an
 * insight's text and figures follow on it, a report lists its contents there. Each figure (per scene
 * view / image view / report view): heading (a typed "Figure …:" prefix taken off), the image with
 * the view's drawing and pins drawn over it (figure-overlay.ts), the legend titled by the layer's
 * human name and unit, caption and the provenance line; a figure of a result layer of a study with
 * zones has the zones' outlines over it and their scores under it (zone-figures.ts); then the pins
 * with their notes, and on a page of its own the method of every simulation the figures show
 * (method-section.ts).
 *
 * This module gathers what the PDF shows (records, images, provenance lines: database and blob
 * reads) into a plan of blocks; render.ts lays the plan out and saves it in the heavy-work pool.
 */
import { eq, inArray } from 'drizzle-orm';
import type { AppDeps } from '../../../deps.ts';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { projects, sceneViews, studies } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import { pdfFileName, type ExportPdfRequest, type Insight, type Legend, type PageSize, type Report } from '@canopy/contract/insights.ts';
import { requireInsight } from '../insights/insights.ts';
import { INSIGHT_CATEGORIES } from '../insights/reference.ts';
import { representInsight, representInsights } from '../insights/represent.ts';
import { reportForExport } from '../insights/reports.ts';
import { studyImageBytes } from '../insights/study-images.ts';
import { insightScope, type InsightScope } from '../insights/visibility.ts';
import { transferables } from '../../../jobs/transfer.ts';
import { checkImageSize, decodeBase64Image, imageInfo, type ImageInfo } from './image-info.ts';
import { provenanceLine, provenanceOf, unrecorded } from './provenance.ts';
import type { TextStyle } from './writer.ts';
import { drawingShapes, type CameraSnapshot, type Vec3 } from './figure-overlay.ts';
import type { PdfPlan, PlanBlock, PlanOverlay, PlanPicture, RenderOutcome } from './render.ts';
import { cleanCaption, pinValue, readableLegend } from './figure-text.ts';
import { methodSection } from './method-section.ts';
import { ZoneFigures } from './zone-figures.ts';

interface Picture {
  /** Identifies the source ("study:{id}" or "request:{n}"): one source is embedded once however often it is shown. */
  key: string;
  bytes: Uint8Array;
  info: ImageInfo;
}

interface Context {
  deps: AppDeps;
  db: Db;
  scope: InsightScope;
  now: Date;
  /** The plan's pictures, each source once, and where each went. */
  pictures: PlanPicture[];
  pictureIndex: Map<string, number>;
  blocks: PlanBlock[];
  /** The simulations the figures show, in figure order (the method section describes each). */
  simulations: number[];
  /** The study's zones over the figures that show a result layer, and their scores under them. */
  zones: ZoneFigures;
}

/** Decoded bytes of all images of one export; the JSON body itself is not size-limited by the app. */
const MAX_EXPORT_IMAGE_BYTES = 100 * 1024 * 1024;

/** How long laying out and saving one PDF may take in the heavy-work pool (render.ts). */
export const PDF_RENDER_TIME_LIMIT_MS = 60_000;

/** Images sent with the request, keyed "scene:{id}" or "report:{id}", checked to be PNG or JPEG. */
async function requestImages(ctx: Context, request: ExportPdfRequest, kind: 'scene' | 'report'): Promise<Map<string, Picture>> {
  const out = new Map<string, Picture>();
  let total = 0;
  for (const [i, image] of (request.images ?? []).entries()) {
    const field = `images.${i}`;
    const target = kind === 'scene' ? image.scene_view_id : image.report_view_id;
    if (target === undefined)
      throw DomainError.field(
        field,
        kind === 'scene' ? 'An insight export names each image by scene_view_id.' : 'A report export names each image by report_view_id.',
      );
    if ((image.image_base64 === undefined) === (image.study_image_id === undefined))
      throw DomainError.field(field, 'Send exactly one of image_base64 and study_image_id.');
    let bytes: Uint8Array | null;
    const key = image.study_image_id !== undefined ? `study:${image.study_image_id}` : `request:${i}`;
    if (image.image_base64 !== undefined) {
      bytes = decodeBase64Image(image.image_base64);
      if (!bytes) throw DomainError.field(`${field}.image_base64`, 'Not valid base64.');
    } else {
      const stored = await studyImageBytes(ctx.deps, ctx.db, ctx.scope.studyId, image.study_image_id!);
      if (!stored) throw DomainError.field(`${field}.study_image_id`, `Invalid pk "${image.study_image_id}" - object does not exist.`);
      bytes = stored.bytes;
    }
    total += bytes.length;
    if (total > MAX_EXPORT_IMAGE_BYTES) throw DomainError.field('images', 'The images add up to more than 100 MB.');
    const info = imageInfo(bytes);
    if (!info) throw DomainError.field(field, 'The image is not a PNG or JPEG.');
    const tooLarge = checkImageSize(info);
    if (tooLarge) throw DomainError.field(field, tooLarge);
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

/** The picture's place among the plan's pictures (each source once: embedded once however often shown). */
function pictureOf(ctx: Context, picture: Picture | null): number | null {
  if (!picture) return null;
  const known = ctx.pictureIndex.get(picture.key);
  if (known !== undefined) return known;
  const { contentType, width, height } = picture.info;
  ctx.pictures.push({ bytes: picture.bytes, contentType: contentType as PlanPicture['contentType'], width, height });
  ctx.pictureIndex.set(picture.key, ctx.pictures.length - 1);
  return ctx.pictures.length - 1;
}

interface Figure {
  heading: string;
  picture: Picture | null;
  legend: Legend | null;
  caption: string;
  ref: { simulationId: number | null; assetId: number | null } | null;
  /** The drawing and pins of the scene view the picture captured, drawn over it. */
  overlay: PlanOverlay | null;
  /** The view's saved camera, when the picture is its own capture: the zones' outlines are drawn through it. */
  camera?: CameraSnapshot | null;
}

const text = (ctx: Context, value: string, style: TextStyle = {}) => ctx.blocks.push({ kind: 'text', text: value, style });

async function addFigure(ctx: Context, figure: Figure): Promise<void> {
  if (figure.ref?.simulationId != null) ctx.simulations.push(figure.ref.simulationId);
  const provenance = figure.ref ? await provenanceOf(ctx.db, ctx.deps.blobStore, { ...figure.ref, legendTitle: figure.legend?.title ?? null }) : unrecorded();
  const legend = figure.legend ? readableLegend(figure.legend) : null;
  // "Figure 3" of "Figure 3: Plaza at noon": what a later figure of the same layer points back to.
  const number = /^Figure \d+/.exec(figure.heading)?.[0] ?? figure.heading;
  const zones = await ctx.zones.of(figure.ref?.assetId ?? null, number, legend?.title ?? null);
  // Outlines go over the view's own capture only, through its camera, beside its drawing and pins.
  const camera = figure.camera ?? null;
  const outlines = zones && figure.picture && camera ? zones.shapes : [];
  const overlay: PlanOverlay | null = outlines.length
    ? { camera, shapes: [...outlines, ...(figure.overlay?.shapes ?? [])], pins: figure.overlay?.pins ?? [] }
    : figure.overlay;
  ctx.blocks.push({
    kind: 'figure',
    heading: figure.heading,
    picture: pictureOf(ctx, figure.picture),
    legend,
    caption: figure.caption,
    provenance: `Provenance — ${provenanceLine(provenance)}`,
    overlay: figure.picture ? overlay : null,
  });
  if (zones) ctx.blocks.push(...zones.blocks);
}

/** The pins of an insight drawn on one of its views: those placed on it, and those placed on none. */
function overlayOf(insight: Insight, view: Insight['sceneview_set'][number] | undefined): PlanOverlay | null {
  if (!view) return null;
  const colours = new Map(insight.pin_types.map((t) => [t.id, t.colour]));
  const pins = insight.pins
    .map((pin, i) => ({ pin, number: i + 1 }))
    .filter(({ pin }) => pin.scene_view_id === null || pin.scene_view_id === view.id)
    .map(({ pin, number }) => ({ number, position: pin.item.position as Vec3, colour: colours.get(pin.insight_pin_type_id) ?? '#d1242f', title: pin.title }));
  const shapes = drawingShapes(view.drawings[0]?.drawing_json);
  return shapes.length || pins.length ? { camera: view.camera as CameraSnapshot | null, shapes, pins } : null;
}

function addPins(ctx: Context, insight: Insight): void {
  if (insight.pins.length === 0) return;
  ctx.blocks.push({ kind: 'ensure', points: 60 });
  text(ctx, `Pins — ${insight.title}`, { size: 13, bold: true, after: 4 });
  const types = new Map(insight.pin_types.map((t) => [t.id, t.name]));
  insight.pins.forEach((pin, i) => {
    const [x, y, z] = pin.item.position;
    // The legend of the view the pin is on (a pin on none: the insight's first view's).
    const view = insight.sceneview_set.find((v) => v.id === pin.scene_view_id) ?? insight.sceneview_set[0];
    const value = pinValue(pin, view?.legend ?? null);
    text(
      ctx,
      `${i + 1}. ${pin.title || types.get(pin.insight_pin_type_id) || 'Pin'} (${types.get(pin.insight_pin_type_id) ?? 'pin'}) at x ${x.toFixed(1)}, y ${y.toFixed(1)}, z ${z.toFixed(1)} m${value}`,
      { size: 10, bold: true },
    );
    text(ctx, pin.note || '(no note)', { size: 10, after: 6 });
  });
  ctx.blocks.push({ kind: 'space', points: 8 });
}

async function studyFacts(db: Db, scope: InsightScope) {
  const [row] = await db
    .select({ project: projects.name, location: projects.location, study: studies.name })
    .from(studies)
    .innerJoin(projects, eq(projects.id, studies.projectId))
    .where(eq(studies.id, scope.studyId));
  return row ?? { project: '', location: '', study: '' };
}

async function insightPlan(ctx: Context, insight: Insight, pictures: Map<string, Picture>): Promise<void> {
  const facts = await studyFacts(ctx.db, ctx.scope);
  ctx.blocks.push({
    kind: 'cover',
    label: 'Insight',
    title: insight.title,
    subtitle: [facts.project, facts.study].filter(Boolean).join(' · '),
    facts: [
      ['Project', facts.project],
      ['Location', facts.location],
      ['Study', facts.study],
      ['Category', INSIGHT_CATEGORIES.find((c) => c.key === insight.category)?.name ?? insight.category ?? ''],
      ['Status', insight.insight_status],
      ['Author', insight.created_by?.name ?? ''],
      ['Exported', ctx.now.toISOString().slice(0, 10)],
      ['Figures', String(insight.sceneview_set.length + insight.imageview_set.length)],
    ],
  });
  if (insight.text) text(ctx, insight.text, { size: 11, after: 12 });
  // The figures follow on page 1 when the first fits (a page of title alone read as empty).
  let n = 0;
  for (const view of insight.sceneview_set) {
    n += 1;
    await addFigure(ctx, {
      heading: `Figure ${n}: ${cleanCaption(view.name) || insight.title}`,
      picture: pictures.get(`scene:${view.id}`) ?? (await storedPicture(ctx, view.study_image_id)),
      legend: view.legend,
      caption: '',
      ref: { simulationId: view.simulation_id, assetId: view.asset_id },
      overlay: overlayOf(insight, view),
      camera: view.camera as CameraSnapshot | null,
    });
  }
  for (const image of insight.imageview_set) {
    n += 1;
    const view = insight.sceneview_set.find((v) => v.id === image.scene_view_id);
    // An image from the Images tab names no view: it shows the insight's results, so its provenance is the insight's first view's.
    const source = view ?? insight.sceneview_set[0];
    // A caption's first line is the figure's title; further lines (a point story's numbers) print under the image.
    const [title = '', ...more] = image.caption.split(/\r?\n/);
    await addFigure(ctx, {
      heading: `Figure ${n}: ${cleanCaption(title) || insight.title}`,
      picture: await storedPicture(ctx, image.study_image_id),
      legend: view?.legend ?? null,
      caption: more.join('\n'),
      ref: source ? { simulationId: source.simulation_id, assetId: view ? view.asset_id : null } : null,
      // Only the view's own capture shows what its drawing and pins were drawn over.
      overlay: view && view.study_image_id === image.study_image_id ? overlayOf(insight, view) : null,
      camera: view && view.study_image_id === image.study_image_id ? (view.camera as CameraSnapshot | null) : null,
    });
  }
  addPins(ctx, insight);
  ctx.blocks.push(...(await methodSection(ctx.db, ctx.simulations)));
}

async function reportPlan(ctx: Context, report: Report, pictures: Map<string, Picture>): Promise<void> {
  const facts = await studyFacts(ctx.db, ctx.scope);
  ctx.blocks.push({
    kind: 'cover',
    label: 'Report',
    title: report.title,
    subtitle: [report.cover.project, facts.study].filter(Boolean).join(' · '),
    facts: [
      ['Project', report.cover.project],
      ['Location', report.cover.location],
      ['Study', facts.study],
      ['Author', report.cover.author],
      ['Version', report.cover.version],
      ['Date', report.cover.date],
      ['Status', report.report_status],
      ['Figures', String(report.report_views.length)],
    ],
  });
  const insightIds = [...new Set(report.report_views.map((v) => v.insight.id))];
  const insightRows = insightIds.length ? await Promise.all(insightIds.map((id) => requireInsight(ctx.db, ctx.scope, id))) : [];
  const insights = new Map((await representInsights(ctx.db, insightRows)).map((i) => [i.id, i]));
  // The cover lists what the report holds: each insight with its figures, numbered as below.
  text(ctx, 'Contents', { size: 13, bold: true, after: 4 });
  const listed = new Set<number>();
  report.report_views.forEach((rv, i) => {
    const insight = insights.get(rv.insight.id);
    if (insight && !listed.has(insight.id)) {
      listed.add(insight.id);
      text(ctx, insight.title, { size: 11, bold: true, after: 1 });
    }
    text(ctx, `Figure ${i + 1}: ${cleanCaption(rv.caption || rv.image_view.caption) || insight?.title || ''}`, { size: 10, after: 1 });
  });
  const viewIds = report.report_views.map((v) => v.image_view.scene_view_id).filter((id): id is number => id !== null);
  const views = new Map((viewIds.length ? await ctx.db.select().from(sceneViews).where(inArray(sceneViews.id, viewIds)) : []).map((v) => [v.id, v]));
  const introduced = new Set<number>();
  let n = 0;
  for (const reportView of report.report_views) {
    const insight = insights.get(reportView.insight.id);
    if (insight && !introduced.has(insight.id)) {
      introduced.add(insight.id);
      ctx.blocks.push({ kind: 'newPage' });
      text(ctx, insight.title, { size: 16, bold: true, after: 4 });
      if (insight.text) text(ctx, insight.text, { size: 11, after: 10 });
    }
    n += 1;
    const view = reportView.image_view.scene_view_id === null ? undefined : views.get(reportView.image_view.scene_view_id);
    const shown = insight?.sceneview_set.find((v) => v.id === reportView.image_view.scene_view_id);
    const sent = pictures.get(`report:${reportView.id}`);
    const heading = cleanCaption(reportView.caption || reportView.image_view.caption) || insight?.title || '';
    const second = cleanCaption(reportView.image_view.caption);
    await addFigure(ctx, {
      heading: `Figure ${n}: ${heading}`,
      picture: sent ?? (await storedPicture(ctx, reportView.image_view.study_image_id)),
      legend: (view?.legend as Legend | null) ?? null,
      caption: second && second !== heading ? second : '',
      // An image from the Images tab names no view: the provenance of its insight's first view.
      ref: view
        ? { simulationId: view.simulationId, assetId: view.assetId }
        : insight?.sceneview_set[0]
          ? { simulationId: insight.sceneview_set[0].simulation_id, assetId: null }
          : null,
      overlay: insight && shown && (sent || shown.study_image_id === reportView.image_view.study_image_id) ? overlayOf(insight, shown) : null,
      camera: shown && (sent || shown.study_image_id === reportView.image_view.study_image_id) ? (shown.camera as CameraSnapshot | null) : null,
    });
  }
  for (const insight of insights.values()) addPins(ctx, insight);
  ctx.blocks.push(...(await methodSection(ctx.db, ctx.simulations)));
}

export interface ExportedPdf {
  bytes: Uint8Array;
  title: string;
  /** What the download is named: the report's (or insight's) title, after its project for a report. */
  fileName: string;
}

/**
 * Gathers what the PDF shows here (records, images, provenance: I/O), then lays it out and saves it
 * in the heavy-work pool (render.ts, 'pdf.render'), counted against the user and within
 * PDF_RENDER_TIME_LIMIT_MS.
 */
export async function exportPdf(deps: AppDeps, db: Db, user: AuthUser, request: ExportPdfRequest): Promise<ExportedPdf> {
  if ((request.insight_id === undefined) === (request.report_id === undefined)) {
    throw DomainError.field('non_field_errors', 'Send exactly one of insight_id and report_id.');
  }
  const scope = await insightScope(db, user, request.project_id, request.study_id);
  const ctx: Context = {
    deps,
    db,
    scope,
    now: deps.clock.now(),
    pictures: [],
    pictureIndex: new Map(),
    blocks: [],
    simulations: [],
    zones: new ZoneFigures({ deps, db, userId: user.id, projectId: scope.projectId, studyId: scope.studyId }),
  };
  let title: string;
  let fileName: string;
  let pageSize: PageSize;
  if (request.insight_id !== undefined) {
    const insight = await representInsight(db, await requireInsight(db, scope, request.insight_id));
    const pictures = await requestImages(ctx, request, 'scene');
    title = insight.title;
    fileName = pdfFileName(insight.title);
    pageSize = request.page_size ?? 'A4';
    await insightPlan(ctx, insight, pictures);
  } else {
    const report = await reportForExport(db, scope, request.report_id!);
    const pictures = await requestImages(ctx, request, 'report');
    title = report.title;
    fileName = pdfFileName(report.title, report.cover.project);
    pageSize = request.page_size ?? report.page_size;
    await reportPlan(ctx, report, pictures);
  }
  const plan: PdfPlan = {
    pageSize,
    title,
    now: ctx.now.toISOString(),
    pictures: ctx.pictures,
    blocks: ctx.blocks,
    timeLimitMs: PDF_RENDER_TIME_LIMIT_MS,
  };
  const outcome = await deps.heavy.run<RenderOutcome>(user.id, 'pdf.render', plan, transferables(ctx.pictures.map((p) => p.bytes)));
  if (!outcome.ok) {
    if (outcome.reason === 'images') throw DomainError.field('images', outcome.message);
    throw DomainError.detail('too-large', outcome.message);
  }
  return { bytes: outcome.bytes, title, fileName };
}
