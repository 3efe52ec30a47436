/**
 * Ring geometry for footprints: joining multipolygon member ways into closed rings, cleaning rings
 * (repeated and collinear points), orientation by the shoelace formula, point-in-polygon and a
 * simple-polygon check. Local metres unless said otherwise.
 */
import type { LonLat, Point2, Warnings } from './types.ts';

/**
 * Joins way segments end to end by shared node ids into closed rings (OSM multipolygon rule: a
 * ring may be split over several ways, each possibly reversed). Rings are returned without the
 * closing duplicate. An open chain is a warning and is dropped.
 */
export function assembleRings(segments: ReadonlyArray<{ refs: string[]; points: LonLat[] }>, owner: string, warnings: Warnings): LonLat[][] {
  const remaining = segments.filter((s) => s.refs.length >= 2).map((s) => ({ refs: [...s.refs], points: [...s.points] }));
  const rings: LonLat[][] = [];
  while (remaining.length > 0) {
    const ring = remaining.shift()!;
    while (ring.refs[0] !== ring.refs[ring.refs.length - 1]) {
      const last = ring.refs[ring.refs.length - 1];
      const k = remaining.findIndex((s) => s.refs[0] === last || s.refs[s.refs.length - 1] === last);
      if (k < 0) break;
      const [next] = remaining.splice(k, 1);
      if (next!.refs[0] !== last) {
        next!.refs.reverse();
        next!.points.reverse();
      }
      ring.refs.push(...next!.refs.slice(1));
      ring.points.push(...next!.points.slice(1));
    }
    if (ring.refs[0] !== ring.refs[ring.refs.length - 1] || ring.refs.length < 4) {
      warnings.push(`${owner}: a ring of member ways does not close; that ring is ignored`);
      continue;
    }
    rings.push(ring.points.slice(0, -1));
  }
  return rings;
}

/** Twice the signed area (shoelace formula); positive when counter-clockwise seen from +Z. */
export function signedArea2(ring: readonly Point2[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) sum += (ring[j]![0] - ring[i]![0]) * (ring[j]![1] + ring[i]![1]);
  return sum;
}

export function cross(o: Point2, a: Point2, b: Point2): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}

/**
 * Drops the closing duplicate, repeated points (closer than `tolerance` m) and points on a straight
 * line between their neighbours (the wall would be split for nothing), repeatedly until stable.
 */
export function cleanRing(ring: readonly Point2[], tolerance = 1e-3): Point2[] {
  let points = [...ring];
  const close = (a: Point2, b: Point2) => Math.hypot(a[0] - b[0], a[1] - b[1]) < tolerance;
  let changed = true;
  while (changed && points.length >= 3) {
    changed = false;
    const out: Point2[] = [];
    for (let i = 0; i < points.length; i++) {
      const prev = out.length > 0 ? out[out.length - 1]! : points[points.length - 1]!;
      const p = points[i]!;
      const next = points[(i + 1) % points.length]!;
      if (close(prev, p)) {
        changed = true;
        continue;
      }
      // Collinear: the area of the triangle is tiny compared with its longest side.
      const base = Math.max(Math.hypot(next[0] - prev[0], next[1] - prev[1]), tolerance);
      if (Math.abs(cross(prev, p, next)) / base < tolerance) {
        changed = true;
        continue;
      }
      out.push(p);
    }
    points = out;
  }
  return points.length >= 3 ? points : [];
}

export function pointInPolygon([x, y]: Point2, ring: readonly Point2[]): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Proper or touching intersection of segments ab and cd (shared endpoints excluded by the caller). */
export function segmentsIntersect(a: Point2, b: Point2, c: Point2, d: Point2): boolean {
  const d1 = cross(c, d, a);
  const d2 = cross(c, d, b);
  const d3 = cross(a, b, c);
  const d4 = cross(a, b, d);
  if (((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0))) return true;
  const onSegment = (p: Point2, q: Point2, r: Point2) =>
    Math.min(p[0], q[0]) <= r[0] && r[0] <= Math.max(p[0], q[0]) && Math.min(p[1], q[1]) <= r[1] && r[1] <= Math.max(p[1], q[1]);
  return (d1 === 0 && onSegment(c, d, a)) || (d2 === 0 && onSegment(c, d, b)) || (d3 === 0 && onSegment(a, b, c)) || (d4 === 0 && onSegment(a, b, d));
}

/** Whether any two edges of the rings cross or touch (adjacent edges of one ring share a vertex and are skipped). */
export function ringsIntersect(rings: ReadonlyArray<readonly Point2[]>): boolean {
  const edges: Array<{ ring: number; index: number; a: Point2; b: Point2 }> = [];
  rings.forEach((ring, r) => ring.forEach((a, i) => edges.push({ ring: r, index: i, a, b: ring[(i + 1) % ring.length]! })));
  for (let i = 0; i < edges.length; i++) {
    for (let j = i + 1; j < edges.length; j++) {
      const e = edges[i]!;
      const f = edges[j]!;
      if (e.ring === f.ring) {
        const n = rings[e.ring]!.length;
        if (Math.abs(e.index - f.index) === 1 || Math.abs(e.index - f.index) === n - 1) continue;
      }
      if (segmentsIntersect(e.a, e.b, f.a, f.b)) return true;
    }
  }
  return false;
}
