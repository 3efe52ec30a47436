/**
 * The eight cells around a point of a level's box and their trilinear weights, as the solver's
 * readings and couplings interpolate between cell centres. Below the first cell centre the ground
 * is a wall: the first layer stands for the layer below (no extrapolation). Corners outside the box
 * or of zero weight are skipped; the caller decides which cells count (fluid, carrying k, …).
 */
import type { LevelBox } from './layout.ts';

export function forEachTrilinearCorner(box: LevelBox, x: number, y: number, z: number, visit: (i: number, j: number, k: number, weight: number) => void): void {
  const xi = (x - box.originM[0]) / box.dxM - 0.5,
    yj = (y - box.originM[1]) / box.dxM - 0.5,
    zk = (z - box.originM[2]) / box.dxM - 0.5;
  const i0 = Math.floor(xi),
    j0 = Math.floor(yj),
    k0 = Math.floor(zk);
  const tx = xi - i0,
    ty = yj - j0,
    tz = zk - k0;
  for (let c = 0; c < 8; c++) {
    const di = c & 1,
      dj = (c >> 1) & 1,
      dk = (c >> 2) & 1;
    const i = i0 + di,
      j = j0 + dj,
      k = Math.max(0, k0 + dk);
    const w = (di ? tx : 1 - tx) * (dj ? ty : 1 - ty) * (dk ? tz : 1 - tz);
    if (w <= 0 || i < 0 || j < 0 || i >= box.nx || j >= box.ny || k >= box.nz) continue;
    visit(i, j, k, w);
  }
}
