/**
 * A uniform grid over triangles' bounding boxes (CSR: cell c holds items[cellStart[c] …
 * cellStart[c+1])) for neighbourhood queries — ground height under a point, candidate pairs for
 * intersection tests. A uniform grid suits these inputs (city blocks, terrain: evenly spread
 * triangles of similar size) and is built in two linear passes without per-triangle objects.
 */

export interface TriangleGrid {
  minX: number;
  minY: number;
  minZ: number;
  cellX: number;
  cellY: number;
  cellZ: number;
  nx: number;
  ny: number;
  nz: number;
  cellStart: Uint32Array;
  items: Uint32Array;
}

const MAX_CELLS = 1 << 22;

export interface GridOptions {
  /** Only these triangles (default: all). */
  subset?: Uint32Array;
  /** One cell in z: a 2-D grid over x and y. */
  planar?: boolean;
  /** Cells per triangle to aim for (default 1). */
  cellsPerTriangle?: number;
}

/** Cells along an axis of length `size` for cell edge `cell` (at least 1). */
function cellsAlong(size: number, cell: number): number {
  return Math.max(1, Math.ceil(size / cell));
}

export function buildTriangleGrid(positions: Float32Array, options: GridOptions = {}): TriangleGrid {
  const count = options.subset ? options.subset.length : Math.floor(positions.length / 9);
  const triangleAt = (i: number): number => (options.subset ? options.subset[i] : i);
  let minX = Infinity,
    minY = Infinity,
    minZ = Infinity,
    maxX = -Infinity,
    maxY = -Infinity,
    maxZ = -Infinity;
  for (let i = 0; i < count; i++) {
    const o = triangleAt(i) * 9;
    for (let k = 0; k < 9; k += 3) {
      const x = positions[o + k];
      const y = positions[o + k + 1];
      const z = positions[o + k + 2];
      if (x < minX) minX = x;
      if (x > maxX) maxX = x;
      if (y < minY) minY = y;
      if (y > maxY) maxY = y;
      if (z < minZ) minZ = z;
      if (z > maxZ) maxZ = z;
    }
  }
  if (count === 0) minX = minY = minZ = maxX = maxY = maxZ = 0;
  const sizeX = maxX - minX;
  const sizeY = maxY - minY;
  const sizeZ = options.planar ? 0 : maxZ - minZ;
  const target = Math.min(MAX_CELLS, Math.max(1, Math.round(count * (options.cellsPerTriangle ?? 1))));
  // Largest cell edge giving no more than `target` cells: bisection in log space.
  let lo = 1e-9;
  let hi = Math.max(sizeX, sizeY, sizeZ, 1e-9) * 2;
  for (let iteration = 0; iteration < 60; iteration++) {
    const mid = Math.sqrt(lo * hi);
    const cells = cellsAlong(sizeX, mid) * cellsAlong(sizeY, mid) * cellsAlong(sizeZ, mid);
    if (cells > target) lo = mid;
    else hi = mid;
  }
  const nx = cellsAlong(sizeX, hi);
  const ny = cellsAlong(sizeY, hi);
  const nz = cellsAlong(sizeZ, hi);
  // Cells stretch to cover the bounds exactly; a zero-size axis gets one unit cell.
  const grid: TriangleGrid = {
    minX,
    minY,
    minZ,
    cellX: sizeX > 0 ? sizeX / nx : 1,
    cellY: sizeY > 0 ? sizeY / ny : 1,
    cellZ: sizeZ > 0 ? sizeZ / nz : 1,
    nx,
    ny,
    nz,
    cellStart: new Uint32Array(nx * ny * nz + 1),
    items: new Uint32Array(0),
  };

  const range = new Int32Array(6);
  const counts = grid.cellStart;
  for (let pass = 0; pass < 2; pass++) {
    for (let i = 0; i < count; i++) {
      const t = triangleAt(i);
      triangleCells(grid, positions, t, 0, range);
      for (let z = range[2]; z <= range[5]; z++)
        for (let y = range[1]; y <= range[4]; y++)
          for (let x = range[0]; x <= range[3]; x++) {
            const cell = (z * ny + y) * nx + x;
            if (pass === 0) counts[cell + 1]++;
            else grid.items[counts[cell]++] = t;
          }
    }
    if (pass === 0) {
      for (let c = 0; c < nx * ny * nz; c++) counts[c + 1] += counts[c];
      grid.items = new Uint32Array(counts[nx * ny * nz]);
    } else {
      // Filling advanced each start to the next cell's: shift back.
      for (let c = nx * ny * nz; c > 0; c--) counts[c] = counts[c - 1];
      counts[0] = 0;
    }
  }
  return grid;
}

function clampCell(value: number, n: number): number {
  return value < 0 ? 0 : value >= n ? n - 1 : value;
}

/** Cell range [x0, y0, z0, x1, y1, z1] (inclusive) of a box, clamped to the grid; false when outside. */
export function boxCells(grid: TriangleGrid, minX: number, minY: number, minZ: number, maxX: number, maxY: number, maxZ: number, out: Int32Array): boolean {
  const x0 = Math.floor((minX - grid.minX) / grid.cellX);
  const y0 = Math.floor((minY - grid.minY) / grid.cellY);
  const x1 = Math.floor((maxX - grid.minX) / grid.cellX);
  const y1 = Math.floor((maxY - grid.minY) / grid.cellY);
  const z0 = grid.nz === 1 ? 0 : Math.floor((minZ - grid.minZ) / grid.cellZ);
  const z1 = grid.nz === 1 ? 0 : Math.floor((maxZ - grid.minZ) / grid.cellZ);
  if (x1 < 0 || y1 < 0 || z1 < 0 || x0 >= grid.nx || y0 >= grid.ny || z0 >= grid.nz) return false;
  out[0] = clampCell(x0, grid.nx);
  out[1] = clampCell(y0, grid.ny);
  out[2] = clampCell(z0, grid.nz);
  out[3] = clampCell(x1, grid.nx);
  out[4] = clampCell(y1, grid.ny);
  out[5] = clampCell(z1, grid.nz);
  return true;
}

/** Cell range of triangle t's bounding box grown by `margin`. */
export function triangleCells(grid: TriangleGrid, positions: Float32Array, t: number, margin: number, out: Int32Array): boolean {
  const o = t * 9;
  return boxCells(
    grid,
    Math.min(positions[o], positions[o + 3], positions[o + 6]) - margin,
    Math.min(positions[o + 1], positions[o + 4], positions[o + 7]) - margin,
    Math.min(positions[o + 2], positions[o + 5], positions[o + 8]) - margin,
    Math.max(positions[o], positions[o + 3], positions[o + 6]) + margin,
    Math.max(positions[o + 1], positions[o + 4], positions[o + 7]) + margin,
    Math.max(positions[o + 2], positions[o + 5], positions[o + 8]) + margin,
    out,
  );
}
