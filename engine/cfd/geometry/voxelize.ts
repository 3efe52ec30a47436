/**
 * Voxelisation of STL triangle soup onto a level's cells by vertical ray casting (docs/reference/CFD.md §4):
 * for each column of cells, rays from above the domain are intersected with every triangle over
 * the column; going down, an upward-facing triangle enters a solid and a downward-facing one leaves
 * it, and a cell is solid where the count of solids it is inside is positive at its centre.
 *
 * Robust to what urban meshes do:
 * - open bottoms (extruded footprints without a floor): a roof with no matching floor keeps the
 *   column solid down to the ground;
 * - overlapping closed meshes: counting (not parity) keeps the overlap solid;
 * - edge and vertex grazing: three slightly jittered rays per column vote per cell (the majority
 *   of perturbed rays, as in NVIDIA Warp's mesh_query_point_sign_parity and pmndrs/bvh);
 * - inside-out files: a mesh whose signed volume is negative is flipped (and reported).
 * Cells whose centre is inside are solid, which places the halfway bounce-back wall within half a
 * cell of the true surface.
 */

export interface ColumnGrid {
  originM: readonly [number, number, number];
  dxM: number;
  nx: number;
  ny: number;
  nz: number;
}

export interface VoxelReport {
  /** Columns whose rays ended inside a solid at the ground (open bottoms, or holes). */
  openColumns: number;
  /** Columns that crossed two solids at once (overlapping meshes). */
  overlapColumns: number;
  /** Columns where a ray left a solid it had not entered (holes or flipped faces). */
  inconsistentColumns: number;
  /** The mesh's signed volume was negative, and it was flipped. */
  flipped: boolean;
  solidCells: number;
}

export class VoxelizeError extends Error {
  constructor(
    readonly file: string,
    message: string,
  ) {
    super(`${file}: ${message}`);
    this.name = 'VoxelizeError';
  }
}

/** Small, irrational-looking offsets (fractions of a cell) that keep rays off shared edges. */
const JITTER: ReadonlyArray<readonly [number, number]> = [
  [0.0137, 0.0071],
  [-0.0093, 0.0117],
  [0.0051, -0.0129],
];

/** Signed volume of a triangle soup (divergence theorem): positive when faces point outward. */
export function signedVolume(triangles: Float32Array): number {
  let v = 0;
  for (let t = 0; t + 8 < triangles.length; t += 9) {
    const ax = triangles[t],
      ay = triangles[t + 1],
      az = triangles[t + 2];
    const bx = triangles[t + 3],
      by = triangles[t + 4],
      bz = triangles[t + 5];
    const cx = triangles[t + 6],
      cy = triangles[t + 7],
      cz = triangles[t + 8];
    v += ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
  }
  return v / 6;
}

/** Checks a mesh can be voxelised at all; throws a VoxelizeError naming the file if not. */
export function checkVoxelizable(file: string, triangles: Float32Array): void {
  if (triangles.length === 0 || triangles.length % 9 !== 0) throw new VoxelizeError(file, 'has no triangles to voxelise');
  let area = 0;
  for (let t = 0; t < triangles.length; t += 9) {
    for (let c = 0; c < 9; c++) {
      if (!Number.isFinite(triangles[t + c])) throw new VoxelizeError(file, `triangle ${t / 9} has a coordinate that is not a finite number`);
    }
    const ux = triangles[t + 3] - triangles[t],
      uy = triangles[t + 4] - triangles[t + 1];
    const vx = triangles[t + 6] - triangles[t],
      vy = triangles[t + 7] - triangles[t + 1];
    area += Math.abs(ux * vy - uy * vx) / 2;
  }
  if (!(area > 0)) throw new VoxelizeError(file, 'has no area seen from above (every triangle is vertical or degenerate), so no cell can be inside it');
}

/**
 * Marks the cells of `grid` whose centres are inside the mesh (adds to `solid`, unpadded, i fastest
 * then j then k) and reports what it met. With `value` the mask records that value (e.g. a porous
 * coefficient) instead of 1.
 */
