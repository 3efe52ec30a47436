/**
 * Degenerate triangles: (near) zero area, or needles/slivers whose longest edge dwarfs their height
 * (three nearly collinear corners). Both break meshers and make normals meaningless. Computed on
 * the soup in float64 relative to the first corner, so large coordinates do not wreck precision.
 */

export interface DegenerateOptions {
  /** Triangles smaller than this are degenerate. Default 1e-6 m² (1 mm²). */
  minAreaM2?: number;
  /** Longest edge² / (2 · area) — the longest edge over the height onto it — above this is a sliver. Default 10,000. */
  maxAspectRatio?: number;
}

export const DEFAULT_MIN_AREA_M2 = 1e-6;
export const DEFAULT_MAX_ASPECT_RATIO = 1e4;

export const DEGENERATE_ZERO_AREA = 1;
export const DEGENERATE_SLIVER = 2;

export interface DegenerateTriangles {
  /** 0, DEGENERATE_ZERO_AREA or DEGENERATE_SLIVER per triangle. */
  kind: Uint8Array;
  zeroAreaCount: number;
  sliverCount: number;
}

export function findDegenerateTriangles(positions: Float32Array, options: DegenerateOptions = {}): DegenerateTriangles {
  const minArea = options.minAreaM2 ?? DEFAULT_MIN_AREA_M2;
  const maxAspect = options.maxAspectRatio ?? DEFAULT_MAX_ASPECT_RATIO;
  const triangles = Math.floor(positions.length / 9);
  const kind = new Uint8Array(triangles);
  let zeroAreaCount = 0;
  let sliverCount = 0;
  for (let t = 0; t < triangles; t++) {
    const o = t * 9;
    const ux = positions[o + 3] - positions[o];
    const uy = positions[o + 4] - positions[o + 1];
    const uz = positions[o + 5] - positions[o + 2];
    const vx = positions[o + 6] - positions[o];
    const vy = positions[o + 7] - positions[o + 1];
    const vz = positions[o + 8] - positions[o + 2];
    const cx = uy * vz - uz * vy;
    const cy = uz * vx - ux * vz;
    const cz = ux * vy - uy * vx;
    const doubleArea = Math.sqrt(cx * cx + cy * cy + cz * cz);
    if (doubleArea < 2 * minArea) {
      kind[t] = DEGENERATE_ZERO_AREA;
      zeroAreaCount++;
      continue;
    }
    const wx = vx - ux;
    const wy = vy - uy;
    const wz = vz - uz;
    const longestSq = Math.max(ux * ux + uy * uy + uz * uz, vx * vx + vy * vy + vz * vz, wx * wx + wy * wy + wz * wz);
    if (longestSq > maxAspect * doubleArea) {
      kind[t] = DEGENERATE_SLIVER;
      sliverCount++;
    }
  }
  return { kind, zeroAreaCount, sliverCount };
}
