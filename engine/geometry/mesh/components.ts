/**
 * Connected components ("one building each"): triangles that share a welded vertex belong
 * together. Vertex connectivity rather than edge connectivity so that a collapsed sliver or two
 * boxes touching at a corner do not become separate, seemingly floating objects.
 */

export interface Components {
  count: number;
  /** Component of each triangle, numbered 0… in order of first appearance. */
  ofTriangle: Uint32Array;
  /** Triangles per component. */
  triangleCount: Uint32Array;
  /** Bounding boxes, six per component: minX, minY, minZ, maxX, maxY, maxZ. */
  bounds: Float64Array;
}

function find(parent: Int32Array, v: number): number {
  let root = v;
  while (parent[root] !== root) root = parent[root];
  // Path halving keeps later finds short.
  while (parent[v] !== root) {
    const next = parent[v];
    parent[v] = root;
    v = next;
  }
  return root;
}

export function findComponents(indices: Uint32Array, vertexCount: number, vertices: Float32Array): Components {
  const triangles = Math.floor(indices.length / 3);
  const parent = new Int32Array(vertexCount);
  for (let v = 0; v < vertexCount; v++) parent[v] = v;
  for (let t = 0; t < triangles; t++) {
    const a = find(parent, indices[t * 3]);
    const b = find(parent, indices[t * 3 + 1]);
    const c = find(parent, indices[t * 3 + 2]);
    if (a !== b) parent[b] = a;
    if (a !== c) parent[find(parent, c)] = a;
  }
  const label = new Int32Array(vertexCount).fill(-1);
  const ofTriangle = new Uint32Array(triangles);
  let count = 0;
  for (let t = 0; t < triangles; t++) {
    const root = find(parent, indices[t * 3]);
    if (label[root] < 0) label[root] = count++;
    ofTriangle[t] = label[root];
  }
  const triangleCount = new Uint32Array(count);
  const bounds = new Float64Array(count * 6);
  for (let c = 0; c < count; c++) {
    bounds[c * 6] = bounds[c * 6 + 1] = bounds[c * 6 + 2] = Infinity;
    bounds[c * 6 + 3] = bounds[c * 6 + 4] = bounds[c * 6 + 5] = -Infinity;
  }
  for (let t = 0; t < triangles; t++) {
    const c = ofTriangle[t];
    triangleCount[c]++;
    const b = c * 6;
    for (let k = 0; k < 3; k++) {
      const v = indices[t * 3 + k] * 3;
      const x = vertices[v];
      const y = vertices[v + 1];
      const z = vertices[v + 2];
      if (x < bounds[b]) bounds[b] = x;
      if (y < bounds[b + 1]) bounds[b + 1] = y;
      if (z < bounds[b + 2]) bounds[b + 2] = z;
      if (x > bounds[b + 3]) bounds[b + 3] = x;
      if (y > bounds[b + 4]) bounds[b + 4] = y;
      if (z > bounds[b + 5]) bounds[b + 5] = z;
    }
  }
  return { count, ofTriangle, triangleCount, bounds };
}
