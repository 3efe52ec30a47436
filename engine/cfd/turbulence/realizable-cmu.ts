/**
 * A realizable Cμ for the k–ℓ closure: Shih, Liou, Shabbir, Yang & Zhu, "A new k–ε eddy viscosity
 * model for high Reynolds number turbulent flows", Computers & Fluids 24 (1995) 227–238:
 *
 *   Cμ = 1 / (A0 + A_s·U*·k/ε),  U* = √(S_ij S_ij + Ω_ij Ω_ij),
 *   A_s = √6·cos φ,  φ = ⅓·arccos(√6·W),  W = S_ij S_jk S_ki / S̃³,  S̃ = √(S_ij S_ij),
 *
 * with S the (traceless) strain rate and Ω the rotation rate. It keeps the modelled normal stresses
 * positive (realizability) where the strain is large against k/ε — at a windward face and in the
 * shear layer leaving a sharp edge — by lowering Cμ there, where the constant 0.09 of the standard
 * model gives the excessive eddy viscosity that keeps a separating shear layer attached.
 *
 * How it enters the k–ℓ closure (k-l-model.ts: ν_t = Cμ^¼·√k·ℓ, ε = Cμ^¾·k^{3/2}/ℓ, with the
 * standard Cμ0 = 0.09). The length ℓ fixes ε, as a transported ε would in k–ε; the realizable
 * model changes only the coefficient of ν_t = Cμ·k²/ε. With ε from the length,
 *   k/ε = ℓ/(Cμ0^¾·√k),
 *   ν_t = Cμ·k²/ε = k·ℓ / (Cμ0^¾·(A0·√k + A)),  A = A_s·U*·ℓ/Cμ0^¾,
 * so the strain part A depends on the flow only (it is computed with the production, per cell,
 * and kept until the eddy viscosities are set), and ν_t needs no division by k.
 *
 * The log layer's equilibrium is kept exactly. In simple shear dU/dz = G: S:S = Ω:Ω = G²/2, so
 * U* = G; the strain's eigenvalues are ±G/2 and 0, so S_ij S_jk S_ki = 0, W = 0, φ = π/6 and
 * A_s = √6·cos(π/6) = 3/√2. Production equal to dissipation, ν_t·G² = ε, gives
 * U*·k/ε = 1/√Cμ, so Cμ·(A0 + A_s/√Cμ) = 1. Shih et al. chose A0 so that the inertial sublayer's
 * Cμ is 0.09; OpenFOAM's realizableKE takes A0 = 4.0 (Cμ = 0.0905 in the log layer), ANSYS
 * Fluent's 4.04. Here A0 is derived from the closure's own Cμ0, A0 = (1 − A_s·√Cμ0)/Cμ0
 * = 4.0400 (4.04 to three figures), so the approach flow — validated with Cμ0 — is the same
 * equilibrium as before, to rounding. Where the strain is larger than the equilibrium's for the
 * given k (U*·k/ε > 1/√Cμ0), Cμ falls below 0.09; where it is smaller (a decaying wake), it rises
 * towards 1/A0 ≈ 0.25.
 *
 * cos(⅓·arccos x) without a library: WebAssembly has neither acos nor cos, and the k pass must
 * give the JavaScript reference's numbers to the bit (k-pass-wat.ts). With x = 2t² − 1 (t ∈ [0, 1]),
 * arccos x = 2·arccos t, so cos(⅓·arccos x) = cos(⅔·arccos t), t = √((1 + x)/2): analytic in t on
 * [0, 1] (the square-root branch point of the cubic 4h³ − 3h = x at x = −1 is taken by t), with its
 * nearest singularity at t = −1. COS_THIRD_ARCCOS below is its Chebyshev interpolant of degree 8 in
 * u = 2t − 1, written as a polynomial in u (ascending powers) and evaluated by Horner's rule from
 * the highest power: largest error 3.8·10⁻⁹ on [−1, 1] (realizable-cmu.test.ts checks against
 * Math.cos(Math.acos(x)/3)). Both evaluators — cosThirdArccos here and the WebAssembly emitter —
 * read this one coefficient list in this one order, so they round alike.
 */
