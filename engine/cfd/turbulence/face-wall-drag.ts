/**
 * The building faces' wall model in the ground's form (a trial; docs/cfd-validation.md parts 24
 * and 25): the faces' links reflect specularly (grid/links.ts, LinkContext.slipSolids), and the
 * first cell's velocity along the face, u_t, takes the smooth wall's log-law drag,
 * Δu_t = −C_f·|u_t|·u_t per step with C_f = (u* / |u_t|)² and u* from |u_t| = (u* / κ)·ln(E·u*·d/ν)
 * (Launder & Spalding, "The numerical computation of turbulent flows", Comput. Methods Appl. Mech.
 * Eng. 3, 1974), d half a cell, ν air's.
 *
 * A cell whose faces lie across one axis, on one side, and that is not on the ground's first layer
 * carries a drag kind for that axis (grid/level.ts DRAG.FACE_X/Y/Z): every kernel applies the drag
 * each step and sets the cell's Π_neq across the face from the wall model, as the ground's first
 * layer does (solver/step.ts). C_f is refreshed here at each k pass from the pass's mean velocity
 * (it follows |u_t| only through a logarithm), and the cell's k production is the wall model's.
 * Every other face cell (one kind per cell: the ground's first layer, edges between two faces) is
 * braked here once per k pass, with its Π_neq left to its populations.
 */
import { KARMAN } from '../bc/abl-inlet.ts';
import { groundDistance } from '../bc/ground-lengths.ts';
import { addMomentum } from '../kernel/cell.ts';
import { DRAG, type Level, type SlowCells } from '../grid/level.ts';
import { ROLE, type KLevel } from './k-fields.ts';
import { i32From, u8 } from '../grid/shared.ts';

/** The smooth wall's log-law constant E, and the y⁺ where the log law meets the viscous sublayer. */
const E_SMOOTH = 9.793;
const Y_PLUS_SUBLAYER = 11.06;

/**
 * The first cell's gradient across a smooth face per unit friction velocity (lattice units): the
 * ground's lattice-consistent distance (bc/ground-lengths.ts) for z0 = 0, ∂u_t/∂n = u* / (κ·d_g(½)).
 */
export const FACE_SHEAR = 1 / (KARMAN * groundDistance(0.5));

/** u* of a smooth wall under a speed u₁ at distance d (any consistent units). */
export function smoothWallFrictionVelocity(speed: number, distance: number, viscosity: number): number {
  if (!(speed > 0)) return 0;
  let uStar = Math.sqrt((viscosity * speed) / distance);
  if ((uStar * distance) / viscosity <= Y_PLUS_SUBLAYER) return uStar;
  for (let i = 0; i < 8; i++) uStar = (KARMAN * speed) / Math.log((E_SMOOTH * uStar * distance) / viscosity);
  return uStar;
}

export interface FaceWall {
  /** Transported cells with a building face among their six neighbours. */
  cells: Int32Array;
  /** The faces' normal axes of each: 1 x, 2 y, 4 z. */
  normals: Uint8Array;
  /** The cell's index in the slow list where it carries a face kind, −1 where it is braked here. */
  slot: Int32Array;
  /** σ of a face kind's cell: +1 with the wall on its lower side along the axis, −1 on its upper. */
  side: Int8Array;
  /** Air's kinematic viscosity in lattice units of the level. */
  viscosity: number;
}

/**
 * The face cells of a level and their normals; those that can carry a face kind get it in the
 * slow list (dragKind, and drag 0 until the first k pass).
 */
export function faceWallOf(turb: KLevel, slow: SlowCells, px: number, pxy: number, viscosity: number): FaceWall {
  const slowIndex = new Map<number, number>();
  for (let s = 0; s < slow.count; s++) slowIndex.set(slow.cell[s], s);
  const cells: number[] = [],
    normals: number[] = [],
    slots: number[] = [],
    sides: number[] = [];
  const r = turb.role;
  const offsets = [1, px, pxy];
  for (const x of turb.cells) {
    let mask = 0,
      axis = -1,
      side = 0,
      walls = 0;
    for (let a = 0; a < 3; a++) {
      const below = r[x - offsets[a]] === ROLE.WALL,
        above = r[x + offsets[a]] === ROLE.WALL;
      if (!below && !above) continue;
      mask |= 1 << a;
      axis = a;
      side = below ? 1 : -1;
      walls += (below ? 1 : 0) + (above ? 1 : 0);
    }
    if (mask === 0) continue;
    const s = slowIndex.get(x) ?? -1;
    const single = walls === 1 && r[x] !== ROLE.GROUND && s >= 0 && slow.dragKind[s] === DRAG.NONE;
    if (single) {
      slow.dragKind[s] = DRAG.FACE_X + axis;
      slow.drag[s] = 0;
    }
    cells.push(x);
    normals.push(mask);
    slots.push(single ? s : -1);
    sides.push(single ? side : 0);
  }
  const n = u8(normals.length);
  n.set(normals);
  return { cells: i32From(cells), normals: n, slot: i32From(slots), side: Int8Array.from(sides), viscosity };
}

/**
 * Face cells c0..c1 at a k pass, populations at home, `steps` time steps of the level to come:
 * a face kind's cell gets its σ·√C_f for the kernels and the wall model's production
 * ν_t·(u*·FACE_SHEAR)²; any other is braked for the steps (implicitly, so the drag cannot reverse
 * the flow; kernel/cell.ts addMomentum). The velocity along the face is the pass's mean velocity.
 */
export function applyFaceWall(level: Level, turb: KLevel, wall: FaceWall, steps: number, c0: number, c1: number): void {
  const { f, pad, slow, nut } = level;
  const n = pad.n,
    u = turb.u;
  for (let c = c0; c < c1; c++) {
    const x = wall.cells[c],
      m = wall.normals[c];
    const ux = m & 1 ? 0 : u[3 * x],
      uy = m & 2 ? 0 : u[3 * x + 1],
      uz = m & 4 ? 0 : u[3 * x + 2];
    const speed = Math.hypot(ux, uy, uz);
    const uStar = smoothWallFrictionVelocity(speed, 0.5, wall.viscosity);
    const s = wall.slot[c];
    if (s >= 0) {
      slow.drag[s] = speed > 0 ? (wall.side[c] * uStar) / speed : 0;
      const shear = uStar * FACE_SHEAR;
      turb.prod[x] = nut[x] * shear * shear;
      continue;
    }
    if (!(speed > 0)) continue;
    const drag = ((uStar * uStar) / (speed * speed)) * speed * steps;
    const k = -drag / (1 + drag);
    addMomentum(f, n, x, k * ux, k * uy, k * uz);
  }
}
