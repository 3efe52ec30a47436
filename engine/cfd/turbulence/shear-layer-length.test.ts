import { describe, expect, it } from 'vitest';
import { shearLayerFactor } from './shear-layer-length.ts';

/** VTM written out with matrices, independently of the unrolled form. */
function vtm(g: number[]): number {
  const G = [0, 1, 2].map((a) => [0, 1, 2].map((b) => g[3 * a + b]));
  const S = G.map((row, a) => row.map((_, b) => 0.5 * (G[a][b] + G[b][a])));
  const w = [G[2][1] - G[1][2], G[0][2] - G[2][0], G[1][0] - G[0][1]];
  const Sw = S.map((row) => row[0] * w[0] + row[1] * w[1] + row[2] * w[2]);
  const c = [Sw[1] * w[2] - Sw[2] * w[1], Sw[2] * w[0] - Sw[0] * w[2], Sw[0] * w[1] - Sw[1] * w[0]];
  const tr = S[0][0] + S[1][1] + S[2][2];
  const tr2 = S.flat().reduce((a, v) => a + v * v, 0);
  const w2 = w[0] ** 2 + w[1] ** 2 + w[2] ** 2;
  return (Math.sqrt(6) * Math.hypot(...c)) / (w2 * Math.sqrt(3 * tr2 - tr * tr));
}

describe('the shear-layer-adapted factor F_KH', () => {
  it('is its floor 0.1 in a plane shear layer (vorticity an eigenvector of the strain)', () => {
    // u = γz: ∂u/∂z = γ.
    expect(shearLayerFactor([0, 0, 2, 0, 0, 0, 0, 0, 0])).toBeCloseTo(0.1, 12);
    // The same layer with a stretching along the vorticity (y): still no tilting.
    expect(shearLayerFactor([0.3, 0, 2, 0, -0.6, 0, 0, 0, 0.3])).toBeCloseTo(0.1, 12);
  });

  it('is 1 without vorticity and where the vorticity is tilted (developed three-dimensional turbulence)', () => {
    expect(shearLayerFactor([1, 0, 0, 0, -0.5, 0, 0, 0, -0.5])).toBe(1);
    const g = [0.4, 1, 0.7, -0.3, -0.1, 0.9, 0.5, -0.8, -0.3];
    expect(vtm(g)).toBeGreaterThan(0.3);
    expect(shearLayerFactor(g)).toBe(1);
  });

  it('ramps linearly between VTM = 0.15 and 0.3', () => {
    // A plane shear with a small tilting strain added, scaled until VTM lies inside the ramp.
    for (const e of [0.05, 0.1, 0.2]) {
      const g = [0, 0, 2, 0, 0, e, 0, e, 0];
      const v = vtm(g);
      const expected = Math.max(0.1, Math.min(1, 0.1 + (0.9 * (v - 0.15)) / 0.15));
      expect(shearLayerFactor(g)).toBeCloseTo(expected, 10);
    }
  });
});
