/**
 * Laying out and saving an exported PDF, from a plan that holds everything it shows (export.ts
 * gathers it: records, images, provenance lines). A pure function of its input, run in the
 * heavy-work pool as 'pdf.render' (results/heavy-tasks.ts): PNG decoding, text layout, font subsetting
 * and saving all happen beside the event loop, and within a time limit — checked between blocks
 * (a block is one text, or one figure with its image decoded), since a thread's work cannot be
 * interrupted from outside here. Past it the export is refused, not left running.
 */
import { PDFDocument } from 'pdf-lib';
import type { Legend, PageSize } from '@canopy/contract/insights.ts';
import { loadFonts } from './fonts.ts';
import { preparePng } from './image-prepare.ts';
import { registerImage, type ImageXObject } from './png-xobject.ts';
import { PdfWriter, type TextStyle } from './writer.ts';
import type { RoseData } from './wind-rose-figure.ts';
import { drawOverlay, type CameraSnapshot, type OverlayPin, type drawingShapes } from './figure-overlay.ts';

export interface PlanPicture {
  bytes: Uint8Array;
  contentType: 'image/png' | 'image/jpeg';
  width: number;
  height: number;
}

export interface PlanOverlay {
  camera: CameraSnapshot | null;
  shapes: ReturnType<typeof drawingShapes>;
  pins: OverlayPin[];
}

export type PlanBlock =
  | { kind: 'cover'; label: string; title: string; subtitle: string; facts: Array<[string, string]> }
  | { kind: 'text'; text: string; style: TextStyle }
  | { kind: 'space'; points: number }
  | { kind: 'ensure'; points: number }
  | { kind: 'newPage' }
  | { kind: 'windRose'; rose: RoseData; caption: string }
  | { kind: 'table'; headings: string[]; rows: string[][] }
  | {
      kind: 'figure';
      heading: string;
      /** Index into the plan's pictures, or null when the view has no image. */
      picture: number | null;
      legend: Legend | null;
      caption: string;
      provenance: string;
      overlay: PlanOverlay | null;
    };

export interface PdfPlan {
  pageSize: PageSize;
  title: string;
  /** ISO date-time of the export. */
  now: string;
  pictures: PlanPicture[];
  blocks: PlanBlock[];
  /** Milliseconds the layout may take, from when the task starts. */
  timeLimitMs: number;
}

/** Refused: an image that cannot be read (`images`), or the time limit (`time`). */
export type RenderOutcome = { ok: true; bytes: Uint8Array } | { ok: false; reason: 'images' | 'time'; message: string };

export const IMAGE_UNREADABLE = 'An image could not be read (damaged PNG or JPEG).';

class RenderRefused extends Error {
  constructor(
    readonly reason: 'images' | 'time',
    message: string,
  ) {
    super(message);
  }
}

export async function renderPdf(plan: PdfPlan): Promise<RenderOutcome> {
  const started = Date.now();
  const inTime = () => {
    if (Date.now() - started > plan.timeLimitMs) {
      throw new RenderRefused(
        'time',
        `The PDF could not be laid out within ${plan.timeLimitMs / 1000} s; export fewer figures or smaller images (it was stopped after ${Math.round((Date.now() - started) / 1000)} s).`,
      );
    }
  };
  try {
    const doc = await PDFDocument.create();
    const w = new PdfWriter(doc, await loadFonts(doc), plan.pageSize);
    const embedded = new Map<number, ImageXObject>();
    const embed = async (index: number): Promise<ImageXObject> => {
      const known = embedded.get(index);
      if (known) return known;
      const picture = plan.pictures[index]!;
      let image: ImageXObject;
      if (picture.contentType === 'image/png') {
        const prepared = await preparePng(picture.bytes);
        if (!prepared) throw new RenderRefused('images', IMAGE_UNREADABLE);
        image = registerImage(doc, prepared);
      } else {
        try {
          image = await doc.embedJpg(picture.bytes);
        } catch {
          throw new RenderRefused('images', IMAGE_UNREADABLE);
        }
      }
      embedded.set(index, image);
      return image;
    };
    for (const block of plan.blocks) {
      inTime();
      if (block.kind === 'cover') w.cover(block.label, block.title, block.subtitle, block.facts);
      else if (block.kind === 'text') w.text(block.text, block.style);
      else if (block.kind === 'space') w.space(block.points);
      else if (block.kind === 'ensure') w.ensure(block.points);
      else if (block.kind === 'newPage') w.newPage();
      else if (block.kind === 'windRose') w.windRose(block.rose, block.caption);
      else if (block.kind === 'table') w.table(block.headings, block.rows);
      else {
        // A figure starts where at least a third of a page is left, its image shrinking (to 30 % of the
        // page at least) so heading, legend and provenance stay with it — page 1 holds the cover and figure 1.
        w.ensure(w.height * 0.36);
        w.text(block.heading, { size: 13, bold: true, after: 4 });
        if (block.picture !== null) {
          const picture = plan.pictures[block.picture]!;
          const rect = w.image(await embed(block.picture), Math.max(w.height * 0.3, Math.min(w.height * 0.42, w.remaining - 90)));
          if (block.overlay) {
            drawOverlay({
              page: w.currentPage,
              rect,
              imagePx: picture,
              camera: block.overlay.camera,
              shapes: block.overlay.shapes,
              pins: block.overlay.pins,
              font: w.fonts.regular,
              bold: w.fonts.bold,
            });
          }
        } else w.missingImage('No image was captured for this view.');
        if (block.legend) w.legend(block.legend);
        if (block.caption) w.text(block.caption, { size: 10, after: 2 });
        w.text(block.provenance, { size: 7.5, colour: 'grey', after: 14 });
      }
    }
    inTime();
    w.numberPages();
    const now = new Date(plan.now);
    doc.setTitle(plan.title);
    doc.setProducer('Canopy');
    doc.setCreator('Canopy');
    doc.setCreationDate(now);
    doc.setModificationDate(now);
    return { ok: true, bytes: await doc.save() };
  } catch (error) {
    if (error instanceof RenderRefused) return { ok: false, reason: error.reason, message: error.message };
    throw error;
  }
}
