/**
 * One uploaded model file read into Canopy's frame and written as a binary STL, so it becomes an
 * ordinary geometry file: the same validation, repair, viewer GLB and analyses as an STL upload.
 * Runs in the heavy-work pool (scenarios/heavy-tasks.ts). A file the user can fix comes back as a
 * message naming the file; anything else is a bug and throws.
 */
import { ModelImportError } from '@canopy/engine/geometry/import/import-error.ts';
import { FORMAT_FACTS, modelFormatOf, MODEL_EXTENSIONS } from '@canopy/engine/geometry/import/model-format.ts';
import { orientModel, readRawModel, type ImportChoices, type RawModel } from '@canopy/engine/geometry/import/read-model.ts';
import type { ReadLimits } from '@canopy/engine/geometry/import/triangle-soup.ts';
import { writeBinaryStl } from '@canopy/engine/geometry/index.ts';
import { readIfc } from './ifc-reader.ts';
import { readRhino } from './rhino-reader.ts';

export interface ModelImportInput extends ImportChoices {
  filename: string;
  bytes: Uint8Array;
  maxTriangles: number;
  budgetSeconds: number;
  /** Where progress (0 to 1) is posted, when the caller listens. */
  progress?: { postMessage(percent: number): void; close(): void };
}

export type ModelImportOutcome =
  | {
      ok: true;
      stl: Uint8Array;
      triangles: number;
      metresPerUnit: number;
      unitsFrom: 'file' | 'user';
      upAxis: 'y' | 'z';
      upAxisFrom: 'format' | 'user';
      /** Metres, Canopy's frame: [minX, minY, minZ, maxX, maxY, maxZ]. */
      bounds: number[];
    }
  | { ok: false; message: string };

function boundsOf(p: Float32Array): number[] {
  const b = [Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity];
  for (let i = 0; i < p.length; i += 3)
    for (let k = 0; k < 3; k++) {
      b[k] = Math.min(b[k]!, p[i + k]!);
      b[k + 3] = Math.max(b[k + 3]!, p[i + k]!);
    }
  return b.map((v) => Math.round(v * 1000) / 1000);
}

export async function importModel(input: ModelImportInput): Promise<ModelImportOutcome> {
  const format = modelFormatOf(input.filename);
  const fail = (why: string): ModelImportOutcome => ({ ok: false, message: `${input.filename} cannot be imported: ${why}` });
  if (!format) return fail(`Canopy reads ${MODEL_EXTENSIONS.join(', ')} models; name the file with one of these extensions.`);
  let lastPosted = -1;
  const limits: ReadLimits = {
    maxTriangles: input.maxTriangles,
    deadline: Date.now() + input.budgetSeconds * 1000,
    onProgress: (fraction) => {
      const percent = Math.floor(fraction * 100);
      if (percent === lastPosted) return;
      lastPosted = percent;
      input.progress?.postMessage(percent);
    },
  };
  try {
    let raw: RawModel;
    if (format === 'ifc') raw = { positions: await readIfc(input.bytes, limits, input.budgetSeconds), metresPerUnit: 1 };
    else if (format === '3dm') raw = await readRhino(input.bytes, limits, input.budgetSeconds);
    else raw = readRawModel(format, input.bytes, limits, input.budgetSeconds);
    // web-ifc hands IFC Y-up (ifc-reader.ts); every other reader keeps the file's axes.
    const model = orientModel(format === 'ifc' ? 'glb' : format, raw, input);
    const stl = writeBinaryStl(model.positions, `${FORMAT_FACTS[format].label} ${input.filename}`);
    return {
      ok: true,
      stl,
      triangles: model.triangles,
      metresPerUnit: model.metresPerUnit,
      unitsFrom: model.unitsFrom,
      upAxis: format === 'ifc' ? 'z' : model.upAxis,
      upAxisFrom: model.upAxisFrom,
      bounds: boundsOf(model.positions),
    };
  } catch (error) {
    if (error instanceof ModelImportError) return fail(error.message);
    throw error;
  } finally {
    input.progress?.close();
  }
}
