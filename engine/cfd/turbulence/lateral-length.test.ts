import { describe, expect, it } from 'vitest';
import { anisotropicStrainInPlace, anisotropicStrainNorm, horizontalStrainShare } from './lateral-length.ts';

/** A velocity gradient g[3a + b] = ∂u_a/∂x_b from a list of (a, b, value). */
const grad = (...entries: Array<[number, number, number]>) => {
  const g = new Float64Array(9);
  for (const [a, b, v] of entries) g[3 * a + b] = v;
  return g;
};

/** The gradient turned by θ about z: R g Rᵀ. */
function turned(g: Float64Array, theta: number): Float64Array {
  const c = Math.cos(theta),
    s = Math.sin(theta);
  const R = [c, -s, 0, s, c, 0, 0, 0, 1];
  const out = new Float64Array(9);
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) {
      let v = 0;
      for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) v += R[3 * i + a] * g[3 * a + b] * R[3 * j + b];
      out[3 * i + j] = v;
    }
  return out;
}

describe('the horizontal share of the strain', () => {
  it('is 0 in the approach flow’s shear dU/dz and in dV/dz: the ground’s length stays', () => {
    expect(horizontalStrainShare(grad([0, 2, 0.3]))).toBe(0);
    expect(horizontalStrainShare(grad([0, 2, 0.3], [1, 2, -0.1]))).toBe(0);
  });

  it('is 1 in a lateral shear dU/dy and in horizontal plane strain', () => {
    expect(horizontalStrainShare(grad([0, 1, 0.4]))).toBeCloseTo(1, 12);
    expect(horizontalStrainShare(grad([0, 0, 0.2], [1, 1, -0.2]))).toBeCloseTo(1, 12);
  });

  it('is the same whichever way the flow turns about the vertical', () => {
    const g = grad([0, 1, 0.4], [0, 2, 0.3], [0, 0, -0.1], [2, 2, 0.1], [1, 0, 0.05]);
    const share = horizontalStrainShare(g);
    expect(share).toBeGreaterThan(0.3);
    expect(share).toBeLessThan(0.7);
    for (const theta of [0.3, 1.1, 2.5, -0.7]) expect(horizontalStrainShare(turned(g, theta))).toBeCloseTo(share, 12);
  });

  it('is 0 without strain (rest, or solid-body rotation about z)', () => {
    expect(horizontalStrainShare(new Float64Array(9))).toBe(0);
    expect(horizontalStrainShare(grad([0, 1, -0.3], [1, 0, 0.3]))).toBe(0);
  });
});

describe('the strain of the anisotropic form', () => {
  const S = [0.01, -0.004, -0.006, 0.003, 0.002, -0.001];
  const rho = 1.02;
  /** Π_neq from S as a prescribed cell builds it: −2ρ·cs²·τ per part, τH for the horizontal deviatoric one. */
  const piOf = (tau: number, tauH: number) => {
    const kp = (-2 * rho * tau) / 3,
      kph = (-2 * rho * tauH) / 3;
    const pm = 0.5 * kp * (S[0] + S[1]),
      pd = 0.5 * kph * (S[0] - S[1]);
    return Float64Array.from([rho, 0, 0, 0, pm + pd, pm - pd, kp * S[2], kph * S[3], kp * S[4], kp * S[5]]);
  };

  it('gives back the strain a prescribed cell was built from, whatever the two relaxation times', () => {
    for (const [tau, tauH] of [
      [0.51, 0.51],
      [0.52, 0.9],
      [0.7, 0.55],
    ]) {
      const m = piOf(tau, tauH);
      anisotropicStrainInPlace(m, tau, tauH);
      S.forEach((s, c) => expect(m[4 + c]).toBeCloseTo(s, 14));
      const norm = Math.sqrt(S[0] ** 2 + S[1] ** 2 + S[2] ** 2 + 2 * (S[3] ** 2 + S[4] ** 2 + S[5] ** 2));
      expect(anisotropicStrainNorm(piOf(tau, tauH), tau, tauH)).toBeCloseTo(norm, 14);
    }
  });

  it('is the isotropic strain when the two relaxation times agree', () => {
    const m = piOf(0.6, 0.6);
    const iso = Array.from(m.subarray(4), (p) => (-1.5 / (rho * 0.6)) * p);
    anisotropicStrainInPlace(m, 0.6, 0.6);
    iso.forEach((s, c) => expect(m[4 + c]).toBeCloseTo(s, 15));
  });
});
