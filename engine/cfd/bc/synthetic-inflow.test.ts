import { describe, expect, it } from 'vitest';
import {
  addSynthetic,
  anisotropicField,
  buildSyntheticInflow,
  entryFluctuation,
  fieldVelocity,
  fourierField,
  NEUTRAL_SURFACE_LAYER,
  removeSynthetic,
} from './synthetic-inflow.ts';

/** Samples of the unit field on a grid of points and times. */
function samples(seed: number, l11: number): number[][] {
  const f = fourierField(128, l11, 40, seed);
  const out = new Float64Array(3);
  const rows: number[][] = [];
  for (let t = 0; t < 2000; t += 50)
    for (let y = 0; y < 64; y += 4)
      for (let z = 0; z < 64; z += 4) {
        fieldVelocity(f, -0.1 * t, y, z, t, out);
        rows.push([out[0], out[1], out[2]]);
      }
  return rows;
}

describe('the random Fourier field', () => {
  it('has zero mean and unit variance per component over space and time', () => {
    const rows = samples(7, 8);
    for (let a = 0; a < 3; a++) {
      const mean = rows.reduce((s, r) => s + r[a], 0) / rows.length;
      const variance = rows.reduce((s, r) => s + (r[a] - mean) ** 2, 0) / rows.length;
      expect(Math.abs(mean)).toBeLessThan(0.1);
      expect(variance).toBeGreaterThan(0.8);
      expect(variance).toBeLessThan(1.2);
    }
  });

  it('has no divergence: centred differences vanish to the order of the step squared', () => {
    const f = fourierField(128, 8, 40, 3);
    const a = new Float64Array(3),
      b = new Float64Array(3);
    let div2 = 0,
      grad2 = 0;
    const h = 1e-3;
    for (let s = 0; s < 200; s++) {
      const x = 3.1 * s,
        y = 1.7 * s,
        z = 0.9 * s,
        t = 5 * s;
      let div = 0;
      for (let axis = 0; axis < 3; axis++) {
        const p = [x, y, z];
        p[axis] += h;
        fieldVelocity(f, p[0], p[1], p[2], t, a);
        p[axis] -= 2 * h;
        fieldVelocity(f, p[0], p[1], p[2], t, b);
        const d = (a[axis] - b[axis]) / (2 * h);
        div += d;
        grad2 += d * d;
      }
      div2 += div * div;
    }
    // The divergence against the size of the normal gradients it is made of.
    expect(Math.sqrt(div2 / grad2)).toBeLessThan(1e-5);
  });

  // A sampled estimate over 512 random modes and 400 base points: within 40 %, not more (the modes
  // with k₁ near zero, which make the integral, are few).
  it('has the longitudinal integral length it was built with', () => {
    const l11 = 6;
    const f = fourierField(512, l11, 1e9, 11);
    const a = new Float64Array(3),
      b = new Float64Array(3);
    // ∫ f(r) dr along x by averaging u(x)u(x + r) over many base points.
    let integral = 0,
      variance = 0;
    const bases = 400;
    for (let s = 0; s < bases; s++) {
      fieldVelocity(f, 97.3 * s, 13.1 * s, 7.7 * s, 0, a);
      variance += a[0] * a[0];
    }
    for (let r = 0.25; r < 20 * l11; r += 0.5) {
      let c = 0;
      for (let s = 0; s < bases; s++) {
        fieldVelocity(f, 97.3 * s, 13.1 * s, 7.7 * s, 0, a);
        fieldVelocity(f, 97.3 * s + r, 13.1 * s, 7.7 * s, 0, b);
        c += a[0] * b[0];
      }
      integral += (c / variance) * 0.5;
    }
    expect(integral).toBeGreaterThan(0.6 * l11);
    expect(integral).toBeLessThan(1.4 * l11);
  });

  it('is the same field for the same seed and another for another', () => {
    expect(fourierField(16, 5, 10, 42)).toEqual(fourierField(16, 5, 10, 42));
    expect(fourierField(16, 5, 10, 43).k).not.toEqual(fourierField(16, 5, 10, 42).k);
  });
});

