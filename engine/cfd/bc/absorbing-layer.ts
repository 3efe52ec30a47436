/**
 * The outflow's absorbing layer: over the last cells of level 0 the flow is relaxed towards the
 * approach flow it entered with — the fringe region of Spalart and of Nordström, Nordin &
 * Henningson ("The fringe region technique and the Fourier method used in the direct numerical
 * simulation of spatially evolving viscous flows", SIAM J. Sci. Comput. 20, 1999), in the lattice
 * Boltzmann form of an absorbing layer that relaxes populations towards a target equilibrium
 * (Israeli & Orszag, J. Comput. Phys. 41, 1981; Xu & Sagaut, "Analysis of the absorbing layers for
 * the weakly-compressible lattice Boltzmann methods", J. Comput. Phys. 245, 2013).
 *
 * Only the equilibrium part moves: each cell's ρ and u are taken a fraction σ of the way to ρ = 1
 * and the approach column's velocity at its height, and its populations change by the difference of
 * the two equilibria, so its non-equilibrium part (its stress) is kept. A flow that already is the
 * approach flow is left exactly as it is. The sponge this replaces added viscosity instead, which
 * carried momentum down the profile and sped up the near-ground flow there and, through the
 * pressure, upstream of it, in an empty domain as well; relaxing ρ towards 1 still takes up the
 * pressure waves leaving the domain, and relaxing u takes up the wake's vortices.
 *
 * Applied after each even level-0 step, when every cell's post-collision populations sit in its
 * own slots (AA pattern: g_q in slot opp(q) of the cell).
 */
import { OPP as OPP_TABLE, CX as CX_TABLE, CY as CY_TABLE, CZ as CZ_TABLE, W as W_TABLE } from '../lattice/d3q19.ts';
import { f32, i32From } from '../grid/shared.ts';

const Q = 19;
const OPP = Int32Array.from(OPP_TABLE);
const CX = Float64Array.from(CX_TABLE),
  CY = Float64Array.from(CY_TABLE),
  CZ = Float64Array.from(CZ_TABLE),
  W = Float64Array.from(W_TABLE);

/**
 * σ at the outflow face. A parcel crossing a layer of N cells at the lattice speed 0.1 meets about
 * 10N/2 applications of σ·t² (mean σ/3): with 0.3, e^−5 of a wake's deficit is left for the
 * product's N = 10 and more; a sound wave (cs = 1/√3 cells per step) loses about an e-fold each way.
 * Below 1, and ramped, so no cell is forced abruptly.
 */
export const SPONGE_STRENGTH = 0.3;

export interface AbsorbingLayer {
  count: number;
  /** Padded cell index of each fluid cell in the layer. */
  cell: Int32Array;
  /** Fraction σ of the way to the target per application. */
  strength: Float32Array;
  /** Target streamwise velocity (lattice units of level 0): the approach column at the cell's height. */
  targetU: Float32Array;
}

/**
 * The layer's cells: fluid cells whose x index t = (i − (nx − 1 − cells))/cells lies in (0, 1), with
 * σ = strength·t² (a smooth ramp, so the layer's own gradient does not reflect), and the target
 * velocity of each layer k.
 */
export function buildAbsorbingLayer(
  cells: { i: number; k: number; x: number }[],
  nx: number,
  layerCells: number,
  strength: number,
  targetUByLayer: (k: number) => number,
): AbsorbingLayer | null {
  const cell: number[] = [],
    sigma: number[] = [],
    target: number[] = [];
  for (const c of cells) {
    const t = (c.i - (nx - 1 - layerCells)) / layerCells;
    if (t <= 0 || t >= 1) continue;
    cell.push(c.x);
    sigma.push(strength * t * t);
    target.push(targetUByLayer(c.k));
  }
  if (cell.length === 0) return null;
  const strengthArr = f32(sigma.length),
    targetU = f32(target.length);
  strengthArr.set(sigma);
  targetU.set(target);
  return { count: cell.length, cell: i32From(cell), strength: strengthArr, targetU };
}

/** Relaxes cells c0..c1 of a level's absorbing layer (populations f, n cells a slot; after an even step). */
export function absorb(f: Float32Array, n: number, layer: AbsorbingLayer, c0: number, c1: number): void {
  for (let c = c0; c < c1; c++) {
    const x = layer.cell[c];
    const s = layer.strength[c];
    // Post-collision g_q is in slot opp(q); the stored values are shifted (h = f − w).
    let rho = 1,
      jx = 0,
      jy = 0,
      jz = 0;
    for (let q = 0; q < Q; q++) {
      const h = f[OPP[q] * n + x];
      rho += h;
      jx += CX[q] * h;
      jy += CY[q] * h;
      jz += CZ[q] * h;
    }
    const ux = jx / rho,
      uy = jy / rho,
      uz = jz / rho;
    const rho2 = rho + s * (1 - rho);
    const ux2 = ux + s * (layer.targetU[c] - ux),
      uy2 = (1 - s) * uy,
      uz2 = (1 - s) * uz;
    const u2a = 1.5 * (ux * ux + uy * uy + uz * uz),
      u2b = 1.5 * (ux2 * ux2 + uy2 * uy2 + uz2 * uz2);
    for (let q = 0; q < Q; q++) {
      const cua = CX[q] * ux + CY[q] * uy + CZ[q] * uz;
      const cub = CX[q] * ux2 + CY[q] * uy2 + CZ[q] * uz2;
      const eqa = rho * (3 * cua + 4.5 * cua * cua - u2a);
      const eqb = rho2 * (3 * cub + 4.5 * cub * cub - u2b);
      f[OPP[q] * n + x] += W[q] * (rho2 - rho + eqb - eqa);
    }
  }
}
