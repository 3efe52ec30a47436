/**
 * The arrays of the transported-k closure on one grid level, and how they are built: which cells
 * carry k and how each neighbour bounds them, the length ℓ, the inflow's k, and the stencils that
 * couple the levels (a finer level's ring takes k from its parent, the parent's cells under the
 * finer level take the mean of their children — the same places the populations are coupled,
 * grid/build-hierarchy.ts). Everything is a typed array on shared memory, so worker threads
 * step the same k (solver/step.ts, run/pool.ts).
 *
 * Units: k in lattice units of velocity squared, k·(dt/dx)², which is the same number on every
 * level (acoustic scaling keeps dt/dx); ℓ in cells of the level; ν_t in the level's lattice units.
 */
import { cellCentre, cellIndex, type LevelBox, type Padded } from '../grid/layout.ts';
import { KIND, SOURCE } from '../grid/level.ts';
import { f32, i32, i32From, u8 } from '../grid/shared.ts';
import { forEachTrilinearCorner } from '../grid/trilinear.ts';
import type { SyntheticInflow } from '../bc/synthetic-inflow.ts';
import type { ApproachSources } from '../bc/approach-sources.ts';
import type { FaceWall } from './face-wall-drag.ts';

/** What a cell is to the k equation. */
export const ROLE = {
  /** A solid cell: a wall (no flux of k; zero velocity half a cell away). */
  WALL: 0,
  /** A fluid cell away from the ground: k transported, produced and dissipated. */
  FLUID: 1,
  /** A fluid cell of the first layer: as FLUID, with the ground's wall function. */
  GROUND: 2,
  /** A prescribed cell: k given (inflow, outflow, the ring from the parent, the mean of the children). */
  GIVEN: 3,
  /** Padding or a covered cell: no flux; not used for gradients. */
  NONE: 4,
} as const;

/** The largest eddy viscosity handed to the collision (lattice units; τ ≤ 1.4). */
export const NUT_MAX = 0.3;

export interface KLevel {
  /** k per cell (padded indexing), and the buffer the next substep writes. */
  k: Float32Array;
  kNext: Float32Array;
  /** ℓ per cell, cells of this level. */
  len: Float32Array;
  /** Mean velocity at the last pass, lattice units: ux, uy, uz of cell x at 3x. */
  u: Float32Array;
  /** |S| = √(2 S:S) of each transported cell at the last pass, from its own Π_neq (lattice units). */
  strain: Float32Array;
  /** Production of k per step of this level at the last pass (lattice units). */
  prod: Float32Array;
  role: Uint8Array;
  /** The cells whose k is transported (FLUID and GROUND), ascending. */
  cells: Int32Array;
  /**
   * The ground's drag coefficient C_f (Δu = −C_f·|u_h|·u_h per step) and the wall model's shear
   * of the first layer per unit friction velocity (Level.wallShear).
   */
  groundDrag: number;
  groundShear: number;
  /** Cells given from the parent: cell, then 8 parent cells (−1: none) and weights. */
  ghostCell: Int32Array;
  ghostFrom: Int32Array;
  ghostWeight: Float32Array;
  /** Outflow cells and the upstream cell each copies. */
  outletCell: Int32Array;
  outletFrom: Int32Array;
  /** Cells given by the mean of their children on the next finer level: cell, then 8 child cells (−1: none). */
  restrictCell: Int32Array;
  restrictFrom: Int32Array;
  /**
   * The synthetic fluctuations added to the velocity of this level's inflow-face ring, where the
   * approach flow's modelled k enters a resolved (detached-eddy) zone; null elsewhere.
   */
  synthetic: SyntheticInflow | null;
  /**
   * With the shear-layer-adapted length: each detached-eddy zone cell's LES length C_DES·Δ (cells;
   * 0 outside the zone), which the k pass multiplies by F_KH into `len` (shear-layer-length.ts);
   * null otherwise.
   */
  desBase: Float32Array | null;
  /**
   * With the lateral length (a trial, lateral-length.ts): each cell's length without the ground's
   * limit (`free`, 0 where the ground does not limit it) and its own wall length (`wall`), which
   * the k pass blends into `len`, in cells whose strain is more than `above` horizontal; null otherwise.
   */
  lateral: { free: Float32Array; wall: Float32Array; above: number } | null;
  /**
   * With a measured approach flow held to the building (bc/approach-sources.ts): the body force and
   * the k source of each cell layer; null otherwise.
   */
  drive: ApproachSources | null;
  /** With the building faces' wall model (a trial, face-wall-drag.ts): its cells; null otherwise. */
  faceWall: FaceWall | null;
}

