/**
 * A model file as Canopy's triangle soup: metres, x east, y north, z up — the same soup the STL
 * path reads, so validation, repair and the analyses see no difference. Formats that need a
 * WebAssembly reader (IFC, 3DM) are read by the server and handed here as positions with their
 * unit and up-axis, so the units and orientation are applied in one place.
 */
import { parseStl } from '../stl/reader.ts';
import { StlParseError } from '../stl/errors.ts';
import { ModelImportError } from './import-error.ts';
import { readGltf } from './gltf-reader.ts';
import { readObj } from './obj-reader.ts';
import { toCanopyFrame, type UpAxis } from './orient.ts';
import { FORMAT_FACTS, type ModelFormat } from './model-format.ts';
import type { ReadLimits } from './triangle-soup.ts';
import { METRES_PER_UNIT, type LengthUnit } from './units.ts';

export interface ImportChoices {
  /** The unit the user says the model is in (used when the file does not state one). */
  units?: LengthUnit;
  /** The up-axis the user says (used when the format does not fix one). */
  upAxis?: UpAxis;
}

export interface ImportedModel {
  positions: Float32Array;
  triangles: number;
  /** Metres per model unit applied, and whether the file or the user said so. */
  metresPerUnit: number;
  unitsFrom: 'file' | 'user';
  upAxis: UpAxis;
  upAxisFrom: 'format' | 'user';
}

/** A reader's raw soup in the model's own unit and axes. */
export interface RawModel {
  positions: Float32Array;
  /** Metres per unit the file states (null: the file does not say). */
  metresPerUnit: number | null;
}

export function readRawModel(format: Exclude<ModelFormat, 'ifc' | '3dm'>, bytes: Uint8Array, limits: ReadLimits, budgetSeconds: number): RawModel {
  if (format === 'obj') return { positions: readObj(bytes, limits, budgetSeconds), metresPerUnit: null };
  if (format === 'gltf' || format === 'glb') {
    // glTF 2.0 §3.4: "The units for all linear distances are meters."
    return { positions: readGltf(bytes, format === 'glb', limits, budgetSeconds), metresPerUnit: 1 };
  }
  try {
    return { positions: parseStl(bytes, { maxTriangles: limits.maxTriangles }).positions, metresPerUnit: null };
  } catch (error) {
    if (error instanceof StlParseError) throw new ModelImportError(error.message);
    throw error;
  }
}

/** Applies the unit and up-axis (the file's where it states them, else the user's) to a raw soup. */
export function orientModel(format: ModelFormat, raw: RawModel, choices: ImportChoices): ImportedModel {
  const facts = FORMAT_FACTS[format];
  let metresPerUnit = raw.metresPerUnit;
  let unitsFrom: 'file' | 'user' = 'file';
  if (metresPerUnit === null) {
    if (!choices.units) throw new ModelImportError(`${facts.label} files do not say their units: choose the unit the model was drawn in.`);
    metresPerUnit = METRES_PER_UNIT[choices.units];
    unitsFrom = 'user';
  }
  const upAxis = facts.upAxis ?? choices.upAxis ?? 'z';
  const positions = toCanopyFrame(raw.positions, metresPerUnit, upAxis);
  return {
    positions,
    triangles: positions.length / 9,
    metresPerUnit,
    unitsFrom,
    upAxis,
    upAxisFrom: facts.upAxis ? 'format' : 'user',
  };
}
