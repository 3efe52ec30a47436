/**
 * The results context's request-side heavy work, run in the heavy-work pool's threads so the event
 * loop keeps answering (ADR 15): an exported PDF laid out and its images decoded, an uploaded result
 * file read and converted (a 200 MB STL took 2.6 s of the request thread). Failures the user caused
 * come back as values, because an error crossing a thread keeps its message but loses its class.
 */
import { preparePng } from './pdf/image-prepare.ts';
import { renderPdf, type PdfPlan, type RenderOutcome } from './pdf/render.ts';
import { scoreZonesOfLayer, type ZoneScoringInput } from './pdf/zone-scoring.ts';
import { IngestFileError, planeFromGlb, prepareResultFile, type PreparedFile, type PrepareOptions } from './viewer/ingest-files.ts';
import { moving } from '../../jobs/transfer.ts';

export interface IngestTaskInput {
  filename: string;
  bytes: Uint8Array;
  options: Omit<PrepareOptions, 'plane'>;
  planeGlb?: Uint8Array;
}

export type IngestOutcome = { ok: true; prepared: PreparedFile } | { ok: false; message: string };

export const RESULTS_HEAVY_TASKS = {
  /** An exported PDF laid out and saved, its PNGs decoded, within the plan's time limit (pdf/render.ts). */
  'pdf.render': async (plan: PdfPlan): Promise<RenderOutcome> => {
    const outcome = await renderPdf(plan);
    return outcome.ok ? moving(outcome, [outcome.bytes]) : outcome;
  },
  /** A figure's layer scored per zone of its study, as the viewer's Zones panel scores it (pdf/zone-scoring.ts). */
  'pdf.scoreZones': (input: ZoneScoringInput) => scoreZonesOfLayer(input),
  'pdf.preparePng': async (input: { bytes: Uint8Array }) => {
    const image = await preparePng(input.bytes);
    return image ? moving(image, [image.colour.contents, image.mask?.contents]) : null;
  },
  /** A result file as ingestion stores it; a CSV's plane comes as its stored GLB and is read here too. */
  'ingest.prepareResultFile': async (input: IngestTaskInput): Promise<IngestOutcome> => {
    try {
      const plane = input.planeGlb ? await planeFromGlb(input.planeGlb) : undefined;
      const prepared = await prepareResultFile(input.filename, input.bytes, { ...input.options, plane });
      return moving({ ok: true, prepared }, [prepared.bytes]);
    } catch (error) {
      if (error instanceof IngestFileError) return { ok: false, message: error.message };
      throw error;
    }
  },
};