export interface KLevelSpec {
  box: LevelBox;
  pad: Padded;
  kind: Uint8Array;
  /** Unpadded solid mask of the level. */
  solid: Uint8Array;
  /** Prescribed cells: cell index and source (level.ts SOURCE). */
  preCell: Int32Array;
  preSource: Uint8Array;
  /** RESTRICT cells' children (8 per prescribed cell, −1: none), as the populations use them. */
  preSlots: Int32Array;
  /** The mixing length squared per cell (lattice units, padded): ℓ = √len2. */
  len2: Float32Array;
  groundDrag: number;
  groundShear: number;
}

/**
 * The k arrays of one level; `inflowK(z)` gives the approach flow's k at height z (lattice units),
 * with which every cell starts and the inflow face is held.
 */
export function buildKLevel(spec: KLevelSpec, inflowK: (zM: number) => number): KLevel {
  const { box, pad, kind, solid } = spec;
  const role = u8(pad.n).fill(ROLE.NONE);
  const len = f32(pad.n);
  for (let x = 0; x < pad.n; x++) len[x] = Math.sqrt(spec.len2[x]);
  const cells: number[] = [];
  for (let k = 0; k < box.nz; k++) {
    for (let j = 0; j < box.ny; j++) {
      for (let i = 0; i < box.nx; i++) {
        const x = cellIndex(pad, i, j, k);
        if (solid[i + box.nx * (j + box.ny * k)]) role[x] = ROLE.WALL;
        else if (kind[x] === KIND.FLUID) {
          role[x] = k === 0 ? ROLE.GROUND : ROLE.FLUID;
          cells.push(x);
        } else if (kind[x] === KIND.PRESCRIBED) role[x] = ROLE.GIVEN;
      }
    }
  }
  const k = f32(pad.n),
    kNext = f32(pad.n);
  for (let kk = 0; kk < box.nz; kk++) {
    const value = inflowK((kk + 0.5) * box.dxM);
    for (let x = (kk + 1) * pad.pxy; x < (kk + 2) * pad.pxy; x++) {
      if (role[x] === ROLE.WALL || role[x] === ROLE.NONE) continue;
      k[x] = value;
      kNext[x] = value;
    }
  }
  const outletCell: number[] = [],
    outletFrom: number[] = [],
    restrictCell: number[] = [],
    restrictFrom: number[] = [];
  for (let p = 0; p < spec.preCell.length; p++) {
    const x = spec.preCell[p];
    if (spec.preSource[p] === SOURCE.OUTLET) {
      outletCell.push(x);
      outletFrom.push(kind[x - 1] === KIND.FLUID ? x - 1 : x);
    } else if (spec.preSource[p] === SOURCE.RESTRICT) {
      restrictCell.push(x);
      for (let c = 0; c < 8; c++) restrictFrom.push(spec.preSlots[8 * p + c]);
    }
  }
  return {
    k,
    kNext,
    len,
    u: f32(3 * pad.n),
    strain: f32(pad.n),
    prod: f32(pad.n),
    role,
    cells: i32From(cells),
    groundDrag: spec.groundDrag,
    groundShear: spec.groundShear,
    ghostCell: i32(0),
    ghostFrom: i32(0),
    ghostWeight: f32(0),
    outletCell: i32From(outletCell),
    outletFrom: i32From(outletFrom),
    restrictCell: i32From(restrictCell),
    restrictFrom: i32From(restrictFrom),
    synthetic: null,
    desBase: null,
    lateral: null,
    drive: null,
    faceWall: null,
  };
}

