/**
 * Everything the validators and the repair need to know about one triangle soup, computed once:
 * weld → edge map → components, winding, boundary loops, bounds. Each step is O(triangles) on
 * typed arrays.
 */
import { findBoundaryLoops, type BoundaryLoops } from './boundary.ts';
import { boundsOf, type Bounds } from './bounds.ts';
import { findComponents, type Components } from './components.ts';
import { buildEdgeMap, type EdgeMap } from './edges.ts';
import { orientTriangles, type Orientation } from './orientation.ts';
import { DEFAULT_WELD_TOLERANCE_M, weldVertices, type WeldedMesh } from './weld.ts';

export interface MeshAnalysis {
  triangleCount: number;
  welded: WeldedMesh;
  edges: EdgeMap;
  components: Components;
  orientation: Orientation;
  boundary: BoundaryLoops;
  bounds: Bounds;
}

export interface AnalyzeOptions {
  weldToleranceM?: number;
}

export function analyzeMesh(positions: Float32Array, options: AnalyzeOptions = {}): MeshAnalysis {
  const welded = weldVertices(positions, options.weldToleranceM ?? DEFAULT_WELD_TOLERANCE_M);
  const edges = buildEdgeMap(welded.indices);
  return {
    triangleCount: Math.floor(positions.length / 9),
    welded,
    edges,
    components: findComponents(welded.indices, welded.vertexCount, welded.vertices),
    orientation: orientTriangles(welded.indices, welded.vertices, edges),
    boundary: findBoundaryLoops(edges, welded.vertices, welded.vertexCount),
    bounds: boundsOf(positions),
  };
}
