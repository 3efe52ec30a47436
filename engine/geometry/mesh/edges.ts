/**
 * The edge map: every undirected edge of the welded mesh with the triangle sides ("half-edges")
 * lying on it. Half-edge h = 3t + k is triangle t's side from corner k to corner (k + 1) mod 3.
 * An edge with one half-edge is open (a hole's rim), with two it is manifold, with more it is
 * non-manifold (faces meeting like pages of a book). Triangles with two corners welded together
 * ("collapsed") have no area and no meaningful sides, so they are left out and flagged instead.
 *
 * Built without hashing: half-edges are bucketed by their lower vertex (a counting sort), and
 * within a bucket — a handful of half-edges — grouped by the upper vertex. Welded vertex numbers
 * follow file order, so the buckets are filled and read almost sequentially.
 */

export const NO_EDGE = 0xffffffff;

export interface EdgeMap {
  edgeCount: number;
  /** Endpoints (welded vertex indices), edgeA < edgeB. */
  edgeA: Uint32Array;
  edgeB: Uint32Array;
  /** Half-edges on each edge. */
  faceCount: Uint32Array;
  /** The first and second half-edge (lowest h first) on each edge (−1 when absent). */
  firstHalf: Int32Array;
  secondHalf: Int32Array;
  /** Edge of each half-edge, NO_EDGE for the sides of collapsed triangles. */
  halfEdgeEdge: Uint32Array;
  /** 1 for triangles with two corners on the same welded vertex. */
  collapsed: Uint8Array;
  collapsedCount: number;
  openEdgeCount: number;
  nonManifoldEdgeCount: number;
}

export function buildEdgeMap(indices: Uint32Array): EdgeMap {
  const triangles = Math.floor(indices.length / 3);
  const halfEdges = triangles * 3;
  let vertexCount = 0;
  for (let i = 0; i < halfEdges; i++) if (indices[i] >= vertexCount) vertexCount = indices[i] + 1;

  const collapsed = new Uint8Array(triangles);
  let collapsedCount = 0;
  const bucketStart = new Uint32Array(vertexCount + 1);
  for (let t = 0; t < triangles; t++) {
    const i0 = indices[t * 3];
    const i1 = indices[t * 3 + 1];
    const i2 = indices[t * 3 + 2];
    if (i0 === i1 || i1 === i2 || i0 === i2) {
      collapsed[t] = 1;
      collapsedCount++;
      continue;
    }
    bucketStart[(i0 < i1 ? i0 : i1) + 1]++;
    bucketStart[(i1 < i2 ? i1 : i2) + 1]++;
    bucketStart[(i2 < i0 ? i2 : i0) + 1]++;
  }
  for (let v = 0; v < vertexCount; v++) bucketStart[v + 1] += bucketStart[v];
  const used = bucketStart[vertexCount];
  const bucket = new Uint32Array(used);
  const fill = bucketStart.slice(0, vertexCount);
  const upper = new Uint32Array(halfEdges);
  for (let t = 0; t < triangles; t++) {
    if (collapsed[t]) continue;
    for (let k = 0; k < 3; k++) {
      const h = t * 3 + k;
      const a = indices[h];
      const b = indices[k === 2 ? h - 2 : h + 1];
      upper[h] = a < b ? b : a;
      bucket[fill[a < b ? a : b]++] = h;
    }
  }

  // At most one edge per used half-edge; trimmed at the end.
  const edgeA = new Uint32Array(used);
  const edgeB = new Uint32Array(used);
  const faceCount = new Uint32Array(used);
  const firstHalf = new Int32Array(used);
  const secondHalf = new Int32Array(used);
  const halfEdgeEdge = new Uint32Array(halfEdges).fill(NO_EDGE);
  let edgeCount = 0;
  let openEdgeCount = 0;
  let nonManifoldEdgeCount = 0;
  for (let v = 0; v < vertexCount; v++) {
    const end = bucketStart[v + 1];
    for (let i = bucketStart[v]; i < end; i++) {
      const h = bucket[i];
      if (halfEdgeEdge[h] !== NO_EDGE) continue;
      const w = upper[h];
      const e = edgeCount++;
      edgeA[e] = v;
      edgeB[e] = w;
      firstHalf[e] = h;
      secondHalf[e] = -1;
      halfEdgeEdge[h] = e;
      let n = 1;
      for (let j = i + 1; j < end; j++) {
        const g = bucket[j];
        if (upper[g] !== w || halfEdgeEdge[g] !== NO_EDGE) continue;
        halfEdgeEdge[g] = e;
        if (n === 1) secondHalf[e] = g;
        n++;
      }
      faceCount[e] = n;
      if (n === 1) openEdgeCount++;
      else if (n > 2) nonManifoldEdgeCount++;
    }
  }
  return {
    edgeCount,
    edgeA: edgeA.slice(0, edgeCount),
    edgeB: edgeB.slice(0, edgeCount),
    faceCount: faceCount.slice(0, edgeCount),
    firstHalf: firstHalf.slice(0, edgeCount),
    secondHalf: secondHalf.slice(0, edgeCount),
    halfEdgeEdge,
    collapsed,
    collapsedCount,
    openEdgeCount,
    nonManifoldEdgeCount,
  };
}

/** Triangles on the listed edges (all of them, also past the second), in one pass over the half-edges. */
export function trianglesOnEdges(edges: EdgeMap, wanted: Uint8Array): number[] {
  const out: number[] = [];
  const halfEdges = edges.halfEdgeEdge.length;
  for (let h = 0; h < halfEdges; h++) {
    const e = edges.halfEdgeEdge[h];
    if (e !== NO_EDGE && wanted[e] === 1) {
      const t = (h / 3) | 0;
      if (out.length === 0 || out[out.length - 1] !== t) out.push(t);
    }
  }
  return out;
}