/**
 * Trilinear stencil, over the parent's cells that carry k, of the point at the centre of fine
 * cell (i, j, k): up to 8 parent cells and weights summing to 1 (none when no parent cell carries k).
 */
export function parentStencil(
  parent: { box: LevelBox; pad: Padded; role: Uint8Array },
  fineBox: LevelBox,
  i: number,
  j: number,
  k: number,
  from: number[],
  weight: number[],
): void {
  const [cx, cy, cz] = cellCentre(fineBox, i, j, k);
  const at = from.length;
  let total = 0;
  forEachTrilinearCorner(parent.box, cx, cy, cz, (ci, cj, ck, w) => {
    const x = cellIndex(parent.pad, ci, cj, ck);
    const r = parent.role[x];
    if (r !== ROLE.FLUID && r !== ROLE.GROUND && r !== ROLE.GIVEN) return;
    from.push(x);
    weight.push(w);
    total += w;
  });
  for (let s = at; s < weight.length; s++) weight[s] /= total;
  while (from.length < at + 8) {
    from.push(-1);
    weight.push(0);
  }
}

/** The ring of a finer level (its prescribed GHOST cells) takes k from the parent: the stencils. */
export function linkToParent(
  parent: { box: LevelBox; pad: Padded; turb: KLevel },
  fine: { box: LevelBox; pad: Padded; turb: KLevel; pre: { cell: Int32Array; source: Uint8Array; count: number } },
): void {
  const cells: number[] = [],
    from: number[] = [],
    weight: number[] = [];
  const { pad } = fine;
  for (let p = 0; p < fine.pre.count; p++) {
    if (fine.pre.source[p] !== SOURCE.GHOST) continue;
    const x = fine.pre.cell[p];
    const k = Math.floor(x / pad.pxy) - 1,
      j = Math.floor((x % pad.pxy) / pad.px) - 1,
      i = (x % pad.px) - 1;
    cells.push(x);
    const at = from.length;
    parentStencil({ box: parent.box, pad: parent.pad, role: parent.turb.role }, fine.box, i, j, k, from, weight);
    // The parent's first layer holds the wall function's k, not the flow's k at the fine cells'
    // heights: its production is the wall model's, P = ν_t·(u*·G)², G 0.70–0.84 of the log law's
    // derivative (build-hierarchy.ts wallShearPerFrictionVelocity), so its equilibrium is
    // (κ(½ + z0)·G)² ≈ 0.5–0.7 of the surface layer's u*²/√Cμ, the level's own wall-function value.
    // Every fine cell in that layer's footprint lies higher in the wall units of its own level, and
    // the fine first layer makes its own wall-function k. So the ring takes the layer above the
    // parent's first layer instead (in the surface layer k is constant with height, Launder &
    // Spalding 1974): interpolated from the first layer, the ring fed the fine level a k 10–20 %
    // low, and with it ν_t, and the approach flow entered every finer level 1.5–3 % slow near the
    // ground (measured on the empty domain through the product pipeline, docs/cfd-validation.md).
    for (let c = at; c < at + 8; c++) {
      const px = from[c];
      if (px < 0 || parent.turb.role[px] !== ROLE.GROUND) continue;
      const up = px + parent.pad.pxy;
      const r = parent.turb.role[up];
      if (r === ROLE.FLUID || r === ROLE.GIVEN) from[c] = up;
    }
  }
  fine.turb.ghostCell = i32From(cells);
  fine.turb.ghostFrom = i32From(from);
  const w = f32(weight.length);
  w.set(weight);
  fine.turb.ghostWeight = w;
}
