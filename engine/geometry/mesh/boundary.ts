/**
 * Boundary loops: open edges (one triangle only) chained end to end into the rims of holes. Edges
 * are chained as undirected so that a rim next to a wrongly wound triangle still forms one loop.
 * Where several open edges leave a vertex (two holes touching at a corner) the walk takes any
 * unused one; every open edge lands in exactly one loop or open chain.
 *
 * Results are stored flat (CSR): loop i's edges are loopEdges[loopStart[i] … loopStart[i+1]),
 * its vertices loopVertices[same range] with vertex j the start of edge j along the walk.
 */
import type { EdgeMap } from './edges.ts';

export interface BoundaryLoops {
  count: number;
  loopStart: Uint32Array;
  loopEdges: Uint32Array;
  loopVertices: Uint32Array;
  /** 1 when the walk returned to its start (a hole), 0 for a chain that ran out (a ragged rim). */
  closed: Uint8Array;
  /** Widest distance between two vertices of the loop, m (exact up to EXACT_SPAN_VERTICES vertices, else its bounding-box diagonal). */
  spanM: Float64Array;
  /** Sum of edge lengths, m. */
  perimeterM: Float64Array;
  /** Mean of the loop's vertices (a point for the viewer). */
  centroid: Float64Array;
}

/** Above this many vertices the O(n²) span becomes the bounding-box diagonal (an upper bound). */
export const EXACT_SPAN_VERTICES = 2048;

export function findBoundaryLoops(edges: EdgeMap, vertices: Float32Array, vertexCount: number): BoundaryLoops {
  // Open edges per vertex, CSR.
  const degree = new Uint32Array(vertexCount + 1);
  let openCount = 0;
  for (let e = 0; e < edges.edgeCount; e++) {
    if (edges.faceCount[e] !== 1) continue;
    openCount++;
    degree[edges.edgeA[e] + 1]++;
    degree[edges.edgeB[e] + 1]++;
  }
  for (let v = 0; v < vertexCount; v++) degree[v + 1] += degree[v];
  const incident = new Uint32Array(openCount * 2);
  const fill = degree.slice(0, vertexCount);
  for (let e = 0; e < edges.edgeCount; e++) {
    if (edges.faceCount[e] !== 1) continue;
    incident[fill[edges.edgeA[e]]++] = e;
    incident[fill[edges.edgeB[e]]++] = e;
  }
  /** Next unused incident slot per vertex, so a busy vertex is scanned once overall. */
  const cursor = degree.slice(0, vertexCount);

  const used = new Uint8Array(edges.edgeCount);
  const loopEdges = new Uint32Array(openCount);
  const loopVertices = new Uint32Array(openCount);
  const starts: number[] = [];
  const closedList: number[] = [];
  let written = 0;

  const nextUnused = (v: number): number => {
    while (cursor[v] < degree[v + 1]) {
      const e = incident[cursor[v]];
      if (!used[e]) return e;
      cursor[v]++;
    }
    return -1;
  };

  for (let seed = 0; seed < edges.edgeCount; seed++) {
    if (edges.faceCount[seed] !== 1 || used[seed]) continue;
    starts.push(written);
    const origin = edges.edgeA[seed];
    let at = origin;
    let e = seed;
    let closed = 0;
    while (e >= 0) {
      used[e] = 1;
      loopEdges[written] = e;
      loopVertices[written] = at;
      written++;
      at = edges.edgeA[e] === at ? edges.edgeB[e] : edges.edgeA[e];
      if (at === origin) {
        closed = 1;
        break;
      }
      e = nextUnused(at);
    }
    closedList.push(closed);
  }
  const count = starts.length;
  const loopStart = new Uint32Array(count + 1);
  loopStart.set(starts);
  loopStart[count] = written;

  const spanM = new Float64Array(count);
  const perimeterM = new Float64Array(count);
  const centroid = new Float64Array(count * 3);
  for (let i = 0; i < count; i++) {
    const from = loopStart[i];
    const to = loopStart[i + 1];
    let sx = 0;
    let sy = 0;
    let sz = 0;
    let perimeter = 0;
    for (let j = from; j < to; j++) {
      const e = loopEdges[j];
      const a = edges.edgeA[e] * 3;
      const b = edges.edgeB[e] * 3;
      perimeter += Math.hypot(vertices[a] - vertices[b], vertices[a + 1] - vertices[b + 1], vertices[a + 2] - vertices[b + 2]);
      const v = loopVertices[j] * 3;
      sx += vertices[v];
      sy += vertices[v + 1];
      sz += vertices[v + 2];
    }
    const n = to - from;
    centroid[i * 3] = sx / n;
    centroid[i * 3 + 1] = sy / n;
    centroid[i * 3 + 2] = sz / n;
    perimeterM[i] = perimeter;
    spanM[i] = loopSpan(loopVertices, from, to, vertices, edges, loopEdges, closedList[i] === 1);
  }
  return { count, loopStart, loopEdges, loopVertices, closed: Uint8Array.from(closedList), spanM, perimeterM, centroid };
}

function loopSpan(
  loopVertices: Uint32Array,
  from: number,
  to: number,
  vertices: Float32Array,
  edges: EdgeMap,
  loopEdges: Uint32Array,
  closed: boolean,
): number {
  const n = to - from;
  // An open chain's last edge ends on a vertex not listed as a start; include it.
  const last = loopEdges[to - 1];
  const lastStart = loopVertices[to - 1];
  const tail = edges.edgeA[last] === lastStart ? edges.edgeB[last] : edges.edgeA[last];
  const vertexAt = (j: number): number => (j < n ? loopVertices[from + j] : tail);
  const total = closed ? n : n + 1;
  if (total > EXACT_SPAN_VERTICES) {
    let minX = Infinity,
      minY = Infinity,
      minZ = Infinity,
      maxX = -Infinity,
      maxY = -Infinity,
      maxZ = -Infinity;
    for (let j = 0; j < total; j++) {
      const v = vertexAt(j) * 3;
      minX = Math.min(minX, vertices[v]);
      minY = Math.min(minY, vertices[v + 1]);
      minZ = Math.min(minZ, vertices[v + 2]);
      maxX = Math.max(maxX, vertices[v]);
      maxY = Math.max(maxY, vertices[v + 1]);
      maxZ = Math.max(maxZ, vertices[v + 2]);
    }
    return Math.hypot(maxX - minX, maxY - minY, maxZ - minZ);
  }
  let widestSq = 0;
  for (let i = 0; i < total; i++) {
    const a = vertexAt(i) * 3;
    for (let j = i + 1; j < total; j++) {
      const b = vertexAt(j) * 3;
      const dx = vertices[a] - vertices[b];
      const dy = vertices[a + 1] - vertices[b + 1];
      const dz = vertices[a + 2] - vertices[b + 2];
      const d = dx * dx + dy * dy + dz * dz;
      if (d > widestSq) widestSq = d;
    }
  }
  return Math.sqrt(widestSq);
}
