/**
 * Where each population of a cell goes in an odd AA step, and where it comes from, when the
 * neighbour in that direction is not a cell that streams: halfway bounce-back on solid cells
 * (no-slip buildings), specular reflection on free-slip faces (the ground under the wall model,
 * the domain's sides and top), or an open face (prescribed cells at the inflow and outflow, and
 * the interface ring of a refined box, write into the padding and read nothing).
 *
 * The AA odd step at cell x reads f_q from slot opp(q) of x − c_q and writes the post-collision
 * f_q to slot q of x + c_q; the even step is local (see kernel-source.ts). Bounce-back therefore
 * reads f_q from the cell's own slot q and writes f_opp(q) there; a specular reflection reads the
 * mirrored population from the in-plane cell it left, s = x − c_q with the wall-normal components
 * dropped. Every slot a cell touches in an odd step belongs to it alone, which `checkDisjoint`
 * verifies in the tests.
 */
import { CX, CY, CZ, OPP, directionOf } from '../lattice/d3q19.ts';
import { cellIndex, type LevelBox, type Padded } from './layout.ts';
import { KIND } from './level.ts';

/** How each face of a level's box treats a link that leaves it. */
export type FaceKind = 'slip' | 'open' | 'periodic';

export interface Faces {
  xLow: FaceKind;
  xHigh: FaceKind;
  yLow: FaceKind;
  yHigh: FaceKind;
  zLow: FaceKind;
  zHigh: FaceKind;
}

export interface LinkContext {
  box: LevelBox;
  pad: Padded;
  kind: Uint8Array;
  faces: Faces;
  /**
   * Building faces reflect specularly, as the free-slip floor does, where the wall model brakes
   * the first cell instead (a trial, turbulence/face-wall-drag.ts); otherwise halfway bounce-back.
   */
  slipSolids?: boolean;
}

/** Inside the box and not a cell that streams: a building's solid cell. */
function solidAt(ctx: LinkContext, i: number, j: number, k: number): boolean {
  return kindAt(ctx, i, j, k) === KIND.INACTIVE;
}

/**
 * For a link of direction (cx, cy, cz) from cell (i, j, k) into a solid cell: the axes to mirror,
 * those whose one-axis step alone enters a solid (the face's normal); null at a convex edge or
 * corner, where no face is crossed alone (bounce-back there).
 */
function solidMirror(ctx: LinkContext, i: number, j: number, k: number, cx: number, cy: number, cz: number): Leaving | null {
  const mx = cx !== 0 && solidAt(ctx, i + cx, j, k),
    my = cy !== 0 && solidAt(ctx, i, j + cy, k),
    mz = cz !== 0 && solidAt(ctx, i, j, k + cz);
  return mx || my || mz ? { mx, my, mz, open: false } : null;
}

/** Wraps coordinates across periodic faces (the precursor column); others are left as they are. */
function wrap(ctx: LinkContext, i: number, j: number, k: number): [number, number, number] {
  const { box, faces } = ctx;
  if (faces.xLow === 'periodic') i = (i + box.nx) % box.nx;
  if (faces.yLow === 'periodic') j = (j + box.ny) % box.ny;
  if (faces.zLow === 'periodic') k = (k + box.nz) % box.nz;
  return [i, j, k];
}

/** The kind of cell (i, j, k), or null outside the box. */
function kindAt(ctx: LinkContext, i: number, j: number, k: number): number | null {
  const { box } = ctx;
  if (i < 0 || j < 0 || k < 0 || i >= box.nx || j >= box.ny || k >= box.nz) return null;
  return ctx.kind[cellIndex(ctx.pad, i, j, k)];
}

function streamable(ctx: LinkContext, i: number, j: number, k: number): boolean {
  const kind = kindAt(ctx, i, j, k);
  return kind !== null && kind !== KIND.INACTIVE;
}

interface Leaving {
  mx: boolean;
  my: boolean;
  mz: boolean;
  open: boolean;
}

