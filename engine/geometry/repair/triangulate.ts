/**
 * Triangulating a hole's rim. The rim (a closed 3-D loop) is projected onto the plane across its
 * Newell normal and triangulated there by earcut (three's `ShapeUtils.triangulateShape`), so a
 * planar hole of any shape — also concave — is filled exactly with the loop's own vertices. If the
 * triangles do not cover the projected rim exactly (it crosses itself, as for a hole wrapped round a
 * corner), the caller falls back to a fan around the centroid.
 */
import { ShapeUtils, Vector2 } from 'three';

/** Relative mismatch between the triangles' area and the rim's that still counts as covered. */
const COVER_TOLERANCE = 1e-7;

/** Newell's normal of a polygon (x, y, z per vertex): robust for non-planar and concave loops. */
export function newellNormal(points: Float64Array): [number, number, number] {
  const n = points.length / 3;
  let nx = 0;
  let ny = 0;
  let nz = 0;
  for (let i = 0; i < n; i++) {
    const j = (i + 1) % n;
    const [x0, y0, z0] = [points[i * 3], points[i * 3 + 1], points[i * 3 + 2]];
    const [x1, y1, z1] = [points[j * 3], points[j * 3 + 1], points[j * 3 + 2]];
    nx += (y0 - y1) * (z0 + z1);
    ny += (z0 - z1) * (x0 + x1);
    nz += (x0 - x1) * (y0 + y1);
  }
  const length = Math.hypot(nx, ny, nz);
  return length > 0 ? [nx / length, ny / length, nz / length] : [0, 0, 0];
}

/**
 * Triangulates a 3-D loop whose winding is counter-clockwise about its Newell normal; returns
 * triangles as polygon-vertex indices (wound like the loop), or undefined when the loop's
 * projection cannot be covered exactly.
 */
export function earClip(points: Float64Array): Uint32Array | undefined {
  const n = points.length / 3;
  if (n < 3) return undefined;
  const [nx, ny, nz] = newellNormal(points);
  if (nx === 0 && ny === 0 && nz === 0) return undefined;
  // An orthonormal basis (u, v) of the plane with u × v = normal, so CCW stays CCW.
  const helper = Math.abs(nx) < 0.9 ? [1, 0, 0] : [0, 1, 0];
  let ux = helper[1] * nz - helper[2] * ny;
  let uy = helper[2] * nx - helper[0] * nz;
  let uz = helper[0] * ny - helper[1] * nx;
  const ul = Math.hypot(ux, uy, uz);
  ux /= ul;
  uy /= ul;
  uz /= ul;
  const vx = ny * uz - nz * uy;
  const vy = nz * ux - nx * uz;
  const vz = nx * uy - ny * ux;
  const rim: Vector2[] = [];
  for (let i = 0; i < n; i++) {
    const px = points[i * 3],
      py = points[i * 3 + 1],
      pz = points[i * 3 + 2];
    rim.push(new Vector2(px * ux + py * uy + pz * uz, px * vx + py * vy + pz * vz));
  }
  let rimArea2 = 0;
  for (let i = 0, j = n - 1; i < n; j = i++) rimArea2 += rim[j].x * rim[i].y - rim[i].x * rim[j].y;
  // triangulateShape drops a last point equal to the first, in place: hand it a copy.
  const triangles = Uint32Array.from(ShapeUtils.triangulateShape([...rim], []).flat());
  const cross = (a: number, b: number, c: number): number => (rim[b].x - rim[a].x) * (rim[c].y - rim[a].y) - (rim[b].y - rim[a].y) * (rim[c].x - rim[a].x);
  let area2 = 0;
  let absolute2 = 0;
  for (let t = 0; t < triangles.length; t += 3) {
    const twice = cross(triangles[t], triangles[t + 1], triangles[t + 2]);
    area2 += twice;
    absolute2 += Math.abs(twice);
  }
  // earcut winds its triangles clockwise; the rim is counter-clockwise about its normal.
  if (area2 < 0) {
    for (let t = 0; t < triangles.length; t += 3) [triangles[t + 1], triangles[t + 2]] = [triangles[t + 2], triangles[t + 1]];
    area2 = -area2;
  }
  const tolerance = COVER_TOLERANCE * Math.abs(rimArea2);
  if (!(rimArea2 > 0) || Math.abs(area2 - rimArea2) > tolerance || Math.abs(absolute2 - rimArea2) > tolerance) return undefined;
  return triangles;
}
