/**
 * Height of a ground surface under a point: the highest ground triangle whose plan (x, y)
 * contains the point, interpolated linearly. Vertical ground triangles (kerbs, retaining walls)
 * have no plan area and are skipped.
 */
import { boxCells, buildTriangleGrid, type TriangleGrid } from './triangle-grid.ts';

export interface GroundHeight {
  /** Ground z under (x, y), or NaN when no ground triangle covers it. */
  at(x: number, y: number): number;
}

/** Points this close to a triangle's edge (in barycentric terms) count as inside, so seams are covered. */
const EDGE_SLACK = 1e-9;

export function groundHeightSampler(ground: Float32Array): GroundHeight {
  const grid: TriangleGrid = buildTriangleGrid(ground, { planar: true });
  const range = new Int32Array(6);
  return {
    at(x: number, y: number): number {
      if (!boxCells(grid, x, y, 0, x, y, 0, range)) return Number.NaN;
      const cell = range[1] * grid.nx + range[0];
      let best = Number.NaN;
      for (let i = grid.cellStart[cell]; i < grid.cellStart[cell + 1]; i++) {
        const o = grid.items[i] * 9;
        const ax = ground[o],
          ay = ground[o + 1],
          az = ground[o + 2];
        const bx = ground[o + 3] - ax,
          by = ground[o + 4] - ay,
          bz = ground[o + 5] - az;
        const cx = ground[o + 6] - ax,
          cy = ground[o + 7] - ay,
          cz = ground[o + 8] - az;
        const det = bx * cy - by * cx;
        if (Math.abs(det) < 1e-12) continue;
        const px = x - ax;
        const py = y - ay;
        const u = (px * cy - py * cx) / det;
        const v = (bx * py - by * px) / det;
        if (u < -EDGE_SLACK || v < -EDGE_SLACK || u + v > 1 + EDGE_SLACK) continue;
        const z = az + u * bz + v * cz;
        if (!(z <= best)) best = z;
      }
      return best;
    },
  };
}
