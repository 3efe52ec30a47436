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
 *   - cells nearer a building face than the ground: there the building sets the turbulence
 *     length (its separation, its wake), not the ground's boundary layer, whose eddies near the
 *     ground are of size κz/Cμ^¾ ≈ 2.5z — under two cells of the finest level in its first layer
 *     — and stay modelled (RANS) as in the approach flow;
 *   - and cells high enough above the ground that its eddies are resolved (RESOLVED_GROUND_LENGTH):
 *     the zone then begins at the refined box's inflow face above that height, where the synthetic
 *     turbulence enters (bc/synthetic-inflow.ts). With the first criterion alone the zone began
 *     near the building, and the fluctuations handed over at the face crossed 10–17 m of RANS
 *     eddy viscosity first, which took most of them away (measured: 0.15–0.3 m²/s² of resolved k
 *     1.5 cells inside the face against the 0.36–0.43 handed over, on AIJ Case A).
 *   A level without any building cell has no zone (grid/build-hierarchy.ts), so an empty domain's
 *   approach flow is the k–ℓ closure's.
 */
import { CMU_QUARTER, CMU_THREE_QUARTERS } from './k-l-model.ts';

/** Yoshizawa & Horiuti's sub-grid viscosity constant (their C_ε ≈ 1.05 is not matched: see above). */
export const C_K = 0.07;
/** The DES constant of the k–ℓ length: ℓ_LES = C_DES·Δ makes ν_t = C_k·Δ·√k. */
export const C_DES = C_K / CMU_QUARTER;

/** ℓ = min(ℓ_RANS, C_DES·Δ), lengths in cells (Δ = 1). */
export function desLength(rans: number): number {
  return Math.min(rans, C_DES);
}

/**
 * The ground's turbulence length that a cell resolves: LES holds at least 80 % of the kinetic
 * energy (Pope, "Turbulent Flows", 2000, ch. 13) where the turbulence length L = k^{3/2}/ε is at
 * least 12 cells. With a Kolmogorov spectrum E = C·ε^{2/3}·κ^{−5/3} (C ≈ 1.5) cut at κ_c = π/Δ the
 * unresolved energy is (3/2)·C·(ε/κ_c)^{2/3}, a share 2.25·(κ_c·L)^{−2/3} of k: 20 % at
 * L = 12.0·Δ. In the k–ℓ closure L = ℓ/Cμ^¾, so the ground's boundary layer is resolved where its
 * length κ(z + z0) ≥ 12·Cμ^¾ = 1.97 cells (z ≥ 4.8 cells), and stays RANS below.
 */
export const RESOLVED_GROUND_LENGTH = 12 * CMU_THREE_QUARTERS;

/**
 * Whether a cell is in the LES zone: nearer a building face than the ground (the building sets the
 * eddies), or high enough that the ground's own eddies are resolved (RESOLVED_GROUND_LENGTH).
 * `toBuildingFace` and `heightAboveGround`: distances from the cell centre, cells (the face half a
 * cell beyond the nearest solid cell's centre; the ground at z = 0); `groundLength`: the RANS
 * length of the ground at the cell, κ(z + z0), cells.
 *
 * `baseBand` (cells, 0 by default; a trial): the zone also takes every cell within this distance of
 * a building face down to the ground. There the approach flow's boundary layer separates ahead of
 * the windward face and rolls up into the horseshoe vortex, whose legs run along the side walls: a
 * separated flow, the region DES means to resolve (Spalart et al. 1997), where the zone above keeps
 * RANS because the ground is nearer than the face. The junction-flow simulations of Paik,
 * Escauriaza & Sotiropoulos ("On the bimodal dynamics of the turbulent horseshoe vortex system in a
 * wing-body junction", Phys. Fluids 19, 2007) found the steady RANS vortex misplaced and weak, and
 * the resolved one in place.
 */
export function inDesZone(toBuildingFace: number, heightAboveGround: number, groundLength: number, baseBand = 0): boolean {
  return toBuildingFace < Math.max(heightAboveGround, baseBand) || groundLength >= RESOLVED_GROUND_LENGTH;
}
