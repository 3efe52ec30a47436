import { describe, expect, it } from 'vitest';
import { C_MU, KARMAN } from '../bc/abl-inlet.ts';
import { CMU_THREE_QUARTERS, eddyViscosity, equilibriumK } from './k-l-model.ts';
import { A0, cosThirdArccos, realizableEddyViscosity, realizableStrainPart } from './realizable-cmu.ts';

/** S:S and Ω:Ω of a velocity gradient g[3a + b] = ∂u_a/∂x_b, and the lattice's |S| = √(2 S:S). */
function sums(g: Float64Array): { s2: number; o2: number; strain: number } {
  let s2 = 0,
    o2 = 0;
  for (let a = 0; a < 3; a++)
    for (let b = 0; b < 3; b++) {
      const s = 0.5 * (g[3 * a + b] + g[3 * b + a]),
        o = 0.5 * (g[3 * a + b] - g[3 * b + a]);
      s2 += s * s;
      o2 += o * o;
    }
  return { s2, o2, strain: Math.sqrt(2 * s2) };
}

/** ν_t of a cell with this gradient, k and ℓ under the realizable Cμ. */
function nutOf(g: Float64Array, k: number, len: number): number {
  const { s2, o2, strain } = sums(g);
  return realizableEddyViscosity(k, len, realizableStrainPart(g, s2, o2, strain, len));
}

/** Cμ = ν_t·ε/k² with the closure's dissipation ε = Cμ0^¾·k^{3/2}/ℓ. */
function cmuOf(g: Float64Array, k: number, len: number): number {
  const eps = (CMU_THREE_QUARTERS * k ** 1.5) / len;
  return (nutOf(g, k, len) * eps) / (k * k);
}

const shear = (G: number) => Float64Array.from([0, 0, G, 0, 0, 0, 0, 0, 0]);

describe('cos(⅓·arccos x) without a library', () => {
  it('is within 4·10⁻⁹ of Math.cos(Math.acos(x)/3) on [−1, 1], the ends included', () => {
    let worst = 0;
    for (let i = 0; i <= 200000; i++) {
      const x = -1 + i / 100000;
      worst = Math.max(worst, Math.abs(cosThirdArccos(x) - Math.cos(Math.acos(x) / 3)));
    }
    expect(worst).toBeLessThan(4e-9);
    expect(cosThirdArccos(-1)).toBeCloseTo(0.5, 8);
    expect(cosThirdArccos(1)).toBeCloseTo(1, 8);
  });
});

describe('the realizable Cμ (Shih, Liou, Shabbir, Yang & Zhu 1995)', () => {
  it('takes A0 = 4.04, the value that makes the log layer’s Cμ the standard 0.09', () => {
    expect(A0).toBeCloseTo(4.04, 3);
  });

  it('keeps the log layer’s equilibrium: in simple shear with k = u*²/√Cμ and ℓ = κz, ν_t = κu*z as with the standard Cμ', () => {
    for (const [uStar, z] of [
      [0.3, 2],
      [0.05, 0.5],
      [1.2, 30],
    ]) {
      const len = KARMAN * z,
        k = equilibriumK(uStar);
      const nut = nutOf(shear(uStar / len), k, len);
      expect(nut / (KARMAN * uStar * z)).toBeCloseTo(1, 7);
      expect(nut / eddyViscosity(k, len)).toBeCloseTo(1, 7);
      expect(cmuOf(shear(uStar / len), k, len)).toBeCloseTo(C_MU, 8);
    }
  });

  it('falls as the strain grows against k/ε, and rises towards 1/A0 where there is none', () => {
    const k = 1,
      len = 1;
    const equilibriumShear = 1 / Math.sqrt(C_MU) / (len / (CMU_THREE_QUARTERS * Math.sqrt(k)));
    const values = [0, 0.5, 1, 2, 5, 20].map((f) => cmuOf(shear(f * equilibriumShear), k, len));
    for (let i = 1; i < values.length; i++) expect(values[i]).toBeLessThan(values[i - 1]);
    expect(values[0]).toBeCloseTo(1 / A0, 10);
    expect(values[2]).toBeCloseTo(C_MU, 8);
    expect(values[5]).toBeLessThan(0.2 * C_MU);
  });

  it('keeps every modelled normal stress ⅔k − 2ν_t·S_αα positive in plane and axisymmetric strain, however strong', () => {
    const k = 0.5,
      len = 2;
    for (const s of [0.1, 1, 10, 1000]) {
      // Plane strain diag(s, −s, 0) and axisymmetric strain diag(−s/2, −s/2, s): the stagnation
      // region of a windward face, where the standard Cμ's normal stress turns negative.
      for (const diag of [
        [s, -s, 0],
        [-s / 2, -s / 2, s],
      ]) {
        const g = Float64Array.from([diag[0], 0, 0, 0, diag[1], 0, 0, 0, diag[2]]);
        const nut = nutOf(g, k, len);
        for (const sa of diag) expect((2 / 3) * k - 2 * nut * sa).toBeGreaterThanOrEqual(-1e-8 * k);
      }
    }
    // The standard Cμ does not: at strong plane strain its normal stress is negative.
    expect((2 / 3) * k - 2 * eddyViscosity(k, len) * 10).toBeLessThan(0);
  });

  it('gives no eddy viscosity without k', () => {
    expect(realizableEddyViscosity(0, 1, 0)).toBe(0);
    expect(realizableEddyViscosity(0, 1, 3)).toBe(0);
  });
});