import { C_MU } from '../bc/abl-inlet.ts';
import { CMU_THREE_QUARTERS } from './k-l-model.ts';

/** cos(⅓·arccos x) = Σ_n COS_THIRD_ARCCOS[n]·uⁿ, u = 2√((1 + x)/2) − 1. */
export const COS_THIRD_ARCCOS: readonly number[] = [
  0.7660444431189782, 0.24740904233629607, -0.015509181614407548, 0.0024666706653868834, -0.0005042150757789793, 0.00011530020061909994,
  -2.8600110962654505e-5, 8.983892780851936e-6, -2.445489561708038e-6,
];

export const SQRT6 = Math.sqrt(6);
/** A_s of simple shear (W = 0): √6·cos(π/6) = 3/√2. */
const AS_SHEAR = 3 / Math.SQRT2;
/** A0 with which the log layer's equilibrium Cμ is the closure's Cμ0 (see above). */
export const A0 = (1 - AS_SHEAR * Math.sqrt(C_MU)) / C_MU;

/** cos(⅓·arccos x) for x in [−1, 1] (clamped), by the polynomial above. */
export function cosThirdArccos(x: number): number {
  const t = Math.sqrt(0.5 * (1 + Math.min(1, Math.max(-1, x))));
  const u = 2 * t - 1;
  const c = COS_THIRD_ARCCOS;
  let y = c[c.length - 1];
  for (let n = c.length - 2; n >= 0; n--) y = y * u + c[n];
  return y;
}

/**
 * The strain part A = A_s·U*·ℓ/Cμ0^¾ of a cell, from the velocity gradient g (g[3a + b] =
 * ∂u_a/∂x_b, from differences), its strain and rotation sums s2 = S:S and o2 = Ω:Ω (the same
 * differences), the lattice's own |S| = √(2 S:S) and the length ℓ. W comes from the differences'
 * traceless strain (a ratio, so their common error cancels, as in the Kato–Launder ratio of
 * k-transport.ts); U* takes the lattice's S:S = |S|²/2 and the differences' Ω:Ω/S:S, so in simple
 * shear U* is exactly the lattice strain the approach flow's equilibrium is built on.
 */
export function realizableStrainPart(g: Float64Array, s2: number, o2: number, strain: number, len: number): number {
  const tr = (g[0] + g[4] + g[8]) / 3;
  const sxx = g[0] - tr,
    syy = g[4] - tr,
    szz = g[8] - tr;
  const sxy = 0.5 * (g[1] + g[3]),
    sxz = 0.5 * (g[2] + g[6]),
    syz = 0.5 * (g[5] + g[7]);
  const sd2 = sxx * sxx + syy * syy + szz * szz + 2 * (sxy * sxy + sxz * sxz + syz * syz);
  // S_ij S_jk S_ki of a traceless symmetric tensor is 3·det S.
  const det = sxx * (syy * szz - syz * syz) - sxy * (sxy * szz - syz * sxz) + sxz * (sxy * syz - syy * sxz);
  const w = sd2 > 0 ? (3 * det) / (sd2 * Math.sqrt(sd2)) : 0;
  const as = SQRT6 * cosThirdArccos(SQRT6 * w);
  const ss = 0.5 * strain * strain;
  const uStar = Math.sqrt(ss + ss * (s2 > 0 ? o2 / s2 : 1));
  return (as * uStar * len) / CMU_THREE_QUARTERS;
}

/** ν_t = k·ℓ / (Cμ0^¾·(A0·√k + A)): Cμ·k²/ε with the realizable Cμ (0 where k and A are 0). */
export function realizableEddyViscosity(k: number, len: number, a: number): number {
  const kk = Math.max(k, 0);
  const den = CMU_THREE_QUARTERS * (A0 * Math.sqrt(kk) + a);
  return den > 0 ? (len * kk) / den : 0;
}
