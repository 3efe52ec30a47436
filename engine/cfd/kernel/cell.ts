/**
 * The collision of one cell, written as loops over the lattice tables: used by the cells that are
 * not in the unrolled fast path (cells next to walls, the ground, the domain faces and the level
 * interfaces, porous cells) and by the prescribed cells. The physics is the same as the generated
 * kernel's (see kernel-source.ts); a test checks that both give the same post-collision state.
 *
 * Moment vector layout (MOMENTS = 10): ρ, ux, uy, uz, then a symmetric tensor xx, yy, zz, xy, xz, yz
 * (Π_neq for `moments`, the strain rate S for recorded and prescribed states).
 */
import * as lattice from '../lattice/d3q19.ts';

// Module-local copies: imported bindings can compile to getter calls (tsx, vite-node), which cost
// more than the arithmetic in these loops.
const Q = 19;
const CS2 = 1 / 3;
const CX = Int32Array.from(lattice.CX),
  CY = Int32Array.from(lattice.CY),
  CZ = Int32Array.from(lattice.CZ);
const W = Float64Array.from(lattice.W);

export const MOMENTS = 10;

/** Unrolled forms of momentsOfLoop and regularizedPostLoop (generated; a test checks they agree). */
export { momentsOf19 as momentsOf, regularizedPost19 as regularizedPost } from './aa-kernel.generated.ts';
import { regularizedPost19 } from './aa-kernel.generated.ts';

/** ρ, u and Π_neq of shifted populations h (h = f − w): the loop form (the unrolled one is momentsOf). */
export function momentsOfLoop(h: ArrayLike<number>, m: Float64Array): void {
  let rho = 1,
    jx = 0,
    jy = 0,
    jz = 0,
    sxx = 0,
    syy = 0,
    szz = 0,
    sxy = 0,
    sxz = 0,
    syz = 0;
  for (let q = 0; q < Q; q++) {
    const v = h[q],
      cx = CX[q],
      cy = CY[q],
      cz = CZ[q];
    rho += v;
    jx += cx * v;
    jy += cy * v;
    jz += cz * v;
    sxx += cx * cx * v;
    syy += cy * cy * v;
    szz += cz * cz * v;
    sxy += cx * cy * v;
    sxz += cx * cz * v;
    syz += cy * cz * v;
  }
  const ux = jx / rho,
    uy = jy / rho,
    uz = jz / rho;
  const iso = (rho - 1) * CS2;
  m[0] = rho;
  m[1] = ux;
  m[2] = uy;
  m[3] = uz;
  m[4] = sxx - iso - jx * ux;
  m[5] = syy - iso - jy * uy;
  m[6] = szz - iso - jz * uz;
  m[7] = sxy - jx * uy;
  m[8] = sxz - jx * uz;
  m[9] = syz - jy * uz;
}

/** Frobenius norm of a symmetric tensor stored as xx, yy, zz, xy, xz, yz from index `at`. */
export function tensorNorm(m: ArrayLike<number>, at: number): number {
  const xx = m[at],
    yy = m[at + 1],
    zz = m[at + 2],
    xy = m[at + 3],
    xz = m[at + 4],
    yz = m[at + 5];
  return Math.sqrt(xx * xx + yy * yy + zz * zz + 2 * (xy * xy + xz * xz + yz * yz));
}

/**
 * Relaxation time with the Smagorinsky closure from the non-equilibrium stress (Hou et al. 1996):
 * τ = ½(τ0 + √(τ0² + smag·|Π_neq|/ρ)), smag = 18√2·Cs², τ0 = 3ν0 + ½.
 */
export function relaxationTime(nu0: number, smag: number, piNorm: number, rho: number): number {
  const tau0 = 3 * nu0 + 0.5;
  return 0.5 * (tau0 + Math.sqrt(tau0 * tau0 + (smag * piNorm) / rho));
}

/**
 * Relaxation time from a strain rate S (lattice units): τ = 3(ν0 + Cs²·|S|) + ½, |S| = √(2 S:S) —
 * the same closure written for a state known by its strain, as prescribed cells are.
 */
export function relaxationTimeFromStrain(nu0: number, len2: number, strainNorm: number): number {
  return 3 * (nu0 + len2 * Math.SQRT2 * strainNorm) + 0.5;
}

/**
 * Regularised post-collision populations (shifted) from ρ, the equilibrium velocity (u plus any
 * forcing shift), Π_neq (m[4..9]) and τ: the loop form (the unrolled one is regularizedPost).
 */
