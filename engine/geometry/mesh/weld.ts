/**
 * Vertex welding: STL stores every triangle's corners separately, so topology (which triangles
 * share an edge) only exists after corners at the same place become one vertex. Corners within
 * `toleranceM` of an earlier vertex join it (greedy, first come), found through a spatial hash of
 * cubic cells 16 × the tolerance wide: a corner then needs the neighbour cell on an axis only when
 * it lies within 1/16 of a cell of that side, so a new vertex probes 1.4 cells on average, not
 * 27, and a repeated corner (the common case in STL) is found in its own cell. (Cells of 16 mm
 * for the default tolerance still hold one vertex each in any building model.)
 *
 * Open addressing on typed arrays, nothing allocated per corner; the table grows with the vertex
 * count (not the corner count) so it stays small enough to be cache-friendly.
 */

/** Default: 1 mm, far above float32 noise at city-scale coordinates, far below any modelled detail. */
export const DEFAULT_WELD_TOLERANCE_M = 0.001;

export interface WeldedMesh {
  /** Welded vertex positions, xyz (each the first corner that created it). */
  vertices: Float32Array;
  vertexCount: number;
  /** Welded vertex per soup corner: triangle t uses indices[3t], [3t+1], [3t+2]. */
  indices: Uint32Array;
  /** The soup corner that created each vertex (so results can name soup vertices). */
  firstCorner: Uint32Array;
}

/** Corners looked back at before the hash table (two triangles). */
const RECENT_CORNERS = 6;

/** Cell edge over tolerance (see above). */
const CELL_PER_TOLERANCE = 16;

const floatBits = new Float32Array(1);
const floatBitsInt = new Int32Array(floatBits.buffer);

/**
 * Int32 key of a coordinate: its cell index, or (exact mode) its float32 bit pattern with −0
 * folded into 0. Cell indices beyond ±2³¹ (34,000 km at 1 mm) wrap; that only puts far-apart
 * vertices in one bucket, where the distance test still tells them apart.
 */
function keyOf(value: number, inverseCellM: number, exact: boolean): number {
  if (!exact) return Math.floor(value * inverseCellM) | 0;
  floatBits[0] = value + 0;
  return floatBitsInt[0];
}

/** Combines the keys and finishes with MurmurHash3's fmix32, so float bit patterns (whose low bits are often all zero) spread too. */
function hash(kx: number, ky: number, kz: number): number {
  let h = Math.imul(kx | 0, 0x9e3779b1) ^ Math.imul(ky | 0, 0x85ebca77) ^ Math.imul(kz | 0, 0xc2b2ae3d);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
}