/** Which faces the point (i, j, k) lies beyond, and whether any of them is open. */
function leaving(ctx: LinkContext, i: number, j: number, k: number): Leaving | null {
  const { box, faces } = ctx;
  const lowX = i < 0,
    highX = i >= box.nx,
    lowY = j < 0,
    highY = j >= box.ny,
    lowZ = k < 0,
    highZ = k >= box.nz;
  if (!lowX && !highX && !lowY && !highY && !lowZ && !highZ) return null;
  const open =
    (lowX && faces.xLow === 'open') ||
    (highX && faces.xHigh === 'open') ||
    (lowY && faces.yLow === 'open') ||
    (highY && faces.yHigh === 'open') ||
    (lowZ && faces.zLow === 'open') ||
    (highZ && faces.zHigh === 'open');
  return { mx: lowX || highX, my: lowY || highY, mz: lowZ || highZ, open };
}

/** Absolute index (into f) that receives the post-collision f_q of cell (i, j, k) in an odd step. */
export function writeSlot(ctx: LinkContext, i: number, j: number, k: number, q: number): number {
  const { pad } = ctx;
  const n = pad.n;
  const self = cellIndex(pad, i, j, k);
  if (q === 0) return self;
  const [ti, tj, tk] = wrap(ctx, i + CX[q], j + CY[q], k + CZ[q]);
  let out = leaving(ctx, ti, tj, tk);
  if (!out) {
    if (streamable(ctx, ti, tj, tk)) return q * n + cellIndex(pad, ti, tj, tk);
    out = ctx.slipSolids ? solidMirror(ctx, i, j, k, CX[q], CY[q], CZ[q]) : null;
    if (!out) return OPP[q] * n + self;
  }
  if (out.open) return q * n + cellIndex(pad, ti, tj, tk); // into the padding: nobody reads it
  const si = out.mx ? i : ti,
    sj = out.my ? j : tj,
    sk = out.mz ? k : tk;
  const qm = directionOf(out.mx ? -CX[q] : CX[q], out.my ? -CY[q] : CY[q], out.mz ? -CZ[q] : CZ[q]);
  if (si === i && sj === j && sk === k) return qm * n + self;
  return streamable(ctx, si, sj, sk) ? qm * n + cellIndex(pad, si, sj, sk) : OPP[q] * n + self;
}

/** Absolute index (into f) the incoming f_q of cell (i, j, k) is read from in an odd step. */
export function readSlot(ctx: LinkContext, i: number, j: number, k: number, q: number): number {
  const { pad } = ctx;
  const n = pad.n;
  const self = cellIndex(pad, i, j, k);
  if (q === 0) return self;
  const [si0, sj0, sk0] = wrap(ctx, i - CX[q], j - CY[q], k - CZ[q]);
  let out = leaving(ctx, si0, sj0, sk0);
  if (!out) {
    if (streamable(ctx, si0, sj0, sk0)) return OPP[q] * n + cellIndex(pad, si0, sj0, sk0);
    out = ctx.slipSolids ? solidMirror(ctx, i, j, k, -CX[q], -CY[q], -CZ[q]) : null;
    if (!out) return q * n + self;
  }
  if (out.open) return OPP[q] * n + cellIndex(pad, si0, sj0, sk0);
  const si = out.mx ? i : si0,
    sj = out.my ? j : sj0,
    sk = out.mz ? k : sk0;
  const qm = directionOf(out.mx ? -CX[q] : CX[q], out.my ? -CY[q] : CY[q], out.mz ? -CZ[q] : CZ[q]);
  if (si === i && sj === j && sk === k) return OPP[qm] * n + self;
  return streamable(ctx, si, sj, sk) ? OPP[qm] * n + cellIndex(pad, si, sj, sk) : q * n + self;
}

/** All 19 odd-step neighbour offsets of an interior cell, for the fast-path equivalence check. */
export function interiorReadSlot(pad: Padded, x: number, q: number): number {
  const o = CX[q] + CY[q] * pad.px + CZ[q] * pad.pxy;
  return OPP[q] * pad.n + x - o;
}

export function interiorWriteSlot(pad: Padded, x: number, q: number): number {
  const o = CX[q] + CY[q] * pad.px + CZ[q] * pad.pxy;
  return q * pad.n + x + o;
}

/**
 * The odd-step read slot of a first-layer cell whose only links that leave the level are through
 * the free-slip floor: an interior cell's, but a population arriving from below (c_z = +1) is the
 * specular reflection of readSlot, from the in-plane cell x − (c_x, c_y, 0).
 */
export function groundReadSlot(pad: Padded, x: number, q: number): number {
  if (CZ[q] !== 1) return interiorReadSlot(pad, x, q);
  return OPP[directionOf(CX[q], CY[q], -1)] * pad.n + x - CX[q] - CY[q] * pad.px;
}
