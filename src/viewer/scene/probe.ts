/**
 * Pure arithmetic for probing a data layer: barycentric weights of a point in a triangle and the
 * scalar interpolated with them, as the GPU interpolates the vertex attribute when drawing.
 */
export type Vec3 = readonly [number, number, number];

/**
 * Barycentric weights (wa, wb, wc) of p with respect to triangle abc, computed in the triangle's
 * plane (p is projected onto it). Degenerate triangles give the nearest vertex weight 1.
 */
export function barycentric(p: Vec3, a: Vec3, b: Vec3, c: Vec3): [number, number, number] {
  const v0 = [b[0] - a[0], b[1] - a[1], b[2] - a[2]];
  const v1 = [c[0] - a[0], c[1] - a[1], c[2] - a[2]];
  const v2 = [p[0] - a[0], p[1] - a[1], p[2] - a[2]];
  const dot = (x: number[], y: number[]) => x[0] * y[0] + x[1] * y[1] + x[2] * y[2];
  const d00 = dot(v0, v0);
  const d01 = dot(v0, v1);
  const d11 = dot(v1, v1);
  const d20 = dot(v2, v0);
  const d21 = dot(v2, v1);
  const denom = d00 * d11 - d01 * d01;
  if (!(Math.abs(denom) > 1e-20)) {
    const dist = (q: Vec3) => (p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2 + (p[2] - q[2]) ** 2;
    const d = [dist(a), dist(b), dist(c)];
    const k = d.indexOf(Math.min(...d));
    return [k === 0 ? 1 : 0, k === 1 ? 1 : 0, k === 2 ? 1 : 0];
  }
  const wb = (d11 * d20 - d01 * d21) / denom;
  const wc = (d00 * d21 - d01 * d20) / denom;
  return [1 - wb - wc, wb, wc];
}

/**
 * The scalar at barycentric weights w over the three vertex values. NaN marks "no data": it is
 * left out and the remaining weights renormalised, unless the point lies nearest a no-data
 * vertex, where the answer is NaN (as the shader shows it in the no-data colour).
 */
export function interpolateScalar(values: readonly [number, number, number], w: readonly [number, number, number]): number {
  let nearest = 0;
  for (let k = 1; k < 3; k++) if (w[k] > w[nearest]) nearest = k;
  if (Number.isNaN(values[nearest])) return Number.NaN;
  let sum = 0;
  let weight = 0;
  for (let k = 0; k < 3; k++) {
    if (Number.isNaN(values[k])) continue;
    sum += values[k] * w[k];
    weight += w[k];
  }
  return weight > 0 ? sum / weight : Number.NaN;
}

/** Vertex k of a flat xyz array. */
export function vertexAt(positions: ArrayLike<number>, k: number): Vec3 {
  return [positions[k * 3], positions[k * 3 + 1], positions[k * 3 + 2]];
}

/** The field's value at point p on triangle (ia, ib, ic) of a mesh. */
export function probeTriangle(positions: ArrayLike<number>, values: ArrayLike<number>, [ia, ib, ic]: readonly [number, number, number], p: Vec3): number {
  const w = barycentric(p, vertexAt(positions, ia), vertexAt(positions, ib), vertexAt(positions, ic));
  return interpolateScalar([values[ia], values[ib], values[ic]], w);
}
