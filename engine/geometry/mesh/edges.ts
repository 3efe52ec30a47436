/**
 * The edge map: every undirected edge of the welded mesh with the triangle sides ("half-edges")
 * lying on it. Half-edge h = 3t + k is triangle t's side from corner k to corner (k + 1) mod 3.
 * An edge with one half-edge is open (a hole's rim), with two it is manifold, with more it is
 * non-manifold (faces meeting like pages of a book). Triangles with two corners welded together
 * ("collapsed") have no area and no meaningful sides, so they are left out and flagged instead.
 */

export const NO_EDGE = 0xffffffff;

export interface EdgeMap {
  edgeCount: number;
  /** Endpoints (welded vertex indices), edgeA < edgeB. */
  edgeA: Uint32Array;
  edgeB: Uint32Array;
  /** Half-edges on each edge. */
  faceCount: Uint32Array;
  /** The first and second half-edge seen on each edge (−1 when absent). */
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

function hashPair(a: number, b: number, mask: number): number {
  return (Math.imul(a, 0x9e3779b1) ^ Math.imul(b + 0x7f4a7c15, 0x85ebca77)) & mask;
}

export function buildEdgeMap(indices: Uint32Array): EdgeMap {
  const triangles = Math.floor(indices.length / 3);
  const halfEdges = triangles * 3;
  let size = 1024;
  while (size < halfEdges * 1.5) size *= 2;
  const mask = size - 1;
  const table = new Int32Array(size).fill(-1);
  // A closed mesh has halfEdges / 2 edges; open soups up to halfEdges.
  let capacity = Math.max(16, Math.ceil(halfEdges / 2) + 16);
  let edgeA = new Uint32Array(capacity);
  let edgeB = new Uint32Array(capacity);
  let faceCount = new Uint32Array(capacity);
  let firstHalf = new Int32Array(capacity);
  let secondHalf = new Int32Array(capacity);
  const halfEdgeEdge = new Uint32Array(halfEdges);
  const collapsed = new Uint8Array(triangles);
  let collapsedCount = 0;
  let edgeCount = 0;

  const grow = (): void => {
    capacity *= 2;
    const widen = <T extends Uint32Array | Int32Array>(old: T, make: (n: number) => T): T => {
      const next = make(capacity);
      next.set(old);
      return next;
    };
    edgeA = widen(edgeA, (n) => new Uint32Array(n));
    edgeB = widen(edgeB, (n) => new Uint32Array(n));
    faceCount = widen(faceCount, (n) => new Uint32Array(n));
    firstHalf = widen(firstHalf, (n) => new Int32Array(n));
    secondHalf = widen(secondHalf, (n) => new Int32Array(n));
  };

  for (let t = 0; t < triangles; t++) {
    const i0 = indices[t * 3];
    const i1 = indices[t * 3 + 1];
    const i2 = indices[t * 3 + 2];
    if (i0 === i1 || i1 === i2 || i0 === i2) {
      collapsed[t] = 1;
      collapsedCount++;
      halfEdgeEdge[t * 3] = halfEdgeEdge[t * 3 + 1] = halfEdgeEdge[t * 3 + 2] = NO_EDGE;
      continue;
    }
    for (let k = 0; k < 3; k++) {
      const h = t * 3 + k;
      const u = indices[h];
      const w = indices[k === 2 ? t * 3 : h + 1];
      const a = u < w ? u : w;
      const b = u < w ? w : u;
      let slot = hashPair(a, b, mask);
      let edge: number;
      for (;;) {
        const found = table[slot];
        if (found < 0) {
          if (edgeCount === capacity) grow();
          edge = edgeCount++;
          edgeA[edge] = a;
          edgeB[edge] = b;
          firstHalf[edge] = h;
          secondHalf[edge] = -1;
          table[slot] = edge;
          break;
        }
        if (edgeA[found] === a && edgeB[found] === b) {
          edge = found;
          if (faceCount[edge] === 1) secondHalf[edge] = h;
          break;
        }
        slot = (slot + 1) & mask;
      }
      faceCount[edge]++;
      halfEdgeEdge[h] = edge;
    }
  }
  let openEdgeCount = 0;
  let nonManifoldEdgeCount = 0;
  for (let e = 0; e < edgeCount; e++) {
    if (faceCount[e] === 1) openEdgeCount++;
    else if (faceCount[e] > 2) nonManifoldEdgeCount++;
  }
  return {
    edgeCount,
    edgeA,
    edgeB,
    faceCount,
    firstHalf,
    secondHalf,
    halfEdgeEdge,
    collapsed,
    collapsedCount,
    openEdgeCount,
    nonManifoldEdgeCount,
  };
}

/** Start vertex of half-edge h (welded index). */
export function halfEdgeStart(indices: Uint32Array, h: number): number {
  return indices[h];
}

/** End vertex of half-edge h (welded index). */
export function halfEdgeEnd(indices: Uint32Array, h: number): number {
  return indices[h % 3 === 2 ? h - 2 : h + 1];
}

/** Triangles on each listed edge (all of them, also past the second), in one pass over the half-edges. */
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