describe('the entry fluctuations', () => {
  it('add the field times √(2k/3) less its mean over the face to the entry cells, and come off again exactly', () => {
    const field = fourierField(32, 4, 20, 5);
    const moments = 10;
    const state = new Float32Array(4 * moments);
    for (let p = 0; p < 4; p++) state[p * moments + 1] = 0.05;
    const before = state.slice();
    // Cells 1 and 3 are entry cells at (y, z) = (0.5, 1.5) and (1.5, 1.5).
    const s = buildSyntheticInflow(field, [1, 3], [0.5, 1.5], [1.5, 1.5], [0.01, 0.02], 0.05);
    addSynthetic(s, state, moments, 0, 4, 17);
    const a = new Float64Array(3),
      b = new Float64Array(3);
    fieldVelocity(field, -0.05 * 17, 0.5, 1.5, 17, a);
    fieldVelocity(field, -0.05 * 17, 1.5, 1.5, 17, b);
    const mean = (axis: number) => 0.5 * (0.01 * a[axis] + 0.02 * b[axis]);
    expect(state[1 * moments + 1] - 0.05).toBeCloseTo(0.01 * a[0] - mean(0), 6);
    expect(state[3 * moments + 3]).toBeCloseTo(0.02 * b[2] - mean(2), 6);
    // No net flux through the face.
    expect(state[1 * moments + 1] + state[3 * moments + 1] - 0.1).toBeCloseTo(0, 6);
    expect(state[0 * moments + 1]).toBe(before[0 * moments + 1]);
    removeSynthetic(s, state, moments, 0, 4);
    for (let c = 0; c < state.length; c++) expect(state[c]).toBeCloseTo(before[c], 7);
  });

  it("carry the field's own strain, ½(∂u'_a/∂x_b + ∂u'_b/∂x_a), with the velocity", () => {
    const field = fourierField(64, 6, 30, 9);
    const s = buildSyntheticInflow(field, [0], [2.5], [3.5], [0.02], 0.04);
    const t = 123;
    const next = entryFluctuation(s, t);
    // The entry plane is x = 0 carried at 0.04 cells per step: the field at (−0.04·t, y, z).
    const x0 = -0.04 * t,
      h = 1e-4;
    const a = new Float64Array(3),
      b = new Float64Array(3);
    const grad = (axis: number, comp: number) => {
      const p = [x0, 2.5, 3.5];
      p[axis] += h;
      fieldVelocity(field, p[0], p[1], p[2], t, a);
      p[axis] -= 2 * h;
      fieldVelocity(field, p[0], p[1], p[2], t, b);
      return (0.02 * (a[comp] - b[comp])) / (2 * h);
    };
    const expected = [grad(0, 0), grad(1, 1), grad(2, 2), 0.5 * (grad(1, 0) + grad(0, 1)), 0.5 * (grad(2, 0) + grad(0, 2)), 0.5 * (grad(2, 1) + grad(1, 2))];
    for (let c = 0; c < 6; c++) expect(next[3 + c]).toBeCloseTo(expected[c], 8);
    // Divergence-free: the trace vanishes.
    expect(Math.abs(next[3] + next[4] + next[5])).toBeLessThan(1e-12);
  });

  it("set the entry's velocity to the parent's running mean plus the fluctuation, so the parent's echo of the fluctuation is not added again", () => {
    const field = fourierField(16, 4, 20, 2);
    const moments = 10;
    const s = buildSyntheticInflow(field, [0], [0.5], [1.5], [0.01], 0.05, 1000);
    const state = new Float32Array(moments);
    // The parent's velocity at the entry: 0.05, then an echo of +0.004 on every later step.
    state[1] = 0.05;
    addSynthetic(s, state, moments, 0, 1, 0);
    for (let t = 1; t < 50; t++) {
      removeSynthetic(s, state, moments, 0, 1);
      expect(state[1]).toBeCloseTo(t === 1 ? 0.05 : 0.054, 6);
      state[1] = 0.054;
      addSynthetic(s, state, moments, 0, 1, t);
    }
    // One face cell: its fluctuation is its own mean, taken off; what is left is the running mean
    // of 0.05 then 0.054 over a 1000-step time constant, nearly 0.05.
    expect(state[1]).toBeGreaterThan(0.05);
    expect(state[1]).toBeLessThan(0.0502);
  });
  it('give every cell the same whether the ring is prepared in one block or block by block, as the threads share it', () => {
    const field = fourierField(32, 4, 20, 5);
    const moments = 10;
    const run = (blocks: Array<[number, number]>) => {
      const state = new Float32Array(4 * moments);
      const s = buildSyntheticInflow(field, [1, 3], [0.5, 1.5], [1.5, 1.5], [0.01, 0.02], 0.05, 100);
      const out: number[] = [];
      for (let t = 0; t < 3; t++) {
        for (const [p0, p1] of blocks) removeSynthetic(s, state, moments, p0, p1);
        // The parent's velocity at the entry, changing from step to step.
        for (let p = 0; p < 4; p++) state[p * moments + 1] = 0.05 + 0.001 * t;
        for (const [p0, p1] of blocks) addSynthetic(s, state, moments, p0, p1, t);
        out.push(state[1 * moments + 1], state[3 * moments + 1], state[3 * moments + 3]);
      }
      return out;
    };
    const whole = run([[0, 4]]);
    const byBlocks = run([
      [0, 2],
      [2, 4],
    ]);
    // The second block's cell starts from the parent's velocity too (not from a running mean of 0).
    expect(byBlocks[1]).toBeGreaterThan(0.04);
    whole.forEach((v, i) => expect(byBlocks[i]).toBeCloseTo(v, 7));
  });
});

