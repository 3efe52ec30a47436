/**
 * Triangulation of a building outline with courtyards: Mapbox's earcut as three ships it
 * (`ShapeUtils.triangulateShape`): ear clipping with holes bridged in, z-order hashing for large
 * rings, and repairs of locally self-touching outlines.
 *
 * Input: the outer ring counter-clockwise and holes clockwise (seen from +Z), cleaned (no repeated
 * or collinear points), holes inside the outer ring, nothing crossing. Output: counter-clockwise
 * triangles as indices into [...outer, ...holes[0], ...holes[1], …] — the same numbering the
 * extruder uses for the walls, which is what makes the extruded mesh watertight.
 */
import { ShapeUtils, Vector2 } from 'three';
import { cross, signedArea2 } from './rings.ts';
import type { Point2 } from './types.ts';

export class TriangulationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TriangulationError';
  }
}

/** Relative mismatch between the triangles' area and the polygon's that still counts as covered. */
const COVER_TOLERANCE = 1e-7;

export function triangulate(outer: readonly Point2[], holes: ReadonlyArray<readonly Point2[]> = []): Uint32Array {
  if (outer.length < 3) throw new TriangulationError('fewer than three points');
  const points: Point2[] = [...outer, ...holes.flat()];
  // triangulateShape drops a last point equal to the first, in place: hand it copies.
  const toVectors = (ring: readonly Point2[]) => ring.map(([x, y]) => new Vector2(x, y));
  const faces = ShapeUtils.triangulateShape(toVectors(outer), holes.map(toVectors));
  const triangles = Uint32Array.from(faces.flat());

  // earcut winds its triangles clockwise; the extruder wants them like the outer ring.
  let area2 = 0;
  for (let t = 0; t < triangles.length; t += 3) area2 += cross(points[triangles[t]!]!, points[triangles[t + 1]!]!, points[triangles[t + 2]!]!);
  if (area2 < 0) {
    for (let t = 0; t < triangles.length; t += 3) [triangles[t + 1], triangles[t + 2]] = [triangles[t + 2]!, triangles[t + 1]!];
    area2 = -area2;
  }
  // Anything crossing (which earcut triangulates anyway, overlapping) leaves the areas unequal.
  const expected2 = signedArea2(outer) + holes.reduce((sum, hole) => sum + signedArea2(hole), 0);
  let absolute2 = 0;
  for (let t = 0; t < triangles.length; t += 3) absolute2 += Math.abs(cross(points[triangles[t]!]!, points[triangles[t + 1]!]!, points[triangles[t + 2]!]!));
  const scale = Math.abs(signedArea2(outer));
  if (!(scale > 0) || Math.abs(area2 - expected2) > COVER_TOLERANCE * scale || Math.abs(absolute2 - expected2) > COVER_TOLERANCE * scale) {
    throw new TriangulationError('the triangles do not cover the outline: it crosses itself or a hole touches it');
  }
  return triangles;
}
