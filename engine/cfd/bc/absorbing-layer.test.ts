import { describe, expect, it } from 'vitest';
import { absorb, buildAbsorbingLayer } from './absorbing-layer.ts';
import { CX, CY, CZ, OPP, Q, W } from '../lattice/d3q19.ts';

/** One cell's post-collision populations in AA even-step storage (g_q in slot opp(q)), shifted. */
function cellState(rho: number, u: [number, number, number], pxz: number): Float32Array {
  const f = new Float32Array(Q);
  const u2 = 1.5 * (u[0] ** 2 + u[1] ** 2 + u[2] ** 2);
  for (let q = 0; q < Q; q++) {
    const cu = CX[q] * u[0] + CY[q] * u[1] + CZ[q] * u[2];
    // Equilibrium plus a shear non-equilibrium part w_q·4.5·(2 c_x c_z Π_xz).
    f[OPP[q]] = W[q] * (rho - 1 + rho * (3 * cu + 4.5 * cu * cu - u2) + 4.5 * 2 * CX[q] * CZ[q] * pxz);
  }
  return f;
}

function moments(f: Float32Array): { rho: number; u: number[]; pxz: number } {
  let rho = 1,
    jx = 0,
    jy = 0,
    jz = 0,
    pxz = 0;
  for (let q = 0; q < Q; q++) {
    const h = f[OPP[q]];
    rho += h;
    jx += CX[q] * h;
    jy += CY[q] * h;
    jz += CZ[q] * h;
    pxz += CX[q] * CZ[q] * h;
  }
  const u = [jx / rho, jy / rho, jz / rho];
  return { rho, u, pxz: pxz - jx * u[2] };
}

describe("the outflow's absorbing layer", () => {
  // One cell at the outflow face's ramp depth t = 0.5 of a 4-cell layer in a 6-cell row: σ = 0.3/4.
  const layer = buildAbsorbingLayer([{ i: 3, k: 0, x: 0 }], 6, 4, 0.3, () => 0.08)!;

  it('ramps as the square of the depth and leaves the cells upstream of it out', () => {
    expect(layer.count).toBe(1);
    expect(layer.strength[0]).toBeCloseTo(0.3 * 0.25, 6);
    expect(buildAbsorbingLayer([{ i: 1, k: 0, x: 0 }], 6, 4, 0.3, () => 0.08)).toBeNull();
  });

  it('leaves the approach flow exactly as it is, its shear stress included', () => {
    const f = cellState(1, [0.08, 0, 0], -0.002);
    const before = Float32Array.from(f);
    absorb(f, 1, layer, 0, 1);
    for (let q = 0; q < Q; q++) expect(f[q]).toBeCloseTo(before[q], 7);
  });

  it('takes ρ and u a fraction σ of the way to ρ = 1 and the approach velocity, and keeps the stress', () => {
    const f = cellState(1.02, [0.02, 0.01, -0.005], -0.002);
    const m0 = moments(f);
    absorb(f, 1, layer, 0, 1);
    const m1 = moments(f);
    const s = layer.strength[0];
    expect(m1.rho).toBeCloseTo(m0.rho + s * (1 - m0.rho), 6);
    expect(m1.u[0]).toBeCloseTo(m0.u[0] + s * (0.08 - m0.u[0]), 6);
    expect(m1.u[1]).toBeCloseTo((1 - s) * m0.u[1], 6);
    expect(m1.u[2]).toBeCloseTo((1 - s) * m0.u[2], 6);
    expect(m1.pxz).toBeCloseTo(m0.pxz, 6);
  });
});
