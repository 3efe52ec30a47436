/**
 * Presentation-plane analysis points: a regular grid at pedestrian height (default 1.5 m above
 * ground) over the district, leaving out points inside building footprints, plus a triangle mesh
 * joining neighbouring grid points — the mesh the results are written on (one scalar per vertex).
 */
import type { Point2 } from './mesh-builders.ts';
import type { DemoDistrict } from './district.ts';

export interface PresentationPlaneOptions {
  /** Grid spacing, metres (default 2). */
  spacingM?: number;
  /** Height above ground, metres (default 1.5). */
  heightAboveGroundM?: number;
  /** Points closer than this to a building footprint are left out too, metres (default 0.5). */
  clearanceM?: number;
}

export interface PresentationPlane {
  /** xyz per point. */
  points: Float32Array;
  /** Unit normal per point (+Z: the plane faces the sky). */
  normals: Float32Array;
  /** Triangles joining neighbouring points (three point indices each). */
  triangles: Uint32Array;
  columns: number;
  rows: number;
  spacingM: number;
}

/** Whether (x, y) is inside the convex CCW polygon grown outward by `clearance`. */
function insideGrown(polygon: readonly Point2[], x: number, y: number, clearance: number): boolean {
  for (let i = 0; i < polygon.length; i++) {
    const [ax, ay] = polygon[i];
    const [bx, by] = polygon[(i + 1) % polygon.length];
    const ex = bx - ax;
    const ey = by - ay;
    // Signed distance to the edge's line, positive on the inner (left) side.
    const distance = (ex * (y - ay) - ey * (x - ax)) / Math.hypot(ex, ey);
    if (distance < -clearance) return false;
  }
  return true;
}

export function presentationPlane(district: DemoDistrict, options: PresentationPlaneOptions = {}): PresentationPlane {
  const spacing = options.spacingM ?? 2;
  if (!(spacing > 0)) throw new RangeError('presentationPlane: spacingM must be positive');
  const height = options.heightAboveGroundM ?? 1.5;
  const clearance = options.clearanceM ?? 0.5;
  const { minX, minY, maxX, maxY } = district.extentM;
  const columns = Math.floor((maxX - minX) / spacing) + 1;
  const rows = Math.floor((maxY - minY) / spacing) + 1;
  const footprints = district.buildings.map((b) => b.footprint);

  const indexOfCell = new Int32Array(columns * rows).fill(-1);
  const coordinates: number[] = [];
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < columns; c++) {
      const x = minX + c * spacing;
      const y = minY + r * spacing;
      if (footprints.some((footprint) => insideGrown(footprint, x, y, clearance))) continue;
      indexOfCell[r * columns + c] = coordinates.length / 3;
      coordinates.push(x, y, height);
    }

  const triangles: number[] = [];
  for (let r = 0; r + 1 < rows; r++)
    for (let c = 0; c + 1 < columns; c++) {
      const a = indexOfCell[r * columns + c];
      const b = indexOfCell[r * columns + c + 1];
      const d = indexOfCell[(r + 1) * columns + c];
      const e = indexOfCell[(r + 1) * columns + c + 1];
      // Counter-clockwise from above; keep whichever halves of the cell have all three corners.
      if (a >= 0 && b >= 0 && e >= 0) triangles.push(a, b, e);
      else if (a >= 0 && b >= 0 && d >= 0) triangles.push(a, b, d);
      if (a >= 0 && e >= 0 && d >= 0) triangles.push(a, e, d);
      else if (b >= 0 && e >= 0 && d >= 0) triangles.push(b, e, d);
    }

  const points = Float32Array.from(coordinates);
  const normals = new Float32Array(points.length);
  for (let i = 2; i < normals.length; i += 3) normals[i] = 1;
  return { points, normals, triangles: Uint32Array.from(triangles), columns, rows, spacingM: spacing };
}
