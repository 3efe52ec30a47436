/**
 * The realizable k–ε closure, point by point: the coefficients of its ε equation and its
 * realizable Cμ. The transport of k and ε (advection, diffusion, the sources) is k-eps-transport.ts.
 *
 * Shih, Liou, Shabbir, Yang & Zhu, "A new k–ε eddy viscosity model for high Reynolds number
 * turbulent flows", Computers & Fluids 24 (1995) 227–238:
 *   Dε/Dt = ∇·((ν_t/σ_ε)∇ε) + C1·S·ε − C2·ε²/(k + √(νε)),
 *   C1 = max(0.43, η/(η + 5)), η = S·k/ε, C2 = 1.9, σ_k = 1, σ_ε = 1.2, S = √(2 S_ij S_ij),
 *   ν_t = Cμ·k²/ε, Cμ = 1/(A0 + A_s·U*·k/ε), U* = √(S_ij S_ij + Ω_ij Ω_ij),
 *   A_s = √6·cos φ, φ = ⅓·arccos(√6·W), W = S_ij S_jk S_ki / S̃³, S̃ = √(S_ij S_ij).
 * Why this model: it was built for the flows the one-equation k–ℓ closure gets wrong round a
 * building — strong irrotational strain at the windward face and the shear layer leaving a sharp
 * edge — where Cμ = 0.09 overstates the eddy viscosity; and its ε source, C1·S·ε, does not go
 * through the production of k, so ε follows the strain where k has not yet built up (a transported
 * length scale, which an algebraic ℓ from the wall distance cannot give).
 *
 * The log layer is an equilibrium of the model: with ε = u*³/(κz), k = u*²/√Cμ and ν_t = κu*z,
 * η = 1/√Cμ = 3.33, so C1 = 0.43 (η/(η + 5) = 0.40 is below the floor), and the ε equation's
 * diffusion u*⁴/(σ_ε z²) plus source C1·u*⁴/(κ²z²) balance the sink C2·√Cμ·u*⁴/(κ²z²) when
 * 1/σ_ε = (C2·√Cμ − C1)/κ² = 0.14/0.168 = 0.83: σ_ε = 1.2 to two figures (k-eps-transport.test.ts
 * holds an empty channel's column on it). A0 is set so that the log layer's Cμ is the closure's
 * Cμ0 = 0.09 (ANSYS Fluent's A0 = 4.04; OpenFOAM's 4.0 gives 0.0905):
 * in simple shear W = 0, A_s = 3/√2, U*·k/ε = 1/√Cμ, so A0 = (1 − A_s·√Cμ0)/Cμ0.
 */
import { C_MU } from '../bc/abl-inlet.ts';
import { CMU_THREE_QUARTERS } from './k-l-model.ts';

/** ε-equation coefficients of the realizable model (Shih et al. 1995). */
export const C2_EPS = 1.9;
export const SIGMA_EPS = 1.2;
const C1_FLOOR = 0.43;

const SQRT6 = Math.sqrt(6);
/** A_s of simple shear (W = 0): √6·cos(π/6) = 3/√2. */
const AS_SHEAR = 3 / Math.SQRT2;
/** A0 with which the log layer's equilibrium Cμ is the closure's Cμ0. */
const A0 = (1 - AS_SHEAR * Math.sqrt(C_MU)) / C_MU;

/** C1 of the ε source C1·S·ε from η = S·k/ε. */
export function c1Of(eta: number): number {
  return Math.max(C1_FLOOR, eta / (eta + 5));
}

/**
 * A_s·U* of a cell from its velocity gradient g (g[3a + b] = ∂u_a/∂x_b, from differences), the
 * differences' S:S and Ω:Ω, and the lattice's own |S| = √(2 S:S). W from the differences'
 * traceless strain (a ratio: their common error cancels); U* from the lattice's S:S and the
 * differences' Ω:Ω/S:S, so that in simple shear U* is exactly the strain the approach flow's
 * equilibrium is built on. Math.acos/Math.cos: this closure runs in JavaScript only.
 */
export function strainInvariantPart(g: Float64Array, s2: number, o2: number, strain: number): number {
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
  const as = SQRT6 * Math.cos(Math.acos(Math.min(1, Math.max(-1, SQRT6 * w))) / 3);
  const ss = 0.5 * strain * strain;
  const uStar = Math.sqrt(ss + ss * (s2 > 0 ? o2 / s2 : 1));
  return as * uStar;
}

/** The realizable Cμ from A_s·U* and k/ε; the standard Cμ0 where the part is negative (not computed). */
export function realizableCmu(part: number, kOverEps: number): number {
  return part < 0 ? C_MU : 1 / (A0 + part * kOverEps);
}

/** ε of the wall functions and of the log layer at the length ℓ = κ·d: Cμ^¾·k^{3/2}/ℓ (Launder & Spalding 1974). */
export function wallEpsilon(k: number, len: number): number {
  const kk = Math.max(k, 0);
  return (CMU_THREE_QUARTERS * kk * Math.sqrt(kk)) / len;
}

/** ν_t = Cμ·k²/ε with the realizable Cμ (part < 0: Cμ0); unbounded where ε is 0 and k is not. */
export function kEpsEddyViscosity(k: number, eps: number, part: number): number {
  if (!(k > 0)) return 0;
  if (!(eps > 0)) return Infinity;
  return (realizableCmu(part, k / eps) * k * k) / eps;
}
