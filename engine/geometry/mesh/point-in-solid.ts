/**
 * Is a point inside the closed surfaces of a soup? Parity of the crossings of a vertical ray going
 * up from the point (odd = inside). A ray through a shared edge or vertex would count twice or
 * not at all, so callers pass probe points that are off any grid the model is likely drawn on;
 * this function nudges x and y by tiny irrational-looking offsets as well.
 */

export function isInsideSoup(soup: Float32Array, candidates: Uint32Array | undefined, x: number, y: number, z: number): boolean {
  const px = x + 1.31e-6;
  const py = y + 7.9e-7;
  const count = candidates ? candidates.length : Math.floor(soup.length / 9);
  let crossings = 0;
  for (let i = 0; i < count; i++) {
    const o = (candidates ? candidates[i] : i) * 9;
    const ax = soup[o],
      ay = soup[o + 1];
    const bx = soup[o + 3],
      by = soup[o + 4];
    const cx = soup[o + 6],
      cy = soup[o + 7];
    // Quick reject on the plan bounding box.
    if ((px < ax && px < bx && px < cx) || (px > ax && px > bx && px > cx)) continue;
    if ((py < ay && py < by && py < cy) || (py > ay && py > by && py > cy)) continue;
    const ux = bx - ax,
      uy = by - ay,
      vx = cx - ax,
      vy = cy - ay;
    const det = ux * vy - uy * vx;
    if (det === 0) continue; // vertical triangle: a vertical ray does not cross it
    const qx = px - ax;
    const qy = py - ay;
    const s = (qx * vy - qy * vx) / det;
    const t = (ux * qy - uy * qx) / det;
    if (s < 0 || t < 0 || s + t > 1) continue;
    const hitZ = soup[o + 2] + s * (soup[o + 5] - soup[o + 2]) + t * (soup[o + 8] - soup[o + 2]);
    if (hitZ > z) crossings++;
  }
  return (crossings & 1) === 1;
}

/**
 * A point just inside a closed, outward-wound component: the centroid of its largest triangle,
 * moved against that triangle's normal by `depthM`. `flip` says the triangle is wound inward.
 */
export function probeBelowTriangle(soup: Float32Array, t: number, flip: boolean, depthM: number): [number, number, number] {
  const o = t * 9;
  const ux = soup[o + 3] - soup[o],
    uy = soup[o + 4] - soup[o + 1],
    uz = soup[o + 5] - soup[o + 2];
  const vx = soup[o + 6] - soup[o],
    vy = soup[o + 7] - soup[o + 1],
    vz = soup[o + 8] - soup[o + 2];
  let nx = uy * vz - uz * vy;
  let ny = uz * vx - ux * vz;
  let nz = ux * vy - uy * vx;
  const length = Math.hypot(nx, ny, nz) * (flip ? -1 : 1);
  nx /= length;
  ny /= length;
  nz /= length;
  return [
    (soup[o] + soup[o + 3] + soup[o + 6]) / 3 - nx * depthM,
    (soup[o + 1] + soup[o + 4] + soup[o + 7]) / 3 - ny * depthM,
    (soup[o + 2] + soup[o + 5] + soup[o + 8]) / 3 - nz * depthM,
  ];
}
