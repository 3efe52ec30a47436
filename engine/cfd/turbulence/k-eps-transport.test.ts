import { describe, expect, it } from 'vitest';
import { C_MU, KARMAN } from '../bc/abl-inlet.ts';
import { ROLE } from './k-fields.ts';
import { equilibriumK } from './k-l-model.ts';
import { C2_EPS, kEpsEddyViscosity, realizableCmu, strainInvariantPart, wallEpsilon } from './k-eps-model.ts';
import { cmuParts, kEpsSubstep, type KEpsView } from './k-eps-transport.ts';
import { production } from './k-transport.ts';

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
  const view: KEpsView = {
    role,
    cells: Int32Array.from(cells),
    u: new Float32Array(3 * n),
    strain: new Float32Array(n),
    prod: new Float32Array(n),
    len: new Float32Array(n).fill(Infinity),
    groundDrag: 0,
    groundShear: 1,
    cmuPart: new Float32Array(n).fill(-1),
    nuMolecular: 0,
  };
  return { view, at, n, offsets: [1, px, pxy] as const };
}

describe('the realizable k–ε column of an empty channel', () => {
  it('holds the log law’s equilibrium ε = u*³/(κz) and k = u*²/√Cμ in every layer, the first by the wall function', () => {
    const nz = 24,
      uStar = 0.004; // lattice units, cells of size 1, a smooth wall (z0 → 0 against the cells)
    const { view, at, n, offsets } = box(1, 1, nz + 1);
    const zOf = (layer: number) => layer + 0.5;
    view.groundDrag = 1; // the ground's shear u*·G, with |u| set to u* below
    view.groundShear = 1 / (KARMAN * zOf(0));
    const target = equilibriumK(uStar);
    const epsOf = (layer: number) => uStar ** 3 / (KARMAN * zOf(layer));
    let k = new Float32Array(n),
      kNext = new Float32Array(n),
      e = new Float32Array(n),
      eNext = new Float32Array(n);
    for (let layer = 0; layer <= nz; layer++) {
      const x = at(0, 0, layer),
        z = zOf(layer);
      if (layer === 0) view.role[x] = ROLE.GROUND;
      if (layer === nz) view.role[x] = ROLE.GIVEN; // the column above, held at the log law
      view.u[3 * x] = layer === 0 ? uStar : (uStar / KARMAN) * Math.log(z / 0.01);
      view.strain[x] = uStar / (KARMAN * z);
      view.len[x] = KARMAN * z;
      // Start half-way off, both ways: the column must find its equilibrium, not keep it.
      k[x] = kNext[x] = layer === nz ? target : 0.6 * target;
      e[x] = eNext[x] = layer === nz ? epsOf(layer) : 1.7 * epsOf(layer);
    }
    view.cells = view.cells.filter((x) => view.role[x] !== ROLE.GIVEN);
    const nut = new Float32Array(n);
    const g = new Float64Array(9);
    const viscosities = () => {
      for (let layer = 0; layer <= nz; layer++) {
        const x = at(0, 0, layer);
        nut[x] = kEpsEddyViscosity(k[x], e[x], view.cmuPart[x]);
      }
    };
    for (let pass = 0; pass < 40000; pass++) {
      viscosities();
      production(view, k, nut, offsets, 0, view.cells.length, g);
      cmuParts(view, offsets, 0, view.cells.length, g);
      kEpsSubstep(view, nut, k, kNext, e, eNext, 2, offsets, 0, view.cells.length);
      [k, kNext] = [kNext, k];
      [e, eNext] = [eNext, e];
    }
    // Every layer, the wall function's first included: ε within 2.5 %, k within 4 %, ν_t (the
    // log law's κu*z) within 5 %; with the arithmetic face mean of ν_t for ε, ε fell 5–8 % low.
    for (let layer = 0; layer < nz; layer++) {
      const x = at(0, 0, layer);
      expect(Math.abs(e[x] / epsOf(layer) - 1), `ε at layer ${layer}`).toBeLessThan(0.025);
      expect(Math.abs(k[x] / target - 1), `k at layer ${layer}`).toBeLessThan(0.04);
      expect(Math.abs(nut[x] / (KARMAN * uStar * zOf(layer)) - 1), `ν_t at layer ${layer}`).toBeLessThan(0.05);
    }
  });
});

