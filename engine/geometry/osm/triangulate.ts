/**
 * Ear-clipping triangulation of a polygon with holes, after D. Eberly, "Triangulation by Ear
 * Clipping" (Geometric Tools, 2002–2015): each hole is joined to the outer boundary by a bridge to
 * a mutually visible vertex (§3–§4: cast a ray from the hole's rightmost vertex, take the visible
 * boundary vertex or the reflex vertex inside the candidate triangle with the smallest angle), the
 * resulting weakly simple polygon is clipped ear by ear (§2). O(n²), fine for building outlines.
 *
 * Input: the outer ring counter-clockwise and holes clockwise (seen from +Z), cleaned (no repeated
 * or collinear points), holes inside the outer ring, nothing crossing. Output: counter-clockwise
 * triangles as indices into [...outer, ...holes[0], ...holes[1], …] — the same numbering the
 * extruder uses for the walls, which is what makes the extruded mesh watertight.
 */
import { cross } from './rings.ts';
import type { Point2 } from './types.ts';

export class TriangulationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TriangulationError';
  }
}

interface Node {
  vertex: number;
  prev: Node;
  next: Node;
}

function insideTriangle(a: Point2, b: Point2, c: Point2, p: Point2): boolean {
  return cross(a, b, p) >= 0 && cross(b, c, p) >= 0 && cross(c, a, p) >= 0;
}

const same = (a: Point2, b: Point2) => a[0] === b[0] && a[1] === b[1];

/** Whether b lies in the interior wedge of the polygon at a (counter-clockwise polygon). */
function locallyInside(points: readonly Point2[], prev: number, a: number, next: number, b: Point2): boolean {
  const pp = points[prev]!;
  const pa = points[a]!;
  const pn = points[next]!;
  return cross(pp, pa, pn) >= 0 ? cross(pp, pa, b) >= 0 && cross(pa, pn, b) >= 0 : !(cross(pp, pa, b) < 0 && cross(pa, pn, b) < 0);
}

/** Splices `hole` (vertex indices, clockwise) into `polygon` with a bridge (Eberly §4). */
function bridgeHole(points: readonly Point2[], polygon: number[], hole: number[]): number[] {
  let m = 0;
  for (let k = 1; k < hole.length; k++) if (points[hole[k]!]![0] > points[hole[m]!]![0]) m = k;
  const M = points[hole[m]!]!;

  // Nearest crossing of the ray y = M.y, x ≥ M.x with a polygon edge.
  let bestX = Infinity;
  let bestEdge = -1;
  for (let k = 0; k < polygon.length; k++) {
    const a = points[polygon[k]!]!;
    const b = points[polygon[(k + 1) % polygon.length]!]!;
    if ((a[1] > M[1] && b[1] > M[1]) || (a[1] < M[1] && b[1] < M[1])) continue;
    let x: number;
    if (a[1] === b[1]) x = Math.min(a[0], b[0]) >= M[0] ? Math.min(a[0], b[0]) : Math.max(a[0], b[0]);
    else x = a[0] + ((M[1] - a[1]) * (b[0] - a[0])) / (b[1] - a[1]);
    if (x >= M[0] && x < bestX) {
      bestX = x;
      bestEdge = k;
    }
  }
  if (bestEdge < 0) throw new TriangulationError('a hole is not inside the outer boundary');
  const ea = polygon[bestEdge]!;
  const eb = polygon[(bestEdge + 1) % polygon.length]!;
  const I: Point2 = [bestX, M[1]];
  let target = points[ea]![0] > points[eb]![0] ? ea : eb;
  if (same(points[ea]!, I)) target = ea;
  else if (same(points[eb]!, I)) target = eb;
  else {
    // A reflex vertex inside triangle (M, I, P) would block the view of P; take the one nearest in angle.
    const P = points[target]!;
    const tri: [Point2, Point2, Point2] = cross(M, I, P) >= 0 ? [M, I, P] : [M, P, I];
    let bestAngle = Infinity;
    let bestDistance = Infinity;
    for (let k = 0; k < polygon.length; k++) {
      const v = polygon[k]!;
      const p = points[v]!;
      if (same(p, P)) continue;
      const prev = points[polygon[(k - 1 + polygon.length) % polygon.length]!]!;
      const next = points[polygon[(k + 1) % polygon.length]!]!;
      if (cross(prev, p, next) > 0 || !insideTriangle(tri[0], tri[1], tri[2], p)) continue;
      const dx = p[0] - M[0];
      const dy = p[1] - M[1];
      const angle = Math.abs(Math.atan2(dy, dx));
      const distance = Math.hypot(dx, dy);
      if (angle < bestAngle || (angle === bestAngle && distance < bestDistance)) {
        bestAngle = angle;
        bestDistance = distance;
        target = v;
      }
    }
  }

  // The target may occur more than once (earlier bridges); use the occurrence whose wedge holds M.
  const occurrences = polygon.flatMap((v, k) => (v === target ? [k] : []));
  const at =
    occurrences.find((k) => locallyInside(points, polygon[(k - 1 + polygon.length) % polygon.length]!, target, polygon[(k + 1) % polygon.length]!, M)) ??
    occurrences[0]!;
  const holeFromM = [...hole.slice(m), ...hole.slice(0, m), hole[m]!];
  return [...polygon.slice(0, at + 1), ...holeFromM, target, ...polygon.slice(at + 1)];
}