describe("the anisotropic field (the approach flow's stress shape)", () => {
  // Moments over many points of one realisation with many modes: the shape within sampling error.
  const f = anisotropicField(fourierField(1024, 8, 40, 21), NEUTRAL_SURFACE_LAYER);

  it("carries the surface layer's variances and its shear stress, k unchanged (the caller's scale √(2k/3))", () => {
    const out = new Float64Array(3);
    const sums = [0, 0, 0, 0, 0, 0, 0];
    let n = 0;
    for (let t = 0; t < 4000; t += 40)
      for (let y = 0; y < 96; y += 6)
        for (let z = 0; z < 96; z += 6) {
          fieldVelocity(f, -0.1 * t, y, z, t, out);
          for (let a = 0; a < 3; a++) sums[a] += out[a];
          sums[3] += out[0] * out[0];
          sums[4] += out[1] * out[1];
          sums[5] += out[2] * out[2];
          sums[6] += out[0] * out[2];
          n++;
        }
    const mean = (a: number) => sums[a] / n;
    const cov = (s: number, a: number, b: number) => sums[s] / n - mean(a) * mean(b);
    const toK = 2 / 3; // the field times √(2k/3): a variance v of the field is v·(2/3)·k
    expect(Math.abs(cov(3, 0, 0) * toK - NEUTRAL_SURFACE_LAYER.uu)).toBeLessThan(0.15);
    expect(Math.abs(cov(4, 1, 1) * toK - NEUTRAL_SURFACE_LAYER.vv)).toBeLessThan(0.12);
    expect(Math.abs(cov(5, 2, 2) * toK - NEUTRAL_SURFACE_LAYER.ww)).toBeLessThan(0.06);
    // ⟨u′w′⟩ negative, of the shape's size: the isotropic field's is zero.
    expect(cov(6, 0, 2) * toK).toBeLessThan(0.6 * NEUTRAL_SURFACE_LAYER.uw);
    expect(cov(6, 0, 2) * toK).toBeGreaterThan(1.4 * NEUTRAL_SURFACE_LAYER.uw);
    // More streamwise than vertical energy, as in the atmosphere.
    expect(cov(3, 0, 0)).toBeGreaterThan(2.5 * cov(5, 2, 2));
  });

  it('stays free of divergence, mode by mode', () => {
    for (let m = 0; m < f.modes; m++) {
      const kp = f.k[3 * m] * f.p[3 * m] + f.k[3 * m + 1] * f.p[3 * m + 1] + f.k[3 * m + 2] * f.p[3 * m + 2];
      const kq = f.k[3 * m] * f.q[3 * m] + f.k[3 * m + 1] * f.q[3 * m + 1] + f.k[3 * m + 2] * f.q[3 * m + 2];
      const scale = Math.hypot(f.k[3 * m], f.k[3 * m + 1], f.k[3 * m + 2]) * Math.hypot(f.p[3 * m], f.p[3 * m + 1], f.p[3 * m + 2]);
      expect(Math.abs(kp)).toBeLessThan(1e-12 * Math.max(1, scale));
      expect(Math.abs(kq)).toBeLessThan(1e-12 * Math.max(1, scale));
    }
  });

  it('is the isotropic field itself for an isotropic shape', () => {
    const iso = fourierField(16, 5, 10, 42);
    const same = anisotropicField(iso, { uu: 2 / 3, vv: 2 / 3, ww: 2 / 3, uw: 0 });
    for (const key of ['k', 'p', 'q'] as const) for (let i = 0; i < iso[key].length; i++) expect(same[key][i]).toBeCloseTo(iso[key][i], 12);
  });
});
