/**
 * The one-equation k–ℓ closure, point by point: the eddy viscosity and the dissipation from the
 * turbulent kinetic energy k and a prescribed length ℓ, and the production with a stagnation
 * limiter. The transport of k (advection by the mean flow, diffusion) is k-transport.ts.
 *
 * - Wolfshtein, "The velocity and temperature distribution in one-dimensional flow with turbulence
 *   augmentation and pressure gradient", Int. J. Heat Mass Transfer 12 (1969) 301–318: ν_t =
 *   Cμ^¼·√k·ℓ and ε = Cμ^¾·k^{3/2}/ℓ with ℓ = κ·d, d the distance to the nearest wall (the
 *   high-Reynolds-number form: wall functions take the viscous layer). In a log layer, where
 *   production balances dissipation, k = u*²/√Cμ and ν_t = κu*d — the mixing length's own
 *   equilibrium (ADR 11), so the approach flow is the same under either closure; k–ℓ differs
 *   where k is out of equilibrium: carried into a wake, built up along a shear layer, or not yet
 *   built up in a stagnation region.
 * - Kato & Launder, "The modelling of turbulent flow around stationary and vibrating square
 *   cylinders", 9th Symp. on Turbulent Shear Flows (1993), 10-4: P = ν_t·|S|·|Ω| instead of
 *   ν_t·|S|², which is the same in a shear flow (|S| = |Ω|) and vanishes in irrotational strain,
 *   where the standard form builds up the excessive k at the windward face that suppresses the
 *   roof's separation (the "stagnation-point anomaly" of standard k–ε, Durbin 1996).
 */
import { C_MU } from '../bc/abl-inlet.ts';

/** Cμ^¼ and Cμ^¾. */
export const CMU_QUARTER = C_MU ** 0.25;
export const CMU_THREE_QUARTERS = C_MU ** 0.75;
/** Turbulent Prandtl number of k (σ_k = 1, Launder & Spalding 1974). */
export const SIGMA_K = 1;

/** ν_t = Cμ^¼·√k·ℓ (any consistent units). */
export function eddyViscosity(k: number, len: number): number {
  return CMU_QUARTER * Math.sqrt(Math.max(k, 0)) * len;
}

/** k of an equilibrium log layer with friction velocity u*: u*²/√Cμ. */
export function equilibriumK(frictionVelocity: number): number {
  return (frictionVelocity * frictionVelocity) / Math.sqrt(C_MU);
}
