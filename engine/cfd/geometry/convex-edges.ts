/**
 * The solid cells on a convex edge or corner of the voxelised buildings: a solid cell with open
 * (fluid) faces along at least two different axes — the roof's rim, a block's vertical corners.
 * These are where a flow separates from a sharp-edged building; the length of the turbulence
 * closure is limited near them (grid/build-hierarchy.ts closureLengths). Cells outside the box
 * count as closed, so a building cut by a level's box edge gets no edge there.
 */
export function convexEdges(solid: ArrayLike<number>, nx: number, ny: number, nz: number): Uint8Array {
  const out = new Uint8Array(nx * ny * nz);
  const open = (i: number, j: number, k: number) => i >= 0 && j >= 0 && k >= 0 && i < nx && j < ny && k < nz && !solid[i + nx * (j + ny * k)];
  for (let k = 0; k < nz; k++)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        if (!solid[i + nx * (j + ny * k)]) continue;
        const axes =
          (open(i - 1, j, k) || open(i + 1, j, k) ? 1 : 0) +
          (open(i, j - 1, k) || open(i, j + 1, k) ? 1 : 0) +
          (open(i, j, k - 1) || open(i, j, k + 1) ? 1 : 0);
        if (axes >= 2) out[i + nx * (j + ny * k)] = 1;
      }
  return out;
}