export function regularizedPostLoop(rho: number, ux: number, uy: number, uz: number, m: Float64Array, tau: number, g: Float64Array): void {
  const c1 = 4.5 * (1 - 1 / tau);
  const u2 = 1.5 * (ux * ux + uy * uy + uz * uz);
  const pxx = m[4],
    pyy = m[5],
    pzz = m[6],
    pxy = m[7],
    pxz = m[8],
    pyz = m[9];
  const tr = (pxx + pyy + pzz) * CS2;
  for (let q = 0; q < Q; q++) {
    const cx = CX[q],
      cy = CY[q],
      cz = CZ[q];
    const cu = cx * ux + cy * uy + cz * uz;
    const qp = cx * cx * pxx + cy * cy * pyy + cz * cz * pzz + 2 * (cx * cy * pxy + cx * cz * pxz + cy * cz * pyz) - tr;
    g[q] = W[q] * (rho - 1 + rho * (3 * cu + 4.5 * cu * cu - u2) + c1 * qp);
  }
}

/**
 * The populations a cell in the state (ρ, u, S) sends out after its collision: f_eq(ρ, u) +
 * (1 − 1/τ)·f_neq with the pre-collision Π_neq = −2ρ·cs²·τ·S (Chapman–Enskog). `state` holds
 * ρ, u, S at `at`; `work` is a 10-element scratch vector.
 */
export function emitFromStrain(state: ArrayLike<number>, at: number, tau: number, work: Float64Array, g: Float64Array): void {
  const rho = state[at];
  const k = -2 * rho * CS2 * tau;
  for (let c = 0; c < 6; c++) work[4 + c] = k * state[at + 4 + c];
  regularizedPost19(rho, state[at + 1], state[at + 2], state[at + 3], work, tau, g);
}

/** Strain rate S = −Π_neq/(2ρ·cs²·τ) from a moment vector, written into out[at+4 .. at+9]. */
export function strainFromMoments(m: Float64Array, tau: number, out: Float32Array | Float64Array, at: number): void {
  const k = -1 / (2 * m[0] * CS2 * tau);
  for (let c = 0; c < 6; c++) out[at + 4 + c] = k * m[4 + c];
}

/**
 * |S| (without the √2 of |S| = √(2 S:S)) of a cell from its Π_neq (m[4..9]: xx, yy, zz, xy, xz, yz) when
 * the horizontal deviatoric stresses relax with τH and the others with τ: S = −Π/(2ρ·cs²·τ) per part.
 */
export function anisotropicStrainNorm(m: ArrayLike<number>, tau: number, tauH: number): number {
  const a = 1.5 / (m[0] * tau),
    ah = 1.5 / (m[0] * tauH);
  const mh = 0.5 * (m[4] + m[5]),
    dh = 0.5 * (m[4] - m[5]);
  const sxx = a * mh + ah * dh,
    syy = a * mh - ah * dh,
    szz = a * m[6],
    sxy = ah * m[7],
    sxz = a * m[8],
    syz = a * m[9];
  return Math.sqrt(sxx * sxx + syy * syy + szz * szz + 2 * (sxy * sxy + sxz * sxz + syz * syz));
}

/** The strain S (m[4..9] in place) from Π_neq with the horizontal deviatoric part's own τH. */
export function anisotropicStrainInPlace(m: Float64Array, tau: number, tauH: number): void {
  const ks = -1.5 / (m[0] * tau),
    ksh = -1.5 / (m[0] * tauH);
  const sm = 0.5 * ks * (m[4] + m[5]),
    sd = 0.5 * ksh * (m[4] - m[5]);
  m[4] = sm + sd;
  m[5] = sm - sd;
  m[6] *= ks;
  m[7] *= ksh;
  m[8] *= ks;
  m[9] *= ks;
}

/**
 * Adds the momentum (dux, duy, duz) to cell x, whose populations sit in their own slots (f_q in
 * slot q): each changes by w_q·3·(c_q·Δu), which adds ρ·Δu with ρ ≈ 1 and no mass. For body forces
 * and drags far smaller than the flow's own accelerations.
 */
export function addMomentum(f: Float32Array, n: number, x: number, dux: number, duy: number, duz: number): void {
  for (let q = 1; q < lattice.Q; q++) f[q * n + x] += 3 * lattice.W[q] * (lattice.CX[q] * dux + lattice.CY[q] * duy + lattice.CZ[q] * duz);
}
