/**
 * The building faces' wall model in the ground's form (a trial; docs/cfd-validation.md part 24):
 * the faces' links reflect specularly (grid/links.ts, LinkContext.slipSolids), and the first
 * cell's velocity along the face is braked by the smooth wall's log-law drag, Δu = −C_f·|u_t|·u_t
 * per step with C_f = (u* / u₁)² and u* from u₁ = (u* / κ)·ln(E·u*·d/ν) (Launder & Spalding,
 * "The numerical computation of turbulent flows", Comput. Methods Appl. Mech. Eng. 3, 1974), d half
 * a cell, ν air's. Unlike the ground, the first cell's Π_neq is left to its populations.
 */
import { KARMAN } from '../bc/abl-inlet.ts';
import { addMomentum } from '../kernel/cell.ts';
import type { Level } from '../grid/level.ts';
import { ROLE, type KLevel } from './k-fields.ts';
import { i32From, u8 } from '../grid/shared.ts';

/** The smooth wall's log-law constant E, and the y⁺ where the log law meets the viscous sublayer. */
const E_SMOOTH = 9.793;
const Y_PLUS_SUBLAYER = 11.06;

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
  /** Air's kinematic viscosity in lattice units of the level. */
  viscosity: number;
}

/** The face cells of a level and their normals. */
export function faceWallOf(turb: KLevel, px: number, pxy: number, viscosity: number): FaceWall {
  const cells: number[] = [],
    normals: number[] = [];
  for (const x of turb.cells) {
    const r = turb.role;
    const mask =
      (r[x + 1] === ROLE.WALL || r[x - 1] === ROLE.WALL ? 1 : 0) |
      (r[x + px] === ROLE.WALL || r[x - px] === ROLE.WALL ? 2 : 0) |
      (r[x + pxy] === ROLE.WALL || r[x - pxy] === ROLE.WALL ? 4 : 0);
    if (mask === 0) continue;
    cells.push(x);
    normals.push(mask);
  }
  const n = u8(normals.length);
  n.set(normals);
  return { cells: i32From(cells), normals: n, viscosity };
}

/**
 * The drag of `steps` time steps on face cells c0..c1, populations at home (after a k pass): the
 * velocity along the face from the pass's mean velocity, the drag taken implicitly so it cannot
 * reverse the flow (kernel/cell.ts addMomentum).
 */
export function brakeFaceCells(level: Level, turb: KLevel, wall: FaceWall, steps: number, c0: number, c1: number): void {
  const { f, pad } = level;
  const n = pad.n,
    u = turb.u;
  for (let c = c0; c < c1; c++) {
    const x = wall.cells[c],
      m = wall.normals[c];
    const ux = m & 1 ? 0 : u[3 * x],
      uy = m & 2 ? 0 : u[3 * x + 1],
      uz = m & 4 ? 0 : u[3 * x + 2];
    const speed = Math.hypot(ux, uy, uz);
    if (!(speed > 0)) continue;
    const uStar = smoothWallFrictionVelocity(speed, 0.5, wall.viscosity);
    const drag = ((uStar * uStar) / (speed * speed)) * speed * steps;
    const k = -drag / (1 + drag);
    addMomentum(f, n, x, k * ux, k * uy, k * uz);
  }
}