export function triangulate(outer: readonly Point2[], holes: ReadonlyArray<readonly Point2[]> = []): Uint32Array {
  const points: Point2[] = [...outer];
  let polygon = outer.map((_, i) => i);
  const holeIndices = holes.map((hole) => {
    const start = points.length;
    points.push(...hole);
    return hole.map((_, i) => start + i);
  });
  holeIndices.sort((a, b) => Math.max(...b.map((v) => points[v]![0])) - Math.max(...a.map((v) => points[v]![0])));
  for (const hole of holeIndices) polygon = bridgeHole(points, polygon, hole);

  if (polygon.length < 3) throw new TriangulationError('fewer than three points');
  const nodes: Node[] = polygon.map((vertex) => ({ vertex }) as Node);
  nodes.forEach((node, k) => {
    node.prev = nodes[(k - 1 + nodes.length) % nodes.length]!;
    node.next = nodes[(k + 1) % nodes.length]!;
  });

  const triangles: number[] = [];
  let remaining = nodes.length;
  let current = nodes[0]!;
  const p = (node: Node) => points[node.vertex]!;
  const remove = (node: Node) => {
    node.prev.next = node.next;
    node.next.prev = node.prev;
    remaining--;
  };

  const isEar = (node: Node, allowFlat: boolean): boolean => {
    const a = p(node.prev);
    const b = p(node);
    const c = p(node.next);
    const turn = cross(a, b, c);
    if (allowFlat ? turn < 0 : turn <= 0) return false;
    if (node.prev.vertex === node.next.vertex) return false;
    for (let other = node.next.next; other !== node.prev; other = other.next) {
      const q = p(other);
      if (same(q, a) || same(q, b) || same(q, c)) continue;
      if (cross(p(other.prev), q, p(other.next)) > 0) continue; // only reflex (or flat) vertices can block an ear
      if (insideTriangle(a, b, c, q)) return false;
    }
    return true;
  };

  while (remaining > 3) {
    // A zero-width spike a→b→a left by a bridge: both sides are covered already, drop it.
    if (current.prev.vertex === current.next.vertex) {
      const after = current.next.next;
      remove(current.next);
      remove(current);
      current = after;
      continue;
    }
    let found: Node | null = null;
    let node = current;
    do {
      if (isEar(node, false)) {
        found = node;
        break;
      }
      node = node.next;
    } while (node !== current);
    if (!found) {
      node = current;
      do {
        if (isEar(node, true)) {
          found = node;
          break;
        }
        node = node.next;
      } while (node !== current);
    }
    if (!found) throw new TriangulationError('no ear found: the outline crosses itself or a hole touches it');
    triangles.push(found.prev.vertex, found.vertex, found.next.vertex);
    current = found.next;
    remove(found);
  }
  if (remaining === 3 && current.prev.vertex !== current.next.vertex) triangles.push(current.prev.vertex, current.vertex, current.next.vertex);
  return Uint32Array.from(triangles);
}
