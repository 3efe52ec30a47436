/**
 * Which model formats Canopy imports, told apart by the file's extension (what the user chose to
 * export) and, for a GLB, its magic. What each format says about units and the up-axis decides
 * what the user is asked: OBJ and STL carry neither; glTF is metres and Y-up by definition (glTF
 * 2.0 §3.4); IFC states its length unit (IfcUnitAssignment) and is Z-up (ISO 16739); a 3DM file
 * states its unit system and Rhino is Z-up.
 */
import type { UpAxis } from './orient.ts';

export const MODEL_FORMATS = ['stl', 'obj', 'gltf', 'glb', 'ifc', '3dm'] as const;
export type ModelFormat = (typeof MODEL_FORMATS)[number];

/** The file extensions the wizard's geometry uploader accepts. */
export const MODEL_EXTENSIONS: readonly string[] = MODEL_FORMATS.map((f) => `.${f}`);

export interface FormatFacts {
  /** The file states its length unit (the user is not asked). */
  unitsInFile: boolean;
  /** The up-axis the format fixes, or null when the user says. */
  upAxis: UpAxis | null;
  /** How the format is named to the user. */
  label: string;
}

export const FORMAT_FACTS: Record<ModelFormat, FormatFacts> = {
  stl: { unitsInFile: false, upAxis: null, label: 'STL' },
  obj: { unitsInFile: false, upAxis: null, label: 'OBJ' },
  gltf: { unitsInFile: true, upAxis: 'y', label: 'glTF' },
  glb: { unitsInFile: true, upAxis: 'y', label: 'glTF (GLB)' },
  ifc: { unitsInFile: true, upAxis: 'z', label: 'IFC' },
  '3dm': { unitsInFile: true, upAxis: 'z', label: 'Rhino 3DM' },
};

export function modelFormatOf(filename: string): ModelFormat | null {
  const ext = /\.([^.]+)$/.exec(filename.toLowerCase())?.[1];
  return (MODEL_FORMATS as readonly string[]).includes(ext ?? '') ? (ext as ModelFormat) : null;
}
