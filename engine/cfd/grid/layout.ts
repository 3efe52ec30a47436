/**
 * Geometry of the multi-resolution grid: nested boxes of 2:1 levels.
 *
 * Level 0 is the whole domain at the coarsest spacing; each finer level is a box inside its parent,
 * aligned to the parent's cells, at half the spacing and (acoustic scaling) half the time step.
 * Every box starts at the ground (z = 0), which is where refinement pays: pedestrians, the wall
 * model and the building bases all sit there. Cells are cell-centred: cell (i, j, k) of a level
 * spans [x0 + i·dx, x0 + (i+1)·dx) and its centre is half a cell further.
 *
 * Storage is padded by one cell on every side, so every neighbour of a real cell has an index; a
 * cell (i, j, k) with i ∈ [−1, nx] is stored at (i+1) + (j+1)·px + (k+1)·px·py.
 */

export interface LevelBox {
  /** Cell size, m. */
  dxM: number;
  /** Solver-frame coordinates of the lower corner of cell (0, 0, 0), m (z is always 0). */
  originM: readonly [number, number, number];
  nx: number;
  ny: number;
  nz: number;
}

/** The levels in words for a log or a report: "10 m: 45×36×18, 5 m: 64×56×24, …". */
export function gridText(levels: ReadonlyArray<Pick<LevelBox, 'dxM' | 'nx' | 'ny' | 'nz'>>): string {
  return levels.map((b) => `${+b.dxM.toPrecision(4)} m: ${b.nx}×${b.ny}×${b.nz}`).join(', ');
}

export interface Padded {
  px: number;
  py: number;
  pz: number;
  pxy: number;
  n: number;
}

export function padded(box: LevelBox): Padded {
  const px = box.nx + 2,
    py = box.ny + 2,
    pz = box.nz + 2;
  return { px, py, pz, pxy: px * py, n: px * py * pz };
}

export function cellIndex(p: Padded, i: number, j: number, k: number): number {
  return i + 1 + (j + 1) * p.px + (k + 1) * p.pxy;
}

export function cellCentre(box: LevelBox, i: number, j: number, k: number): [number, number, number] {
  return [box.originM[0] + (i + 0.5) * box.dxM, box.originM[1] + (j + 0.5) * box.dxM, box.originM[2] + (k + 0.5) * box.dxM];
}

/**
 * Where a finer box sits in its parent: parent cells [ax, bx) × [ay, by) × [0, bz). Its own cells
 * are [0, 2(bx−ax)) × [0, 2(by−ay)) × [0, 2bz).
 */
export interface Placement {
  ax: number;
  bx: number;
  ay: number;
  by: number;
  bz: number;
}

export function childBox(parent: LevelBox, at: Placement): LevelBox {
  const dx = parent.dxM / 2;
  return {
    dxM: dx,
    originM: [parent.originM[0] + at.ax * parent.dxM, parent.originM[1] + at.ay * parent.dxM, 0],
    nx: 2 * (at.bx - at.ax),
    ny: 2 * (at.by - at.ay),
    nz: 2 * at.bz,
  };
}

/**
 * Depth of a parent cell inside a child's footprint: 0 on the outer ring (computed on the parent,
 * the source of the child's interface), 1 on the next ring (its state is restricted from the
 * child), ≥ 2 deeper (covered: never computed on the parent). −1 outside the footprint.
 */
export function depthInPlacement(at: Placement, i: number, j: number, k: number): number {
  if (i < at.ax || i >= at.bx || j < at.ay || j >= at.by || k < 0 || k >= at.bz) return -1;
  return Math.min(i - at.ax, at.bx - 1 - i, j - at.ay, at.by - 1 - j, at.bz - 1 - k);
}

/** Depth of a cell of a refined box from its own sides and top (0 = the interface ring). */
export function depthInBox(box: LevelBox, i: number, j: number, k: number): number {
  return Math.min(i, box.nx - 1 - i, j, box.ny - 1 - j, box.nz - 1 - k);
}
