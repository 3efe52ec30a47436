/**
 * Extrudes a footprint (local metres) into a closed, consistently oriented prism from `bottomZ` to
 * `topZ`: a triangulated roof, the same triangulation reversed as the floor, and two triangles per
 * wall segment for the outer ring and every hole (courtyard). Roof, floor and walls share vertex
 * indices, so each edge is used by exactly two faces; the outer ring runs counter-clockwise and the
 * holes clockwise, so every wall faces away from the solid.
 */
import { triangulate } from './triangulate.ts';
import type { Point2 } from './types.ts';

export interface ClosedMesh {
  /** x, y, z per vertex (metres; x east, y north, z up). */
  positions: Float64Array;
  /** Counter-clockwise triangles seen from outside. */
  indices: Uint32Array;
}

export function extrudeFootprint(outer: readonly Point2[], holes: ReadonlyArray<readonly Point2[]>, bottomZ: number, topZ: number): ClosedMesh {
  if (!(topZ > bottomZ)) throw new RangeError(`extrusion top ${topZ} m must be above its bottom ${bottomZ} m`);
  const rings = [outer, ...holes];
  const ring2d = rings.flat();
  const n = ring2d.length;
  const positions = new Float64Array(n * 6);
  ring2d.forEach(([x, y], k) => {
    positions.set([x, y, topZ], k * 3);
    positions.set([x, y, bottomZ], (n + k) * 3);
  });

  const roof = triangulate(outer, holes);
  const indices: number[] = [];
  for (let t = 0; t < roof.length; t += 3) {
    indices.push(roof[t]!, roof[t + 1]!, roof[t + 2]!);
    indices.push(n + roof[t + 2]!, n + roof[t + 1]!, n + roof[t]!);
  }
  let start = 0;
  for (const ring of rings) {
    for (let k = 0; k < ring.length; k++) {
      const a = start + k;
      const b = start + ((k + 1) % ring.length);
      // Bottom a, bottom b, top b, top a: the interior is left of a→b, so (b − a) × up points out.
      indices.push(n + a, n + b, b, n + a, b, a);
    }
    start += ring.length;
  }
  return { positions, indices: Uint32Array.from(indices) };
}

/** A closed ground slab: a regular polygon of `radiusM` whose top face is the ground at z = 0. */
export function groundSlab(radiusM: number, thicknessM: number, sides = 64): ClosedMesh {
  const ring: Point2[] = Array.from({ length: sides }, (_, k) => {
    const angle = (2 * Math.PI * k) / sides;
    return [radiusM * Math.cos(angle), radiusM * Math.sin(angle)];
  });
  return extrudeFootprint(ring, [], -thicknessM, 0);
}