describe('the sources and sinks', () => {
  it('decays homogeneous turbulence by the model’s power law, k ∝ (1 + t/t0)^(−1/(C2 − 1)) (no strain, no production)', () => {
    const { view, at, n, offsets } = box(3, 3, 3);
    const k0 = 0.01,
      e0 = 1e-5;
    let k = new Float32Array(n).fill(k0),
      kNext = new Float32Array(n),
      e = new Float32Array(n).fill(e0),
      eNext = new Float32Array(n);
    const nut = new Float32Array(n).fill(0.01);
    const dt = 0.5;
    const steps = 8000;
    for (let s = 0; s < steps; s++) {
      kEpsSubstep(view, nut, k, kNext, e, eNext, dt, offsets, 0, view.cells.length);
      [k, kNext] = [kNext, k];
      [e, eNext] = [eNext, e];
    }
    const decay = 1 / (C2_EPS - 1);
    const t0 = (decay * k0) / e0;
    const t = steps * dt;
    const x = at(1, 1, 1);
    expect(k[x] / (k0 * (1 + t / t0) ** -decay)).toBeCloseTo(1, 2);
    expect(e[x] / ((k0 * decay) / t0) / (1 + t / t0) ** (-decay - 1)).toBeCloseTo(1, 2);
  });

  it('keeps k and ε positive and finite however stiff the sinks are against the substep', () => {
    const { view, at, n, offsets } = box(3, 1, 1);
    const k = new Float32Array(n).fill(1e-6),
      kNext = new Float32Array(n),
      e = new Float32Array(n).fill(1),
      eNext = new Float32Array(n);
    view.strain.fill(0.5);
    view.prod.fill(0.1);
    kEpsSubstep(view, new Float32Array(n).fill(0.3), k, kNext, e, eNext, 2, offsets, 0, view.cells.length);
    for (const v of [kNext[at(1, 0, 0)], eNext[at(1, 0, 0)]]) {
      expect(Number.isFinite(v)).toBe(true);
      expect(v).toBeGreaterThanOrEqual(0);
    }
    // Production with no dissipation to speak of: k grows by dt·P.
    const k2 = new Float32Array(n).fill(0.01),
      e2 = new Float32Array(n).fill(1e-12);
    kEpsSubstep(view, new Float32Array(n), k2, kNext, e2, eNext, 2, offsets, 0, view.cells.length);
    expect(kNext[at(1, 0, 0)]).toBeCloseTo(0.01 + 2 * 0.1, 6);
  });

  it('gives a cell beside a building wall the wall function’s ε = Cμ^¾·k^{3/2}/ℓ', () => {
    const { view, at, n, offsets } = box(3, 1, 1);
    view.role[at(0, 0, 0)] = ROLE.WALL;
    view.cells = Int32Array.from([at(1, 0, 0), at(2, 0, 0)]);
    view.len.fill(KARMAN * 0.5);
    const k = new Float32Array(n).fill(0.02),
      kNext = new Float32Array(n),
      e = new Float32Array(n).fill(1e-3),
      eNext = new Float32Array(n);
    kEpsSubstep(view, new Float32Array(n), k, kNext, e, eNext, 1, offsets, 0, view.cells.length);
    expect(eNext[at(1, 0, 0)] / wallEpsilon(kNext[at(1, 0, 0)], KARMAN * 0.5)).toBeCloseTo(1, 6);
    expect(eNext[at(2, 0, 0)] / wallEpsilon(kNext[at(2, 0, 0)], KARMAN * 0.5)).not.toBeCloseTo(1, 2);
  });
});

describe('the realizable Cμ', () => {
  const gradient = (entries: Record<number, number>) => {
    const g = new Float64Array(9);
    for (const [i, v] of Object.entries(entries)) g[Number(i)] = v;
    return g;
  };
  const sums = (g: Float64Array) => {
    let s2 = 0,
      o2 = 0;
    for (let a = 0; a < 3; a++)
      for (let b = 0; b < 3; b++) {
        s2 += (0.5 * (g[3 * a + b] + g[3 * b + a])) ** 2;
        o2 += (0.5 * (g[3 * a + b] - g[3 * b + a])) ** 2;
      }
    return { s2, o2 };
  };

  it('is Cμ0 = 0.09 in the equilibrium of a simple shear flow (U*·k/ε = 1/√Cμ0)', () => {
    const g = gradient({ 2: 0.01 }); // dU/dz
    const { s2, o2 } = sums(g);
    const part = strainInvariantPart(g, s2, o2, 0.01);
    expect(realizableCmu(part, 1 / (0.01 * Math.sqrt(C_MU)))).toBeCloseTo(C_MU, 6);
  });

  it('keeps every normal stress ⅔k − 2ν_t·S_αα ≥ 0 in plane and axisymmetric strain of any strength', () => {
    const k = 0.01,
      eps = 1e-5;
    for (const rate of [1e-4, 1e-3, 1e-2, 1e-1]) {
      for (const g of [gradient({ 0: rate, 4: -rate }), gradient({ 0: rate, 4: -rate / 2, 8: -rate / 2 })]) {
        const { s2, o2 } = sums(g);
        const part = strainInvariantPart(g, s2, o2, Math.sqrt(2 * s2));
        const nut = kEpsEddyViscosity(k, eps, part);
        for (const s of [g[0], g[4], g[8]]) expect((2 / 3) * k - 2 * nut * s).toBeGreaterThanOrEqual(0);
      }
    }
    // The standard Cμ0 does not: at the strongest rate its stress along the stretching axis is negative.
    const nut0 = (C_MU * k * k) / eps;
    expect((2 / 3) * k - 2 * nut0 * 1e-1).toBeLessThan(0);
  });
});
