/**
 * Whether a point lies inside a simple polygon, by the even-odd (crossing number) rule: a ray from
 * the point crosses the outline an odd number of times exactly when the point is inside
 * (M. Shimrat, "Algorithm 112: Position of point relative to polygon", CACM 5(8), 1962; the
 * half-open edge test of W. R. Franklin's PNPOLY, so a point on a shared vertex counts once).
 */
export type Ring = ReadonlyArray<readonly [number, number]>;

export function pointInPolygon(x: number, y: number, ring: Ring): boolean {
  let inside = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** The outline's bounding box, to skip the points far outside it cheaply. */
export function ringBounds(ring: Ring): { minX: number; minY: number; maxX: number; maxY: number } {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const [x, y] of ring) {
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
  }
  return { minX, minY, maxX, maxY };
}
