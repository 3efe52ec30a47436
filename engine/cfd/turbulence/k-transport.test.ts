import { describe, expect, it } from 'vitest';
import { KARMAN } from '../bc/abl-inlet.ts';
import { ROLE } from './k-fields.ts';
import { CMU_QUARTER, eddyViscosity, equilibriumK } from './k-l-model.ts';
import { production, transportSubstep, type KGridView } from './k-transport.ts';

/** A box of nx × ny × nz cells with one padding cell around it (roles NONE), every inner cell FLUID. */
function box(nx: number, ny: number, nz: number) {
  const px = nx + 2,
    pxy = px * (ny + 2),
    n = pxy * (nz + 2);
  const at = (i: number, j: number, k: number) => i + 1 + (j + 1) * px + (k + 1) * pxy;
  const role = new Uint8Array(n).fill(ROLE.NONE);
  const cells: number[] = [];
  for (let k = 0; k < nz; k++)
    for (let j = 0; j < ny; j++)
      for (let i = 0; i < nx; i++) {
        role[at(i, j, k)] = ROLE.FLUID;
        cells.push(at(i, j, k));
      }
  const view: KGridView = {
    role,
    cells: Int32Array.from(cells),
    u: new Float32Array(3 * n),
    strain: new Float32Array(n),
    prod: new Float32Array(n),
    len: new Float32Array(n).fill(Infinity),
    groundDrag: 0,
    groundShear: 1,
  };
  return { view, at, n, offsets: [1, px, pxy] as const };
}

describe('k transport (first-order upwind, advective form)', () => {
  it('carries a blob of k at the flow speed and keeps its total, without production or dissipation', () => {
    const { view, at, n, offsets } = box(60, 1, 1);
    for (const x of view.cells) view.u[3 * x] = 0.1;
    let k = new Float32Array(n),
      next = new Float32Array(n);
    for (let i = 0; i < 60; i++) k[at(i, 0, 0)] = Math.exp(-(((i - 15) / 3) ** 2));
    const nut = new Float32Array(n);
    const moments = (a: Float32Array) => {
      let sum = 0,
        first = 0;
      for (let i = 0; i < 60; i++) {
        sum += a[at(i, 0, 0)];
        first += i * a[at(i, 0, 0)];
      }
      return { sum, centre: first / sum };
    };
    const before = moments(k);
    for (let s = 0; s < 100; s++) {
      transportSubstep(view, nut, k, next, 2, offsets, 0, view.cells.length);
      [k, next] = [next, k];
    }
    const after = moments(k);
    expect(after.centre - before.centre).toBeCloseTo(20, 0); // 100 substeps × 2 steps × 0.1
    expect(after.sum / before.sum).toBeCloseTo(1, 4);
  });

  it('diffuses by the eddy viscosity: a step in k spreads as erf with ν_t', () => {
    const { view, at, n, offsets } = box(80, 1, 1);
    let k = new Float32Array(n),
      next = new Float32Array(n);
    for (let i = 0; i < 80; i++) k[at(i, 0, 0)] = i < 40 ? 1 : 0;
    const nut = new Float32Array(n).fill(0.05);
    for (let s = 0; s < 200; s++) {
      transportSubstep(view, nut, k, next, 1, offsets, 0, view.cells.length);
      [k, next] = [next, k];
    }
    // After t = 200 with D = 0.05: k = ½·erfc((x − x0)/(2√(Dt))), x0 = 39.5; 2√(Dt) = 6.32.
    const erfc = (z: number) => {
      // Abramowitz & Stegun 7.1.26
      const t = 1 / (1 + 0.3275911 * Math.abs(z));
      const y = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429)))) * Math.exp(-z * z);
      return z >= 0 ? y : 2 - y;
    };
    for (const i of [34, 38, 41, 45]) expect(k[at(i, 0, 0)]).toBeCloseTo(0.5 * erfc((i - 39.5) / 6.32), 2);
  });

  it('keeps a uniform k uniform in a converging flow (no spurious source from a divergent lattice velocity)', () => {
    const { view, at, n, offsets } = box(10, 1, 1);
    for (let i = 0; i < 10; i++) view.u[3 * at(i, 0, 0)] = 0.1 - 0.01 * i;
    let k = new Float32Array(n).fill(0.02),
      next = new Float32Array(n);
    const nut = new Float32Array(n).fill(0.01);
    for (let s = 0; s < 20; s++) {
      transportSubstep(view, nut, k, next, 2, offsets, 0, view.cells.length);
      [k, next] = [next, k];
    }
    for (let i = 0; i < 10; i++) expect(k[at(i, 0, 0)]).toBeCloseTo(0.02, 6);
  });
});

