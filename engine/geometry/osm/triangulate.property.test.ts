/**
 * Property: any simple polygon — random star-shaped outlines, convex or not, with or without a
 * smaller star-shaped hole around the same centre, or with several holes side by side — extrudes to a closed mesh (every edge shared by
 * exactly two faces, consistently oriented) whose roof triangles cover exactly the polygon's area.
 */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { triangulate, TriangulationError } from './triangulate.ts';
import { extrudeFootprint } from './extrude.ts';
import { checkClosedMesh } from './mesh-check.ts';
import { cleanRing, cross, signedArea2 } from './rings.ts';
import type { Point2 } from './types.ts';

/**
 * A star-shaped (hence simple) polygon around the origin: angular gaps from weights in [1, 1.9], so
 * no gap reaches half a turn (with 5+ vertices, none reaches 0.65 π), and a radius per vertex.
 */
function star(weights: number[], radii: number[], start: number, scale: number, clockwise: boolean): Point2[] {
  const total = weights.reduce((a, b) => a + b, 0);
  let angle = start;
  const ring = weights.map((w, k) => {
    const point: Point2 = [scale * radii[k % radii.length]! * Math.cos(angle), scale * radii[k % radii.length]! * Math.sin(angle)];
    angle += (2 * Math.PI * w) / total;
    return point;
  });
  return clockwise ? ring.reverse() : ring;
}

const weights = (min: number) => fc.array(fc.double({ min: 1, max: 1.9, noNaN: true }), { minLength: min, maxLength: 40 });
const radii = fc.array(fc.double({ min: 0.5, max: 1, noNaN: true }), { minLength: 1, maxLength: 40 });
const start = fc.double({ min: 0, max: 2 * Math.PI, noNaN: true });

function roofArea(points: Point2[], triangles: Uint32Array): number {
  let sum = 0;
  for (let t = 0; t < triangles.length; t += 3) sum += cross(points[triangles[t]!]!, points[triangles[t + 1]!]!, points[triangles[t + 2]!]!) / 2;
  return sum;
}

describe('triangulate + extrude on random simple polygons', () => {
  it('gives a closed mesh and the exact area (no hole)', () => {
    fc.assert(
      fc.property(weights(3), radii, start, fc.double({ min: 5, max: 200, noNaN: true }), (w, r, s, scale) => {
        const outer = cleanRing(star(w, r, s, scale, false));
        fc.pre(outer.length >= 3);
        const roof = triangulate(outer);
        expect(roofArea(outer, roof)).toBeCloseTo(signedArea2(outer) / 2, 6);
        const mesh = extrudeFootprint(outer, [], -1, 10);
        const check = checkClosedMesh(mesh.positions, mesh.indices);
        expect(check.closed).toBe(true);
        expect(check.volume).toBeCloseTo((signedArea2(outer) / 2) * 11, 3);
      }),
      { numRuns: 300 },
    );
  });

  it('gives a closed mesh and the exact area with a courtyard hole', () => {
    fc.assert(
      fc.property(weights(5), radii, start, weights(3), radii, start, (w, r, s, hw, hr, hs) => {
        const outer = cleanRing(star(w, r, s, 100, false));
        // Outer edges stay ≥ 50·cos(0.65π/2) ≈ 26 m from the centre; the hole's radius is at most 20 m.
        const hole = cleanRing(star(hw, hr, hs, 20, true));
        fc.pre(outer.length >= 3 && hole.length >= 3 && holeInside(outer, hole));
        const roof = triangulate(outer, [hole]);
        const expected = (signedArea2(outer) + signedArea2(hole)) / 2;
        expect(roofArea([...outer, ...hole], roof)).toBeCloseTo(expected, 4);
        const mesh = extrudeFootprint(outer, [hole], -1, 30);
        const check = checkClosedMesh(mesh.positions, mesh.indices);
        expect(check).toMatchObject({ closed: true, openEdges: 0, flippedEdges: 0 });
        expect(check.volume).toBeCloseTo(expected * 31, 1);
      }),
      { numRuns: 300 },
    );
  });

  it('gives a closed mesh and the exact area with several courtyards side by side', () => {
    fc.assert(
      fc.property(weights(5), radii, start, fc.array(fc.tuple(weights(3), radii, start), { minLength: 2, maxLength: 5 }), (w, r, s, holeShapes) => {
        const outer = cleanRing(star(w, r, s, 100, false));
        // Hole centres 18 m out at equal angles; radii up to 6 m keep them apart (≥ 21 m between
        // centres for five) and inside the outer ring (≥ 26 m from the centre, as above).
        const holes = holeShapes.map(([hw, hr, hs], k) => {
          const angle = (2 * Math.PI * k) / holeShapes.length;
          return cleanRing(star(hw, hr, hs, 6, true).map(([x, y]): Point2 => [x + 18 * Math.cos(angle), y + 18 * Math.sin(angle)]));
        });
        fc.pre(outer.length >= 3 && holes.every((hole) => hole.length >= 3 && holeInside(outer, hole)));
        const roof = triangulate(outer, holes);
        const expected = (signedArea2(outer) + holes.reduce((sum, hole) => sum + signedArea2(hole), 0)) / 2;
        const points = [...outer, ...holes.flat()];
        expect(roofArea(points, roof)).toBeCloseTo(expected, 4);
        for (let t = 0; t < roof.length; t += 3) expect(cross(points[roof[t]!]!, points[roof[t + 1]!]!, points[roof[t + 2]!]!)).toBeGreaterThanOrEqual(0);
        const mesh = extrudeFootprint(outer, holes, -1, 30);
        const check = checkClosedMesh(mesh.positions, mesh.indices);
        expect(check).toMatchObject({ closed: true, openEdges: 0, flippedEdges: 0 });
        expect(check.volume).toBeCloseTo(expected * 31, 1);
      }),
      { numRuns: 200 },
    );
  });

  it('refuses an outline that crosses itself', () => {
    const bowTie: Point2[] = [
      [0, 0],
      [10, 10],
      [10, 0],
      [0, 10],
    ];
    expect(() => triangulate(bowTie)).toThrow(TriangulationError);
  });
});

/** Every hole vertex is well inside the outer ring's smallest distance to the centre. */
function holeInside(outer: Point2[], hole: Point2[]): boolean {
  let minOuter = Infinity;
  for (let i = 0; i < outer.length; i++) {
    const a = outer[i]!;
    const b = outer[(i + 1) % outer.length]!;
    // Distance from the centre to the edge segment.
    const dx = b[0] - a[0];
    const dy = b[1] - a[1];
    const t = Math.max(0, Math.min(1, -(a[0] * dx + a[1] * dy) / (dx * dx + dy * dy)));
    minOuter = Math.min(minOuter, Math.hypot(a[0] + t * dx, a[1] + t * dy));
  }
  return hole.every(([x, y]) => Math.hypot(x, y) < minOuter - 1);
}