export function voxelize(file: string, triangles: Float32Array, grid: ColumnGrid, solid: Uint8Array | Float32Array, value = 1): VoxelReport {
  checkVoxelizable(file, triangles);
  const flip = signedVolume(triangles) < 0;
  const { originM, dxM, nx, ny, nz } = grid;
  const columns = nx * ny;
  // The columns a triangle's rays can hit (with the rays' jitter), clamped to the grid.
  const spanI = (lo: number, hi: number): [number, number] => [
    Math.max(0, Math.floor((lo - originM[0]) / dxM - 0.6)),
    Math.min(nx - 1, Math.ceil((hi - originM[0]) / dxM - 0.4)),
  ];
  const spanJ = (lo: number, hi: number): [number, number] => [
    Math.max(0, Math.floor((lo - originM[1]) / dxM - 0.6)),
    Math.min(ny - 1, Math.ceil((hi - originM[1]) / dxM - 0.4)),
  ];
  // Only the window of columns under the mesh's plan can be hit: hit lists for those alone (a
  // building is a small part of a level's columns, and a direction voxelises every file on every
  // level), the other columns have nothing to count.
  let planMinX = Infinity,
    planMaxX = -Infinity,
    planMinY = Infinity,
    planMaxY = -Infinity;
  for (let t = 0; t < triangles.length; t += 3) {
    planMinX = Math.min(planMinX, triangles[t]);
    planMaxX = Math.max(planMaxX, triangles[t]);
    planMinY = Math.min(planMinY, triangles[t + 1]);
    planMaxY = Math.max(planMaxY, triangles[t + 1]);
  }
  const [wi0, wi1] = spanI(planMinX, planMaxX),
    [wj0, wj1] = spanJ(planMinY, planMaxY);
  const wnx = Math.max(0, wi1 - wi0 + 1),
    wny = Math.max(0, wj1 - wj0 + 1);
  // Hits per column of the window and jitter: z and the sign of the face's upward normal.
  const hitZ: number[][] = Array.from({ length: wnx * wny * JITTER.length }, () => []);
  const hitS: number[][] = Array.from({ length: wnx * wny * JITTER.length }, () => []);
  for (let t = 0; t < triangles.length; t += 9) {
    const ax = triangles[t],
      ay = triangles[t + 1],
      az = triangles[t + 2];
    let bx = triangles[t + 3],
      by = triangles[t + 4],
      bz = triangles[t + 5];
    let cx = triangles[t + 6],
      cy = triangles[t + 7],
      cz = triangles[t + 8];
    if (flip) {
      [bx, cx] = [cx, bx];
      [by, cy] = [cy, by];
      [bz, cz] = [cz, bz];
    }
    // Twice the signed area in plan: > 0 faces up (counter-clockwise seen from above).
    const d = (bx - ax) * (cy - ay) - (by - ay) * (cx - ax);
    if (d === 0) continue;
    const sign = d > 0 ? 1 : -1;
    const minX = Math.min(ax, bx, cx),
      maxX = Math.max(ax, bx, cx);
    const minY = Math.min(ay, by, cy),
      maxY = Math.max(ay, by, cy);
    const [i0, i1] = spanI(minX, maxX),
      [j0, j1] = spanJ(minY, maxY);
    for (let j = j0; j <= j1; j++) {
      for (let i = i0; i <= i1; i++) {
        for (let r = 0; r < JITTER.length; r++) {
          const px = originM[0] + (i + 0.5 + JITTER[r][0]) * dxM;
          const py = originM[1] + (j + 0.5 + JITTER[r][1]) * dxM;
          // Barycentric coordinates in plan.
          const w1 = ((bx - px) * (cy - py) - (by - py) * (cx - px)) / d;
          const w2 = ((cx - px) * (ay - py) - (cy - py) * (ax - px)) / d;
          const w3 = 1 - w1 - w2;
          if (w1 < 0 || w2 < 0 || w3 < 0) continue;
          const z = w1 * az + w2 * bz + w3 * cz;
          const slot = ((j - wj0) * wnx + (i - wi0)) * JITTER.length + r;
          hitZ[slot].push(z);
          hitS[slot].push(sign);
        }
      }
    }
  }
  let openColumns = 0,
    overlapColumns = 0,
    inconsistentColumns = 0,
    solidCells = 0;
  const votes = new Uint8Array(nz);
  const order: number[] = [];
  for (let w = 0; w < wnx * wny; w++) {
    const col = (wj0 + Math.floor(w / wnx)) * nx + wi0 + (w % wnx);
    votes.fill(0);
    let open = false,
      overlap = false,
      inconsistent = false;
    for (let r = 0; r < JITTER.length; r++) {
      const zs = hitZ[w * JITTER.length + r],
        ss = hitS[w * JITTER.length + r];
      if (zs.length === 0) continue;
      order.length = 0;
      for (let h = 0; h < zs.length; h++) order.push(h);
      order.sort((a, b) => zs[b] - zs[a]);
      let count = 0,
        h = 0;
      for (let k = nz - 1; k >= 0; k--) {
        const zc = originM[2] + (k + 0.5) * dxM;
        while (h < order.length && zs[order[h]] >= zc) {
          const s = ss[order[h]];
          if (s > 0) count++;
          else if (count > 0) count--;
          else inconsistent = true;
          if (count > 1) overlap = true;
          h++;
        }
        if (count > 0) votes[k]++;
      }
      // Hits below the lowest cell centre still tell whether the column is closed.
      while (h < order.length) {
        const s = ss[order[h]];
        if (s > 0) count++;
        else if (count > 0) count--;
        h++;
      }
      if (count > 0) open = true;
    }
    if (open) openColumns++;
    if (overlap) overlapColumns++;
    if (inconsistent) inconsistentColumns++;
    for (let k = 0; k < nz; k++) {
      if (votes[k] * 2 > JITTER.length) {
        const at = col + columns * k;
        if (!solid[at]) solidCells++;
        solid[at] = value;
      }
    }
  }
  return { openColumns, overlapColumns, inconsistentColumns, flipped: flip, solidCells };
}
