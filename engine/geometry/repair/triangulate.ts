/**
 * Triangulating a hole's rim. The rim (a closed 3-D loop) is projected onto the plane across its
 * Newell normal and ear-clipped there, so a planar hole of any shape — also concave — is filled
 * exactly with the loop's own vertices. If ear clipping gets stuck (the projected rim crosses
 * itself, as for a hole wrapped round a corner), the caller falls back to a fan around the
 * centroid.
 */

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
 * Ear-clips a 3-D loop whose winding is counter-clockwise about its Newell normal; returns
 * triangles as polygon-vertex indices (wound like the loop), or undefined when no ear is found.
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
  const x = new Float64Array(n);
  const y = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const px = points[i * 3], py = points[i * 3 + 1], pz = points[i * 3 + 2];
    x[i] = px * ux + py * uy + pz * uz;
    y[i] = px * vx + py * vy + pz * vz;
  }
  const cross = (a: number, b: number, c: number): number => (x[b] - x[a]) * (y[c] - y[a]) - (y[b] - y[a]) * (x[c] - x[a]);

  const next = new Int32Array(n);
  const prev = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    next[i] = (i + 1) % n;
    prev[i] = (i + n - 1) % n;
  }
  const out: number[] = [];
  let remaining = n;
  let at = 0;
  let sinceLastEar = 0;
  while (remaining > 3) {
    const a = prev[at];
    const c = next[at];
    if (isEar(a, at, c, next, x, y, cross)) {
      out.push(a, at, c);
      next[a] = c;
      prev[c] = a;
      remaining--;
      sinceLastEar = 0;
      at = c;
    } else {
      at = next[at];
      if (++sinceLastEar > remaining) return undefined;
    }
  }
  out.push(prev[at], at, next[at]);
  return Uint32Array.from(out);
}

function isEar(
  a: number,
  b: number,
  c: number,
  next: Int32Array,
  x: Float64Array,
  y: Float64Array,
  cross: (a: number, b: number, c: number) => number,
): boolean {
  if (cross(a, b, c) <= 0) return false;
  for (let p = next[c]; p !== a; p = next[p]) {
    // Vertices at the same place as a corner (a pinched rim) do not block the ear.
    if ((x[p] === x[a] && y[p] === y[a]) || (x[p] === x[b] && y[p] === y[b]) || (x[p] === x[c] && y[p] === y[c])) continue;
    if (cross(a, b, p) >= 0 && cross(b, c, p) >= 0 && cross(c, a, p) >= 0) return false;
  }
  return true;
}
