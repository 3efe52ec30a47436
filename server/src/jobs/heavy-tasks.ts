/**
 * Request-side heavy work (issue 17 items 3 and 9), run in the CPU pool's threads so the event
 * loop keeps answering: decoding images for PDFs, reading and converting uploaded result files
 * (a 200 MB STL took 2.6 s of the request thread), validating scenario geometry. Each task is a
 * pure function of structured-cloneable input; failures the user caused come back as values,
 * because an error crossing a thread keeps its message but loses its class.
 */
import { preparePng } from '../services/pdf/image-prepare.ts';
import { IngestFileError, planeFromGlb, prepareResultFile, type PreparedFile, type PrepareOptions } from '../services/viewer/ingest-files.ts';
import { validateScenarioGeometry, type ScenarioGeometryInput } from '../../../engine/geometry/index.ts';
import { moving } from './transfer.ts';

export interface IngestTaskInput {
  filename: string;
  bytes: Uint8Array;
  options: Omit<PrepareOptions, 'plane'>;
  planeGlb?: Uint8Array;
}

export type IngestOutcome = { ok: true; prepared: PreparedFile } | { ok: false; message: string };

export const HEAVY_TASKS = {
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
  'geometry.validateScenario': (input: ScenarioGeometryInput) => validateScenarioGeometry(input),
};
