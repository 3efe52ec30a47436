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

/** 1/√3: the realizability bound's factor (realizableViscosity). */
export const REALIZABLE_FACTOR = 1 / Math.sqrt(3);

/**
 * ν_t = Cμ^¼·√k·ℓ, bounded by realizability: ν_t ≤ k/(√3·|S|), |S| = √(2 S:S), the eddy
 * viscosity above which the modelled normal stress along the strain's most stretching axis,
 * ⅔k − 2ν_t·λ_max, turns negative (λ_max ≤ |S|/√3 for a trace-free strain). This is Durbin's
 * time-scale bound on the stagnation-point anomaly ("On the k–ε stagnation point anomaly", Int. J.
 * Heat Fluid Flow 17, 1996, 89–90), T = min(k/ε, α/(√3·Cμ·|S|)), written for ν_t = Cμ·k·T, with
 * α = 1: realizability itself, no coefficient to choose. In an equilibrium shear layer ν_t·|S| =
 * √Cμ·k = 0.3·k, so the bound (0.577·k) is never reached there and the approach flow keeps the
 * mixing length's equilibrium; it acts where the strain is fast against the turbulence's own time
 * scale (|S|·k/ε above 1/(√3·Cμ) = 6.4, against 1/√Cμ = 3.3 in equilibrium): at a windward face
 * and a corner, and in a shear layer just separated from a sharp edge, where k has not yet built up
 * and an unbounded ν_t would be the standard model's excess mixing. A strain of zero (a prescribed
 * cell, or none measured yet) sets no bound.
 */
export function realizableViscosity(k: number, len: number, strain: number): number {
  const nut = eddyViscosity(k, len);
  return strain > 0 ? Math.min(nut, (REALIZABLE_FACTOR * Math.max(k, 0)) / strain) : nut;
}

/** k of an equilibrium log layer with friction velocity u*: u*²/√Cμ. */
export function equilibriumK(frictionVelocity: number): number {
  return (frictionVelocity * frictionVelocity) / Math.sqrt(C_MU);
}
