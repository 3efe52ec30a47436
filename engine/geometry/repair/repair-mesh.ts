/**
 * `repairMesh`: what can be fixed without a modeller's judgement (the remesh-stl tool's first step):
 *   1. merge vertices closer than the tolerance (closes hairline cracks between faces);
 *   2. drop collapsed triangles (two corners merged) and duplicated triangles (same three
 *      vertices, either winding);
 *   3. make windings consistent, and outward for closed parts (signed volume);
 *   4. close holes whose rim spans at most `maxHoleSpanM`, by ear clipping the rim (or a fan
 *      round its centroid when that fails), wound to match the surrounding faces;
 *   5. re-check the winding of the parts that step 4 closed.
 * Wider holes, non-manifold edges and unit mistakes are left and reported: fixing them needs
 * the modelling tool. Meant for solids (study, surrounds, landscaping, mitigations): on an open
 * sheet smaller than `maxHoleSpanM` the rim itself would be "closed"; pass maxHoleSpanM: 0 to
 * only merge, clean and orient.
 */
import { findBoundaryLoops } from '../mesh/boundary.ts';
import { buildEdgeMap } from '../mesh/edges.ts';
import { orientTriangles } from '../mesh/orientation.ts';
import { DEFAULT_WELD_TOLERANCE_M, weldVertices } from '../mesh/weld.ts';
import { earClip } from './triangulate.ts';

export interface RepairOptions {
  /** Vertices closer than this merge. Default 1 mm. */
  mergeToleranceM?: number;
  /** Holes whose rim spans up to this are closed. Default 1 m. */
  maxHoleSpanM?: number;
}

export interface RepairedHole {
  spanM: number;
  edges: number;
  trianglesAdded: number;
  method: 'ear-clipping' | 'centroid-fan';
  location: [number, number, number];
}

export interface RepairReport {
  trianglesBefore: number;
  trianglesAfter: number;
  /** Distinct positions that merged into a nearby vertex. */
  verticesMerged: number;
  collapsedTrianglesRemoved: number;
  duplicateTrianglesRemoved: number;
  /** Triangles whose winding was reversed (inconsistent or inside-out). */
  trianglesFlipped: number;
  holesClosed: RepairedHole[];
  /** Holes left open (too wide, or rims that are not closed loops). */
  holesLeft: { spanM: number; edges: number; location: [number, number, number] }[];
  nonManifoldEdgesLeft: number;
  /** Anything changed at all. */
  changed: boolean;
}

export interface RepairResult {
  positions: Float32Array;
  report: RepairReport;
}

export function repairMesh(positions: Float32Array, options: RepairOptions = {}): RepairResult {
  const tolerance = options.mergeToleranceM ?? DEFAULT_WELD_TOLERANCE_M;
  const maxSpan = options.maxHoleSpanM ?? 1;
  const trianglesBefore = Math.floor(positions.length / 9);
  const soup = positions.length === trianglesBefore * 9 ? positions : positions.subarray(0, trianglesBefore * 9);

  const exactVertices = weldVertices(soup, 0).vertexCount;
  const welded = weldVertices(soup, tolerance);
  // Rim centroids may be appended (fan fallback); otherwise the welded vertices are used as is.
  const vertices = new VertexList(welded.vertices);

  // 2. Collapsed and duplicated triangles.
  const { indices: cleaned, collapsed, duplicates } = dropCollapsedAndDuplicates(welded.indices);
  let indices = cleaned;

  // 3. Consistent, outward winding.
  let flipped = orient(indices, vertices.array());

  // 4. Close small holes.
  const holesClosed: RepairedHole[] = [];
  const holesLeft: RepairReport['holesLeft'] = [];
  {
    const vertexArray = vertices.array();
    const edges = buildEdgeMap(indices);
    const loops = findBoundaryLoops(edges, vertexArray, vertices.count);
    const added: number[] = [];
    for (let loop = 0; loop < loops.count; loop++) {
      const from = loops.loopStart[loop];
      const to = loops.loopStart[loop + 1];
      const location: [number, number, number] = [loops.centroid[loop * 3], loops.centroid[loop * 3 + 1], loops.centroid[loop * 3 + 2]];
      if (!loops.closed[loop] || loops.spanM[loop] > maxSpan || to - from < 3) {
        holesLeft.push({ spanM: loops.spanM[loop], edges: to - from, location });
        continue;
      }
      // The rim as walked; the faces beside it run along the walk or against it, and the
      // patch must run the other way round.
      const rim = Array.from(loops.loopVertices.subarray(from, to));
      const h = edges.firstHalf[loops.loopEdges[from]];
      if (indices[h] === rim[0]) rim.reverse();
      const hole = fillHole(rim, vertices);
      for (const v of hole.triangles) added.push(v);
      holesClosed.push({ spanM: loops.spanM[loop], edges: to - from, trianglesAdded: hole.triangles.length / 3, method: hole.method, location });
    }
    if (added.length > 0) {
      const grown = new Uint32Array(indices.length + added.length);
      grown.set(indices);
      grown.set(added, indices.length);
      indices = grown;
      // 5. Parts just closed can now be told inside from outside.
      flipped += orient(indices, vertices.array());
    }
  }

  const finalVertices = vertices.array();
  const out = new Float32Array(indices.length * 3);
  for (let i = 0; i < indices.length; i++) {
    const v = indices[i] * 3;
    out[i * 3] = finalVertices[v];
    out[i * 3 + 1] = finalVertices[v + 1];
    out[i * 3 + 2] = finalVertices[v + 2];
  }
  const nonManifoldEdgesLeft = buildEdgeMap(indices).nonManifoldEdgeCount;
  const verticesMerged = exactVertices - welded.vertexCount;
  return {
    positions: out,
    report: {
      trianglesBefore,
      trianglesAfter: indices.length / 3,
      verticesMerged,
      collapsedTrianglesRemoved: collapsed,
      duplicateTrianglesRemoved: duplicates,
      trianglesFlipped: flipped,
      holesClosed,
      holesLeft,
      nonManifoldEdgesLeft,
      changed: verticesMerged + collapsed + duplicates + flipped + holesClosed.length > 0,
    },
  };
}

