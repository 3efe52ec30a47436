/** Axis-aligned boxes as closed, outward-facing triangle soup (test geometry and benchmark cases). */

export interface BoxOptions {
  /** Leave out the bottom face (an extruded footprint as modelled in many city models). */
  openBottom?: boolean;
}

export function boxTriangles(x0: number, y0: number, z0: number, x1: number, y1: number, z1: number, options: BoxOptions = {}): Float32Array {
  const p = [
    [x0, y0, z0],
    [x1, y0, z0],
    [x1, y1, z0],
    [x0, y1, z0],
    [x0, y0, z1],
    [x1, y0, z1],
    [x1, y1, z1],
    [x0, y1, z1],
  ];
  // Quads listed counter-clockwise seen from outside.
  const quads: number[][] = [
    [4, 5, 6, 7], // top
    [0, 1, 5, 4], // y0
    [1, 2, 6, 5], // x1
    [2, 3, 7, 6], // y1
    [3, 0, 4, 7], // x0
  ];
  if (!options.openBottom) quads.push([0, 3, 2, 1]);
  const out = new Float32Array(quads.length * 2 * 9);
  let o = 0;
  for (const [a, b, c, d] of quads) {
    for (const v of [a, b, c, a, c, d]) {
      out[o++] = p[v][0];
      out[o++] = p[v][1];
      out[o++] = p[v][2];
    }
  }
  return out;
}

export function concatTriangles(parts: Float32Array[]): Float32Array {
  const out = new Float32Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}
