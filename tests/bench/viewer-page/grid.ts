/**
 * BENCHMARK FIXTURE — a square presentation plane of n×n vertices (2·(n−1)² triangles) with a
 * smooth analytic field, the shape of a real data layer. Not engine output.
 */
export interface Grid {
  positions: Float32Array;
  indices: Uint32Array;
  field: Float32Array;
}

export function grid(n: number, sizeM = 200): Grid {
  const positions = new Float32Array(n * n * 3);
  const field = new Float32Array(n * n);
  const step = sizeM / (n - 1);
  for (let j = 0; j < n; j++) {
    for (let i = 0; i < n; i++) {
      const v = j * n + i;
      const x = i * step - sizeM / 2;
      const y = j * step - sizeM / 2;
      positions[v * 3] = x;
      positions[v * 3 + 1] = y;
      positions[v * 3 + 2] = 1.5;
      field[v] = 1 + 0.5 * Math.sin(x / 12) * Math.cos(y / 9);
    }
  }
  const indices = new Uint32Array((n - 1) * (n - 1) * 6);
  let k = 0;
  for (let j = 0; j < n - 1; j++) {
    for (let i = 0; i < n - 1; i++) {
      const a = j * n + i;
      indices[k++] = a;
      indices[k++] = a + 1;
      indices[k++] = a + n + 1;
      indices[k++] = a;
      indices[k++] = a + n + 1;
      indices[k++] = a + n;
    }
  }
  return { positions, indices, field };
}
