/**
 * A zonal detached-eddy length for the one-equation k–ℓ closure: near the buildings the closure's
 * length becomes that of a one-equation sub-grid model, so the separated shear layers and the wake
 * are resolved (a large-eddy simulation there) while the approach flow and the ground's layer keep
 * the RANS length they were validated with.
 *
 * - Yoshizawa & Horiuti, "A statistically-derived subgrid-scale kinetic energy model for the
 *   large-eddy simulation of turbulent flows", J. Phys. Soc. Japan 54 (1985) 2834–2839: ν_t =
 *   C_k·Δ·√k and ε = C_ε·k^{3/2}/Δ with k the sub-grid kinetic energy, C_k ≈ 0.07, C_ε ≈ 1.05.
 *   The k–ℓ closure (k-l-model.ts: ν_t = Cμ^¼·√k·ℓ, ε = Cμ^¾·k^{3/2}/ℓ) is that model when
 *   ℓ = C_DES·Δ with C_DES = C_k/Cμ^¼ = 0.128: ν_t is then exactly Yoshizawa's, and the
 *   dissipation's constant comes out Cμ^¾/C_DES = Cμ/C_k = 1.29 instead of C_ε = 1.05 — close,
 *   and a one-equation model cannot match both with a single length.
 * - Spalart, Jou, Strelets & Allmaras, "Comments on the feasibility of LES for wings, and on a
 *   hybrid RANS/LES approach", 1st AFOSR Int. Conf. on DNS/LES (1997), and Strelets, "Detached eddy
 *   simulation of massively separated flows", AIAA 2001-0879 (the same switch in a two-equation
 *   model's length): ℓ = min(ℓ_RANS, C_DES·Δ).
 * - Applied everywhere, the switch would put the approach boundary layer in LES mode without any
 *   resolved turbulence to carry its stress (the modelled-stress depletion of Spalart, Deck, Shur,
 *   Squires, Strelets & Travin, "A new version of detached-eddy simulation, resistant to ambiguous
 *   grid densities", Theor. Comput. Fluid Dyn. 20, 2006): on the grids here ℓ_RANS = κ·d is never
 *   below C_DES·Δ (d ≥ ½ cell), so DES would be LES in every cell. Hence a zone, chosen by where
 *   the large eddies come from and whether the grid holds them:
 *   - only the finest level: there Δ is the smallest (b/8 on AIJ Case A), so a building of width b
 *     spans 8 cells and the eddies it sheds (of order b) are resolved; on coarser levels they are not;
 *   - only cells nearer a building face than the ground: there the building sets the turbulence
 *     length (its separation, its wake), not the ground's boundary layer, whose eddies near the
 *     ground are of size κz/Cμ^¾ ≈ 2.5z — under two cells of the finest level in its first layer
 *     — and stay modelled (RANS) as in the approach flow. The zone has no cell in an empty domain,
 *     so the approach flow is the k–ℓ closure's wherever no building is near.
 */
import { CMU_QUARTER } from './k-l-model.ts';

/** Yoshizawa & Horiuti's sub-grid constants. */
export const C_K = 0.07;
export const C_EPS = 1.05;
/** The DES constant of the k–ℓ length: ℓ_LES = C_DES·Δ makes ν_t = C_k·Δ·√k. */
export const C_DES = C_K / CMU_QUARTER;

/** ℓ = min(ℓ_RANS, C_DES·Δ), lengths in cells (Δ = 1). */
export function desLength(rans: number): number {
  return Math.min(rans, C_DES);
}

/**
 * Whether a cell is in the LES zone: nearer a building face than the ground. `toBuildingFace` and
 * `heightAboveGround`: distances from the cell centre, cells (the face half a cell beyond the
 * nearest solid cell's centre; the ground at z = 0).
 */
export function inDesZone(toBuildingFace: number, heightAboveGround: number): boolean {
  return toBuildingFace < heightAboveGround;
}