describe('the production of k (Kato–Launder limiter)', () => {
  const nut = 0.02;
  const run = (field: (i: number, j: number) => [number, number]) => {
    const { view, at, n, offsets } = box(5, 5, 1);
    for (let j = 0; j < 5; j++)
      for (let i = 0; i < 5; i++) {
        const [u, v] = field(i, j);
        view.u[3 * at(i, j, 0)] = u;
        view.u[3 * at(i, j, 0) + 1] = v;
      }
    // The lattice's own strain of these fields: |S| = √(2 S:S).
    const x = at(2, 2, 0);
    view.strain[x] = 0.01;
    const k = new Float32Array(n);
    production(view, k, new Float32Array(n).fill(nut), offsets, 0, view.cells.length, new Float64Array(9));
    return view.prod[x];
  };

  it('is the standard ν_t·|S|² in a pure shear flow', () => {
    // u = 0.01·y: |S| = |Ω| = 0.01.
    expect(run((_i, j) => [0.01 * j, 0])).toBeCloseTo(nut * 0.01 * 0.01, 12);
  });

  it('vanishes in irrotational strain (a stagnation point flow), where the standard form would produce', () => {
    // u = 0.005·x, v = −0.005·y: |S| = 0.01, |Ω| = 0.
    expect(run((i, j) => [0.005 * (i - 2), -0.005 * (j - 2)])).toBe(0);
  });

  it('lies between the two in a mixed flow, in proportion to |Ω|/|S|', () => {
    // u = 0.01·y plus a strain: |Ω| < |S|.
    const p = run((i, j) => [0.01 * j + 0.005 * (i - 2), -0.005 * (j - 2)]);
    expect(p).toBeGreaterThan(0);
    expect(p).toBeLessThan(nut * 1e-4);
  });
});

describe('the equilibrium log layer', () => {
  it('keeps k = u*²/√Cμ in every layer of a log-law column, the first one by the wall function', () => {
    const nz = 20,
      z0 = 0.05,
      uStar = 0.004; // lattice units, cells of size 1
    const { view, at, n, offsets } = box(1, 1, nz);
    const cf = (KARMAN / Math.log((0.5 + z0) / z0)) ** 2;
    view.groundDrag = cf;
    view.groundShear = 1 / (KARMAN * (0.5 + z0)); // the log law's derivative per unit u*
    for (let k = 0; k < nz; k++) {
      const x = at(0, 0, k),
        z = k + 0.5;
      if (k === 0) view.role[x] = ROLE.GROUND;
      view.u[3 * x] = (uStar / KARMAN) * Math.log((z + z0) / z0);
      view.strain[x] = uStar / (KARMAN * (z + z0));
      view.len[x] = KARMAN * (z + z0);
    }
    const target = equilibriumK(uStar);
    let k = new Float32Array(n).fill(0.5 * target),
      next = new Float32Array(n);
    const nut = new Float32Array(n);
    const g = new Float64Array(9);
    for (let pass = 0; pass < 30000; pass++) {
      for (const x of view.cells) nut[x] = eddyViscosity(k[x], view.len[x]);
      production(view, k, nut, offsets, 0, view.cells.length, g);
      transportSubstep(view, nut, k, next, 2, offsets, 0, view.cells.length);
      [k, next] = [next, k];
    }
    for (let layer = 0; layer < nz; layer++) expect(k[at(0, 0, layer)] / target).toBeCloseTo(1, 2);
    // ν_t is then the log law's κu*z.
    expect(eddyViscosity(k[at(0, 0, 5)], view.len[at(0, 0, 5)])).toBeCloseTo(KARMAN * uStar * (5.5 + z0), 5);
    expect(CMU_QUARTER).toBeCloseTo(0.5477, 4);
  });
});
