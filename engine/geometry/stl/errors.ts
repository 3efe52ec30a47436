/**
 * Why an STL file could not be read, as a geometry finding (so the wizard shows reader failures
 * exactly like validation failures) carried by an Error (so the streaming reader can stop).
 */
import type { GeometryFinding } from '../validate/finding.ts';

export type StlErrorCode =
  'stl-empty-file' | 'stl-truncated' | 'stl-count-mismatch' | 'stl-ascii-syntax' | 'stl-non-finite' | 'stl-too-many-triangles' | 'stl-reader-misuse';

const FIXES: Record<StlErrorCode, string> = {
  'stl-empty-file': 'Export the geometry again; the file holds no data.',
  'stl-truncated': 'The upload or export was cut short: export the file again and re-upload it.',
  'stl-count-mismatch': 'The header’s triangle count disagrees with the file size: re-export as binary STL from the modelling tool.',
  'stl-ascii-syntax': 'Re-export as STL (binary preferred); the text does not follow the ASCII STL grammar.',
  'stl-non-finite': 'Fix or delete the named triangle in the model (a vertex lost its coordinates), then re-export.',
  'stl-too-many-triangles': 'Simplify the model (decimate, drop interior detail) or split it into several files.',
  'stl-reader-misuse': 'Report this as a bug in Canopy.',
};

export class StlParseError extends Error {
  readonly finding: GeometryFinding;

  constructor(code: StlErrorCode, message: string, details?: Record<string, number | string>, triangles: number[] = []) {
    super(message);
    this.name = 'StlParseError';
    this.finding = { id: code, severity: 'error', code, message, suggestedFix: FIXES[code], triangles, details };
  }
}

/** Which coordinate of which vertex: "triangle 12, vertex 2, y". */
export function describeCoordinate(triangle: number, vertex: number, axis: number): string {
  return `triangle ${triangle}, vertex ${vertex}, ${'xyz'[axis]}`;
}