/** Welded vertices plus any appended ones. */
class VertexList {
  private extra: number[] = [];
  private cached: Float32Array | undefined;

  constructor(private readonly base: Float32Array) {}

  get count(): number {
    return (this.base.length + this.extra.length) / 3;
  }

  coordinate(v: number, axis: number): number {
    const i = v * 3 + axis;
    return i < this.base.length ? this.base[i] : this.extra[i - this.base.length];
  }

  push(x: number, y: number, z: number): number {
    this.extra.push(x, y, z);
    this.cached = undefined;
    return this.count - 1;
  }

  array(): Float32Array {
    if (this.extra.length === 0) return this.base;
    if (!this.cached) {
      this.cached = new Float32Array(this.base.length + this.extra.length);
      this.cached.set(this.base);
      this.cached.set(this.extra, this.base.length);
    }
    return this.cached;
  }
}

/**
 * Removes triangles with two corners on one vertex, and repeats of a triangle already seen with
 * the same three vertices (either winding). Duplicates are found through an open-addressing table
 * of sorted vertex triples — no per-triangle strings or objects.
 */
function dropCollapsedAndDuplicates(input: Uint32Array): { indices: Uint32Array; collapsed: number; duplicates: number } {
  const triangles = input.length / 3;
  let size = 1024;
  while (size < triangles * 2) size *= 2;
  const mask = size - 1;
  const table = new Int32Array(size).fill(-1);
  const sorted = new Uint32Array(input.length);
  const out = new Uint32Array(input.length);
  let written = 0;
  let collapsed = 0;
  let duplicates = 0;
  for (let t = 0; t < triangles; t++) {
    const a = input[t * 3];
    const b = input[t * 3 + 1];
    const c = input[t * 3 + 2];
    if (a === b || b === c || a === c) {
      collapsed++;
      continue;
    }
    const lo = Math.min(a, b, c);
    const hi = Math.max(a, b, c);
    const mid = a + b + c - lo - hi;
    let slot = (Math.imul(lo, 0x9e3779b1) ^ Math.imul(mid, 0x85ebca77) ^ Math.imul(hi, 0xc2b2ae3d)) & mask;
    let duplicate = false;
    for (;;) {
      const kept = table[slot];
      if (kept < 0) break;
      if (sorted[kept * 3] === lo && sorted[kept * 3 + 1] === mid && sorted[kept * 3 + 2] === hi) {
        duplicate = true;
        break;
      }
      slot = (slot + 1) & mask;
    }
    if (duplicate) {
      duplicates++;
      continue;
    }
    const k = written / 3;
    table[slot] = k;
    sorted[written] = lo;
    sorted[written + 1] = mid;
    sorted[written + 2] = hi;
    out[written++] = a;
    out[written++] = b;
    out[written++] = c;
  }
  return { indices: out.slice(0, written), collapsed, duplicates };
}

/** Reverses the triangles `orientTriangles` marks wrong, in place; returns how many. */
function orient(indices: Uint32Array, vertices: Float32Array): number {
  const edges = buildEdgeMap(indices);
  const { wrong, wrongCount } = orientTriangles(indices, vertices, edges);
  if (wrongCount === 0) return 0;
  for (let t = 0; t < wrong.length; t++) {
    if (!wrong[t]) continue;
    const b = indices[t * 3 + 1];
    indices[t * 3 + 1] = indices[t * 3 + 2];
    indices[t * 3 + 2] = b;
  }
  return wrongCount;
}

/** Triangles (vertex indices) filling the rim, wound like it; may append a centroid vertex. */
function fillHole(rim: number[], vertices: VertexList): { triangles: number[]; method: RepairedHole['method'] } {
  const points = new Float64Array(rim.length * 3);
  for (let i = 0; i < rim.length; i++) for (let axis = 0; axis < 3; axis++) points[i * 3 + axis] = vertices.coordinate(rim[i], axis);
  const ears = earClip(points);
  if (ears) return { triangles: Array.from(ears, (i) => rim[i]), method: 'ear-clipping' };
  let cx = 0;
  let cy = 0;
  let cz = 0;
  for (let i = 0; i < rim.length; i++) {
    cx += points[i * 3] / rim.length;
    cy += points[i * 3 + 1] / rim.length;
    cz += points[i * 3 + 2] / rim.length;
  }
  const centre = vertices.push(cx, cy, cz);
  const triangles: number[] = [];
  for (let i = 0; i < rim.length; i++) triangles.push(rim[i], rim[(i + 1) % rim.length], centre);
  return { triangles, method: 'centroid-fan' };
}
