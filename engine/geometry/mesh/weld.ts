/**
 * Vertex welding: STL stores every triangle's corners separately, so topology (which triangles
 * share an edge) only exists after corners at the same place become one vertex. Corners within
 * `toleranceM` of an earlier vertex join it (greedy, first come), found through a spatial hash of
 * cubic cells 4 × the tolerance wide: a corner then needs the neighbour cell on an axis only when
 * it lies within a quarter cell of that side, so on average about 2 cells are probed, not 27.
 * Open addressing on typed arrays; nothing is allocated per corner.
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

function tableSizeFor(count: number): number {
  let size = 1024;
  while (size < count * 2) size *= 2;
  return size;
}

function hashCell(ix: number, iy: number, iz: number, mask: number): number {
  return (Math.imul(ix | 0, 73856093) ^ Math.imul(iy | 0, 19349663) ^ Math.imul(iz | 0, 83492791)) & mask;
}

/** Welds the soup's corners; a tolerance of 0 merges only bit-identical positions (±0 alike). */
export function weldVertices(positions: Float32Array, toleranceM = DEFAULT_WELD_TOLERANCE_M): WeldedMesh {
  const corners = Math.floor(positions.length / 3);
  const exact = !(toleranceM > 0);
  const cellM = exact ? 1 : toleranceM * 4;
  const inverseCellM = 1 / cellM;
  const toleranceSq = exact ? 0 : toleranceM * toleranceM;
  const size = tableSizeFor(corners);
  const mask = size - 1;
  const table = new Int32Array(size).fill(-1);
  const nextInCell = new Int32Array(corners);
  const vertices = new Float32Array(corners * 3);
  const firstCorner = new Uint32Array(corners);
  const indices = new Uint32Array(corners);
  let count = 0;

  // Cell coordinate of a value: exact mode keys on the value itself (float32, so exact as double).
  const cellOf = (value: number): number => (exact ? value + 0 : Math.floor(value * inverseCellM));

  /** Slot of cell (ix, iy, iz) in the table, or the empty slot where it would go (table[slot] = −1). */
  const findSlot = (ix: number, iy: number, iz: number): number => {
    let slot = exact ? hashFloat(ix, iy, iz, mask) : hashCell(ix, iy, iz, mask);
    for (;;) {
      const head = table[slot];
      if (head < 0) return slot;
      const h = head * 3;
      if (cellOf(vertices[h]) === ix && cellOf(vertices[h + 1]) === iy && cellOf(vertices[h + 2]) === iz) return slot;
      slot = (slot + 1) & mask;
    }
  };

  /** First vertex within tolerance in cell (ix, iy, iz), or −1. */
  const search = (ix: number, iy: number, iz: number, x: number, y: number, z: number): number => {
    let v = table[findSlot(ix, iy, iz)];
    while (v >= 0) {
      const h = v * 3;
      const dx = vertices[h] - x;
      const dy = vertices[h + 1] - y;
      const dz = vertices[h + 2] - z;
      if (dx * dx + dy * dy + dz * dz <= toleranceSq) return v;
      v = nextInCell[v];
    }
    return -1;
  };

  for (let c = 0; c < corners; c++) {
    const x = positions[c * 3] + 0;
    const y = positions[c * 3 + 1] + 0;
    const z = positions[c * 3 + 2] + 0;
    const ix = cellOf(x);
    const iy = cellOf(y);
    const iz = cellOf(z);
    let found = search(ix, iy, iz, x, y, z);
    if (found < 0 && !exact) {
      // Neighbour cell per axis, only when the corner is within a quarter cell of that side.
      const fx = x * inverseCellM - ix;
      const fy = y * inverseCellM - iy;
      const fz = z * inverseCellM - iz;
      const nx = fx < 0.25 ? ix - 1 : fx > 0.75 ? ix + 1 : ix;
      const ny = fy < 0.25 ? iy - 1 : fy > 0.75 ? iy + 1 : iy;
      const nz = fz < 0.25 ? iz - 1 : fz > 0.75 ? iz + 1 : iz;
      for (let k = 1; k < 8 && found < 0; k++) {
        const cx = k & 1 ? nx : ix;
        const cy = k & 2 ? ny : iy;
        const cz = k & 4 ? nz : iz;
        if ((k & 1 && cx === ix) || (k & 2 && cy === iy) || (k & 4 && cz === iz)) continue;
        found = search(cx, cy, cz, x, y, z);
      }
    }
    if (found < 0) {
      found = count++;
      vertices[found * 3] = x;
      vertices[found * 3 + 1] = y;
      vertices[found * 3 + 2] = z;
      firstCorner[found] = c;
      const slot = findSlot(ix, iy, iz);
      nextInCell[found] = table[slot];
      table[slot] = found;
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

const floatBits = new Float32Array(1);
const floatBitsInt = new Int32Array(floatBits.buffer);

function hashFloat(x: number, y: number, z: number, mask: number): number {
  floatBits[0] = x;
  const a = floatBitsInt[0];
  floatBits[0] = y;
  const b = floatBitsInt[0];
  floatBits[0] = z;
  const c = floatBitsInt[0];
  return hashCell(a ^ (a >>> 15), b ^ (b >>> 15), c ^ (c >>> 15), mask);
}
