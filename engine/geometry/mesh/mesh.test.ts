import { describe, expect, it } from 'vitest';
import { analyzeMesh } from './analyze.ts';
import { boundsOf } from './bounds.ts';
import { DEGENERATE_SLIVER, DEGENERATE_ZERO_AREA, findDegenerateTriangles } from './degenerate.ts';
import { buildEdgeMap } from './edges.ts';
import { boxSoup, boxWithHole, concatSoups, flipTriangles, groundSheet, translateSoup } from './test-meshes.ts';
import { weldVertices } from './weld.ts';

describe('weldVertices', () => {
  it('merges the 36 corners of a box into its 8 vertices', () => {
    const welded = weldVertices(boxSoup(0, 0, 0, 1, 1, 1));
    expect(welded.vertexCount).toBe(8);
    expect(welded.indices.length).toBe(36);
  });

  it('merges within the tolerance, also across cell boundaries, and not beyond it', () => {
    // Cells are 16 mm for a 1 mm tolerance; 0.0159 and 0.0161 straddle a cell boundary.
    const soup = Float32Array.of(0.0159, 0, 0, 0.0161, 0, 0, 0.0181, 0, 0, -0.0159, 0, 0, -0.0161, 0, 0, -0.0181, 0, 0);
    const welded = weldVertices(soup, 0.001);
    expect(Array.from(welded.indices)).toEqual([0, 0, 1, 2, 2, 3]);
  });

  it('with tolerance 0 merges only identical positions, treating −0 as 0', () => {
    const soup = Float32Array.of(1, 2, 3, 1, 2, 3.0000002, -0, 0, 0, 0, 0, 0);
    expect(Array.from(weldVertices(soup, 0).indices)).toEqual([0, 1, 2, 2]);
  });
});

describe('edge map, components, boundary loops', () => {
  it('a closed box has 18 manifold edges, no open ones, one closed component', () => {
    const a = analyzeMesh(boxSoup(0, 0, 0, 2, 3, 4));
    expect(a.edges.edgeCount).toBe(18);
    expect(a.edges.openEdgeCount).toBe(0);
    expect(a.edges.nonManifoldEdgeCount).toBe(0);
    expect(a.components.count).toBe(1);
    expect(a.boundary.count).toBe(0);
    expect(a.orientation.wrongCount).toBe(0);
    expect(a.orientation.patchClosed[0]).toBe(1);
    expect(a.orientation.patchVolumeM3[0]).toBeCloseTo(24, 6);
  });

  it('a box with a 1 m hole has one closed boundary loop of 4 edges, span √2 m', () => {
    const a = analyzeMesh(boxWithHole(1));
    expect(a.edges.openEdgeCount).toBe(4);
    expect(a.boundary.count).toBe(1);
    expect(a.boundary.closed[0]).toBe(1);
    expect(a.boundary.spanM[0]).toBeCloseTo(Math.SQRT2, 5);
    expect(a.boundary.perimeterM[0]).toBeCloseTo(4, 5);
    expect(Array.from(a.boundary.centroid.slice(0, 3)).map((v) => Number(v.toFixed(4)))).toEqual([5, 0, 5]);
  });

  it('two separate boxes are two components with their own bounds', () => {
    const a = analyzeMesh(concatSoups(boxSoup(0, 0, 0, 1, 1, 1), boxSoup(5, 0, 2, 6, 1, 3)));
    expect(a.components.count).toBe(2);
    expect(Array.from(a.components.bounds.slice(6, 12))).toEqual([5, 0, 2, 6, 1, 3]);
    expect(Array.from(a.components.triangleCount)).toEqual([12, 12]);
  });

  it('three triangles on one edge make it non-manifold', () => {
    const soup = Float32Array.of(0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, -1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1);
    const a = analyzeMesh(soup);
    expect(a.edges.nonManifoldEdgeCount).toBe(1);
    expect(a.edges.openEdgeCount).toBe(6);
  });

  it('collapsed triangles are flagged and kept out of the topology', () => {
    const soup = concatSoups(boxSoup(0, 0, 0, 1, 1, 1), Float32Array.of(0, 0, 0, 0, 0, 0, 1, 0, 0));
    const a = analyzeMesh(soup);
    expect(a.edges.collapsedCount).toBe(1);
    expect(a.edges.collapsed[12]).toBe(1);
    expect(a.edges.nonManifoldEdgeCount).toBe(0);
    expect(a.components.count).toBe(1);
  });

  it('a flat open sheet has one outer loop whose span is its diagonal', () => {
    const a = analyzeMesh(groundSheet(0, 0, 30, 40, 0, 3));
    expect(a.boundary.count).toBe(1);
    expect(a.boundary.spanM[0]).toBeCloseTo(50, 4);
  });
});

describe('orientation', () => {
  it('finds the one reversed triangle of a box', () => {
    const a = analyzeMesh(flipTriangles(boxSoup(0, 0, 0, 1, 1, 1), [5]));
    expect(a.orientation.inconsistentEdgeCount).toBe(3);
    expect(a.orientation.wrongCount).toBe(1);
    expect(a.orientation.wrong[5]).toBe(1);
  });

  it('marks every triangle of an inside-out box wrong (outward by signed volume)', () => {
    const soup = boxSoup(0, 0, 0, 1, 1, 1);
    const a = analyzeMesh(
      flipTriangles(
        soup,
        Array.from({ length: 12 }, (_, t) => t),
      ),
    );
    expect(a.orientation.inconsistentEdgeCount).toBe(0);
    expect(a.orientation.wrongCount).toBe(12);
    expect(a.orientation.patchWrong[0]).toBe(12);
  });

  it('an open sheet keeps the majority winding', () => {
    const a = analyzeMesh(flipTriangles(groundSheet(0, 0, 3, 3, 0, 3), [4]));
    expect(a.orientation.wrongCount).toBe(1);
    expect(a.orientation.wrong[4]).toBe(1);
  });
});

describe('degenerate triangles and bounds', () => {
  it('flags zero-area and sliver triangles', () => {
    const soup = Float32Array.of(
      0,
      0,
      0,
      1,
      0,
      0,
      0,
      1,
      0, // fine
      0,
      0,
      0,
      1,
      0,
      0,
      2,
      0,
      0, // collinear
      0,
      0,
      0,
      100,
      0,
      0,
      50,
      0.001,
      0, // 100 m long, 1 mm high
    );
    const d = findDegenerateTriangles(soup);
    expect(Array.from(d.kind)).toEqual([0, DEGENERATE_ZERO_AREA, DEGENERATE_SLIVER]);
    expect(d.zeroAreaCount).toBe(1);
    expect(d.sliverCount).toBe(1);
  });

  it('computes bounds', () => {
    expect(boundsOf(translateSoup(boxSoup(0, 0, 0, 1, 2, 3), 10, 0, -1))).toEqual({ min: [10, 0, -1], max: [11, 2, 2] });
  });

  it('edge map of an empty soup is empty', () => {
    expect(buildEdgeMap(new Uint32Array(0)).edgeCount).toBe(0);
  });
});