/** Welds the soup's corners; a tolerance of 0 merges only bit-identical positions (±0 alike). */
export function weldVertices(positions: Float32Array, toleranceM = DEFAULT_WELD_TOLERANCE_M): WeldedMesh {
  const corners = Math.floor(positions.length / 3);
  const exact = !(toleranceM > 0);
  const inverseCellM = exact ? 1 : 1 / (toleranceM * CELL_PER_TOLERANCE);
  const near = 1 / CELL_PER_TOLERANCE;
  const toleranceSq = exact ? 0 : toleranceM * toleranceM;

  // Per vertex: position, cell key (so probes compare integers, not recomputed floors), chain link.
  const vertices = new Float32Array(corners * 3);
  const keys = new Int32Array(corners * 3);
  const nextInCell = new Int32Array(corners);
  const firstCorner = new Uint32Array(corners);
  const indices = new Uint32Array(corners);
  let count = 0;
  let size = 1 << 12;
  while (size < corners / 4) size <<= 1;
  let mask = size - 1;
  let table = new Int32Array(size).fill(-1);
  let cells = 0;

  /** Slot holding cell (kx, ky, kz), or the empty slot where it would go. */
  const slotOf = (kx: number, ky: number, kz: number): number => {
    let slot = hash(kx, ky, kz) & mask;
    for (;;) {
      const head = table[slot];
      if (head < 0 || (keys[head * 3] === kx && keys[head * 3 + 1] === ky && keys[head * 3 + 2] === kz)) return slot;
      slot = (slot + 1) & mask;
    }
  };

  const nearestIn = (kx: number, ky: number, kz: number, x: number, y: number, z: number): number => {
    for (let v = table[slotOf(kx, ky, kz)]; v >= 0; v = nextInCell[v]) {
      const dx = vertices[v * 3] - x;
      const dy = vertices[v * 3 + 1] - y;
      const dz = vertices[v * 3 + 2] - z;
      if (dx * dx + dy * dy + dz * dz <= toleranceSq) return v;
    }
    return -1;
  };

  for (let c = 0; c < corners; c++) {
    const x = positions[c * 3] + 0;
    const y = positions[c * 3 + 1] + 0;
    const z = positions[c * 3 + 2] + 0;
    // Shortcut: neighbouring triangles in a file share corners (a quad is two triangles in a
    // row), so the last six corners, still in cache, answer many lookups without the table.
    let recent = -1;
    for (let back = c - 1, stop = c >= RECENT_CORNERS ? c - RECENT_CORNERS : 0; back >= stop; back--) {
      if (positions[back * 3] === x && positions[back * 3 + 1] === y && positions[back * 3 + 2] === z) {
        recent = indices[back];
        break;
      }
    }
    if (recent >= 0) {
      indices[c] = recent;
      continue;
    }
    const kx = keyOf(x, inverseCellM, exact);
    const ky = keyOf(y, inverseCellM, exact);
    const kz = keyOf(z, inverseCellM, exact);
    let found = nearestIn(kx, ky, kz, x, y, z);
    if (found < 0 && !exact) {
      // Neighbour cell per axis, only when the corner is within the tolerance of that side.
      const fx = x * inverseCellM - Math.floor(x * inverseCellM);
      const fy = y * inverseCellM - Math.floor(y * inverseCellM);
      const fz = z * inverseCellM - Math.floor(z * inverseCellM);
      const nx = fx < near ? (kx - 1) | 0 : fx > 1 - near ? (kx + 1) | 0 : kx;
      const ny = fy < near ? (ky - 1) | 0 : fy > 1 - near ? (ky + 1) | 0 : ky;
      const nz = fz < near ? (kz - 1) | 0 : fz > 1 - near ? (kz + 1) | 0 : kz;
      for (let k = 1; k < 8 && found < 0; k++) {
        if ((k & 1 && nx === kx) || (k & 2 && ny === ky) || (k & 4 && nz === kz)) continue;
        found = nearestIn(k & 1 ? nx : kx, k & 2 ? ny : ky, k & 4 ? nz : kz, x, y, z);
      }
    }
    if (found < 0) {
      found = count++;
      vertices[found * 3] = x;
      vertices[found * 3 + 1] = y;
      vertices[found * 3 + 2] = z;
      keys[found * 3] = kx;
      keys[found * 3 + 1] = ky;
      keys[found * 3 + 2] = kz;
      firstCorner[found] = c;
      const slot = slotOf(kx, ky, kz);
      if (table[slot] < 0) cells++;
      nextInCell[found] = table[slot];
      table[slot] = found;
      if (cells * 2 > size) {
        // Grow: re-insert each cell's chain head (chains stay intact).
        const old = table;
        size <<= 1;
        mask = size - 1;
        table = new Int32Array(size).fill(-1);
        for (let s = 0; s < old.length; s++) {
          const head = old[s];
          if (head >= 0) table[slotOf(keys[head * 3], keys[head * 3 + 1], keys[head * 3 + 2])] = head;
        }
      }
    }
    indices[c] = found;
  }
  return {
    vertices: vertices.slice(0, count * 3),
    vertexCount: count,
    indices,
    firstCorner: firstCorner.slice(0, count),
  };
}
