/**
 * Watertightness checks for triangle meshes: every edge shared by exactly two faces, traversed once
 * in each direction (so neighbouring faces agree on orientation), and a positive enclosed volume
 * (the normals point outwards — divergence theorem, V = Σ (a · (b × c)) / 6 over the faces).
 */

export interface MeshCheck {
  closed: boolean;
  /** Undirected edges used by other than two faces. */
  openEdges: number;
  /** Directed edges used twice (two faces disagree on orientation). */
  flippedEdges: number;
  volume: number;
}

export function checkClosedMesh(positions: ArrayLike<number>, indices: ArrayLike<number>): MeshCheck {
  const directed = new Map<string, number>();
  for (let t = 0; t < indices.length; t += 3) {
    for (let k = 0; k < 3; k++) {
      const a = indices[t + k]!;
      const b = indices[t + ((k + 1) % 3)]!;
      const key = `${a},${b}`;
      directed.set(key, (directed.get(key) ?? 0) + 1);
    }
  }
  let openEdges = 0;
  let flippedEdges = 0;
  for (const [key, uses] of directed) {
    const [a, b] = key.split(',');
    const reverse = directed.get(`${b},${a}`) ?? 0;
    if (uses > 1) flippedEdges++;
    if (uses + reverse !== 2) openEdges++;
  }
  let volume = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const [a, b, c] = [indices[t]! * 3, indices[t + 1]! * 3, indices[t + 2]! * 3];
    const ax = positions[a]!,
      ay = positions[a + 1]!,
      az = positions[a + 2]!;
    const bx = positions[b]!,
      by = positions[b + 1]!,
      bz = positions[b + 2]!;
    const cx = positions[c]!,
      cy = positions[c + 1]!,
      cz = positions[c + 2]!;
    volume += ax * (by * cz - bz * cy) + ay * (bz * cx - bx * cz) + az * (bx * cy - by * cx);
  }
  volume /= 6;
  return { closed: openEdges === 0 && flippedEdges === 0 && indices.length > 0, openEdges, flippedEdges, volume };
}
