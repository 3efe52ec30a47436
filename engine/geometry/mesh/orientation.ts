/**
 * Winding consistency. Two triangles sharing a manifold edge agree when they traverse it in
 * opposite directions. A breadth-first walk over manifold edges gives each "patch" (triangles
 * reachable that way) a winding relative to its first triangle; then
 *   - a closed patch is made outward: its signed volume (divergence theorem) must be positive;
 *   - an open patch keeps the winding most of its triangles already have.
 * Triangles whose winding differs from that choice are "wrong". A closed patch whose triangles are
 * all wrong is inside out (inverted); one with some wrong has inconsistent normals.
 */
import { NO_EDGE, type EdgeMap } from './edges.ts';

export interface Orientation {
  /** 1 where the triangle must be reversed to agree with its patch's chosen (outward) winding. */
  wrong: Uint8Array;
  wrongCount: number;
  /** Patch of each triangle; −1 for collapsed triangles. */
  patchOf: Int32Array;
  patchCount: number;
  /** Per patch: every edge manifold (a closed surface), triangles, wrong triangles, volume. */
  patchClosed: Uint8Array;
  patchTriangles: Uint32Array;
  patchWrong: Uint32Array;
  /** Enclosed volume after the fix, m³ (0 for open patches). */
  patchVolumeM3: Float64Array;
  /** Manifold edges whose two triangles wind the same way, as read. */
  inconsistentEdgeCount: number;
  /** Edges where no consistent winding exists (a Möbius-like surface). */
  conflictEdgeCount: number;
}

/** Below this |volume| relative to the patch's bounding size cubed, a closed patch is flat (e.g. a two-sided sheet). */
const FLAT_VOLUME_RATIO = 1e-9;

export function orientTriangles(indices: Uint32Array, vertices: Float32Array, edges: EdgeMap): Orientation {
  const triangles = Math.floor(indices.length / 3);
  const relative = new Uint8Array(triangles);
  const patchOf = new Int32Array(triangles).fill(-1);
  const queue = new Int32Array(triangles);
  const wrong = new Uint8Array(triangles);
  const closedList: number[] = [];
  const sizeList: number[] = [];
  const wrongList: number[] = [];
  const volumeList: number[] = [];
  let wrongCount = 0;
  let conflictEdgeCount = 0;
  let inconsistentEdgeCount = 0;
  const { halfEdgeEdge, faceCount, firstHalf, secondHalf } = edges;

  for (let e = 0; e < edges.edgeCount; e++) {
    if (faceCount[e] === 2 && indices[firstHalf[e]] === indices[secondHalf[e]]) inconsistentEdgeCount++;
  }

  let tail = 0;
  for (let seed = 0; seed < triangles; seed++) {
    if (patchOf[seed] >= 0 || edges.collapsed[seed]) continue;
    const patch = sizeList.length;
    const start = tail;
    let head = tail;
    queue[tail++] = seed;
    patchOf[seed] = patch;
    let closed = true;
    while (head < tail) {
      const f = queue[head++];
      for (let k = 0; k < 3; k++) {
        const h = f * 3 + k;
        const e = halfEdgeEdge[h];
        if (e === NO_EDGE) continue;
        if (faceCount[e] !== 2) {
          closed = false;
          continue;
        }
        const twin = firstHalf[e] === h ? secondHalf[e] : firstHalf[e];
        const g = (twin / 3) | 0;
        // Same start vertex = same direction along the edge = windings disagree.
        const disagree = indices[h] === indices[twin] ? 1 : 0;
        const wanted = relative[f] ^ disagree;
        if (patchOf[g] < 0) {
          patchOf[g] = patch;
          relative[g] = wanted;
          queue[tail++] = g;
        } else if (relative[g] !== wanted && h < twin) {
          conflictEdgeCount++;
        }
      }
    }

    const volume = closed ? signedVolumeOf(queue, start, tail, indices, vertices, relative) : 0;
    let flipAll: number;
    if (closed && Math.abs(volume) > FLAT_VOLUME_RATIO * boundsCube(queue, start, tail, indices, vertices)) {
      flipAll = volume < 0 ? 1 : 0;
    } else {
      let ones = 0;
      for (let i = start; i < tail; i++) ones += relative[queue[i]];
      flipAll = ones * 2 > tail - start ? 1 : 0;
    }
    let patchWrong = 0;
    for (let i = start; i < tail; i++) {
      const t = queue[i];
      const w = relative[t] ^ flipAll;
      wrong[t] = w;
      patchWrong += w;
    }
    wrongCount += patchWrong;
    closedList.push(closed ? 1 : 0);
    sizeList.push(tail - start);
    wrongList.push(patchWrong);
    volumeList.push(Math.abs(volume));
  }
  return {
    wrong,
    wrongCount,
    patchOf,
    patchCount: sizeList.length,
    patchClosed: Uint8Array.from(closedList),
    patchTriangles: Uint32Array.from(sizeList),
    patchWrong: Uint32Array.from(wrongList),
    patchVolumeM3: Float64Array.from(volumeList),
    inconsistentEdgeCount,
    conflictEdgeCount,
  };
}

/** Signed volume of the listed triangles with `relative` windings applied, about the first vertex (for precision). */
function signedVolumeOf(list: Int32Array, start: number, end: number, indices: Uint32Array, vertices: Float32Array, relative: Uint8Array): number {
  const o = indices[list[start] * 3] * 3;
  const ox = vertices[o];
  const oy = vertices[o + 1];
  const oz = vertices[o + 2];
  let sum = 0;
  for (let i = start; i < end; i++) {
    const t = list[i];
    const a = indices[t * 3] * 3;
    const b = indices[t * 3 + 1] * 3;
    const c = indices[t * 3 + 2] * 3;
    const ax = vertices[a] - ox;
    const ay = vertices[a + 1] - oy;
    const az = vertices[a + 2] - oz;
    const bx = vertices[b] - ox;
    const by = vertices[b + 1] - oy;
    const bz = vertices[b + 2] - oz;
    const cx = vertices[c] - ox;
    const cy = vertices[c + 1] - oy;
    const cz = vertices[c + 2] - oz;
    const det = ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
    sum += relative[t] ? -det : det;
  }
  return sum / 6;
}

function boundsCube(list: Int32Array, start: number, end: number, indices: Uint32Array, vertices: Float32Array): number {
  let size = 0;
  const o = indices[list[start] * 3] * 3;
  for (let i = start; i < end; i++) {
    for (let k = 0; k < 3; k++) {
      const v = indices[list[i] * 3 + k] * 3;
      size = Math.max(size, Math.abs(vertices[v] - vertices[o]), Math.abs(vertices[v + 1] - vertices[o + 1]), Math.abs(vertices[v + 2] - vertices[o + 2]));
    }
  }
  return size * size * size;
}
