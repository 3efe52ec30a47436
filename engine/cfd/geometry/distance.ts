/**
 * Distance from every cell centre to the nearest solid cell centre, exactly (Euclidean), by the
 * separable squared-distance transform of Felzenszwalb & Huttenlocher ("Distance transforms of
 * sampled functions", Theory of Computing 8, 2012): a lower envelope of parabolas along x, then y,
 * then z. Linear in the number of cells.
 */

/** 1D squared distance transform of f (in place via out), unit spacing. */
function edt1d(f: Float64Array, n: number, out: Float64Array, v: Int32Array, z: Float64Array): void {
  let k = 0;
  v[0] = 0;
  z[0] = -Infinity;
  z[1] = Infinity;
  for (let q = 1; q < n; q++) {
    if (f[q] === Infinity && f[v[k]] === Infinity) continue;
    let s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
    while (k > 0 && s <= z[k]) {
      k--;
      s = (f[q] + q * q - (f[v[k]] + v[k] * v[k])) / (2 * q - 2 * v[k]);
    }
    if (f[v[k]] === Infinity) {
      v[k] = q;
      z[k] = -Infinity;
      z[k + 1] = Infinity;
      continue;
    }
    k++;
    v[k] = q;
    z[k] = s;
    z[k + 1] = Infinity;
  }
  k = 0;
  for (let q = 0; q < n; q++) {
    while (z[k + 1] < q) k++;
    const d = q - v[k];
    out[q] = f[v[k]] === Infinity ? Infinity : d * d + f[v[k]];
  }
}

/**
 * Distance (in cells) from each cell of an nx × ny × nz mask (i fastest) to the nearest cell with
 * mask ≠ 0; Infinity when there is none.
 */
export function distanceToSolid(mask: ArrayLike<number>, nx: number, ny: number, nz: number): Float32Array {
  const n = nx * ny * nz;
  const d2 = new Float64Array(n);
  for (let c = 0; c < n; c++) d2[c] = mask[c] ? 0 : Infinity;
  const m = Math.max(nx, ny, nz);
  const f = new Float64Array(m),
    out = new Float64Array(m),
    v = new Int32Array(m),
    z = new Float64Array(m + 1);
  const pass = (len: number, stride: number, starts: Iterable<number>) => {
    for (const s of starts) {
      for (let q = 0; q < len; q++) f[q] = d2[s + q * stride];
      edt1d(f, len, out, v, z);
      for (let q = 0; q < len; q++) d2[s + q * stride] = out[q];
    }
  };
  function* lines(a: number, b: number, sa: number, sb: number) {
    for (let j = 0; j < b; j++) for (let i = 0; i < a; i++) yield i * sa + j * sb;
  }
  pass(nx, 1, lines(ny, nz, nx, nx * ny));
  pass(ny, nx, lines(nx, nz, 1, nx * ny));
  pass(nz, nx * ny, lines(nx, ny, 1, nx));
  const dist = new Float32Array(n);
  for (let c = 0; c < n; c++) dist[c] = Math.sqrt(d2[c]);
  return dist;
}
