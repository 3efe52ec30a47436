import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { kernelSource } from './kernel-source.ts';
import { collideRunsEven, collideRunsOdd } from './aa-kernel.generated.ts';
import { MOMENTS, momentsOf, momentsOfLoop, regularizedPost, regularizedPostLoop, relaxationTime, tensorNorm } from './cell.ts';
import { CX, CY, CZ, OPP, Q, W } from '../lattice/d3q19.ts';

const SMAG = 18 * Math.SQRT2 * 0.13 * 0.13;

function randomPopulations(seed: number, n: number): Float32Array {
  let s = seed;
  const rnd = () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32 - 0.5;
  const f = new Float32Array(Q * n);
  for (let x = 0; x < n; x++) {
    // Equilibrium at a random velocity plus a random non-equilibrium part.
    const ux = 0.1 * rnd(),
      uy = 0.1 * rnd(),
      uz = 0.1 * rnd(),
      rho = 1 + 0.02 * rnd();
    for (let q = 0; q < Q; q++) {
      const cu = CX[q] * ux + CY[q] * uy + CZ[q] * uz;
      const feq = W[q] * rho * (1 + 3 * cu + 4.5 * cu * cu - 1.5 * (ux * ux + uy * uy + uz * uz));
      f[q * n + x] = feq - W[q] + 0.002 * W[q] * rnd();
    }
  }
  return f;
}

describe('the generated AA kernel', () => {
  it('is what kernel-source.ts generates (run npm run cfd:gen-kernel after changing it)', () => {
    const onDisk = readFileSync(new URL('./aa-kernel.generated.ts', import.meta.url), 'utf8');
    expect(onDisk).toBe(kernelSource());
  });

  it('collides a cell exactly as the loop version does (even step: local)', () => {
    const n = 27; // a 3×3×3 padded box: one real cell at the centre
    const f = randomPopulations(7, n);
    const x = 13;
    const h = new Float64Array(Q),
      m = new Float64Array(MOMENTS),
      g = new Float64Array(Q);
    for (let q = 0; q < Q; q++) h[q] = f[q * n + x];
    momentsOf(h, m);
    const tau = relaxationTime(0.01, SMAG, tensorNorm(m, 4), m[0]);
    regularizedPost(m[0], m[1], m[2], m[3], m, tau, g);
    collideRunsEven(
      f,
      n,
      3,
      9,
      Int32Array.from([x, 1, 0, 0]),
      0,
      1,
      Float32Array.of(0.01),
      Float32Array.of(0),
      new Float32Array(n).fill(0.13 * 0.13),
      new Float32Array(n),
    );
    for (let q = 0; q < Q; q++) expect(f[OPP[q] * n + x]).toBeCloseTo(g[q], 6);
  });

  it('streams in the odd step: reads f_q from x − c_q (slot opp q), writes to x + c_q (slot q)', () => {
    const n = 27,
      x = 13,
      px = 3,
      pxy = 9;
    const f = randomPopulations(11, n);
    const h = new Float64Array(Q),
      m = new Float64Array(MOMENTS),
      g = new Float64Array(Q);
    const off = (q: number) => CX[q] + CY[q] * px + CZ[q] * pxy;
    for (let q = 0; q < Q; q++) h[q] = f[OPP[q] * n + x - off(q)];
    momentsOf(h, m);
    const tau = relaxationTime(0.02, SMAG, tensorNorm(m, 4), m[0]);
    regularizedPost(m[0], m[1], m[2], m[3], m, tau, g);
    collideRunsOdd(
      f,
      n,
      px,
      pxy,
      Int32Array.from([x, 1, 0, 0]),
      0,
      1,
      Float32Array.of(0.02),
      Float32Array.of(0),
      new Float32Array(n).fill(0.13 * 0.13),
      new Float32Array(n),
    );
    for (let q = 0; q < Q; q++) expect(f[q * n + x + off(q)]).toBeCloseTo(g[q], 6);
  });

  it('has unrolled single-cell moments and collision equal to the loop forms', () => {
    const f = randomPopulations(5, 1);
    const h = Float64Array.from(f),
      a = new Float64Array(MOMENTS),
      b = new Float64Array(MOMENTS);
    momentsOf(h, a);
    momentsOfLoop(h, b);
    for (let c = 0; c < MOMENTS; c++) expect(a[c]).toBeCloseTo(b[c], 14);
    const g1 = new Float64Array(Q),
      g2 = new Float64Array(Q);
    regularizedPost(a[0], a[1] + 0.01, a[2], a[3], a, 0.61, g1);
    regularizedPostLoop(a[0], a[1] + 0.01, a[2], a[3], a, 0.61, g2);
    for (let q = 0; q < Q; q++) expect(g1[q]).toBeCloseTo(g2[q], 14);
  });

  it('conserves mass and momentum, and keeps an equilibrium an equilibrium', () => {
    const h = new Float64Array(Q),
      m = new Float64Array(MOMENTS),
      m2 = new Float64Array(MOMENTS),
      g = new Float64Array(Q);
    const f = randomPopulations(3, 1);
    for (let q = 0; q < Q; q++) h[q] = f[q];
    momentsOf(h, m);
    regularizedPost(m[0], m[1], m[2], m[3], m, relaxationTime(0.001, SMAG, tensorNorm(m, 4), m[0]), g);
    momentsOf(g, m2);
    for (let c = 0; c < 4; c++) expect(m2[c]).toBeCloseTo(m[c], 12);
    // Equilibrium in: Π_neq = 0, so the collision returns it unchanged.
    const ux = 0.05,
      uy = -0.02,
      uz = 0.01;
    for (let q = 0; q < Q; q++) {
      const cu = CX[q] * ux + CY[q] * uy + CZ[q] * uz;
      h[q] = W[q] * (3 * cu + 4.5 * cu * cu - 1.5 * (ux * ux + uy * uy + uz * uz));
    }
    momentsOf(h, m);
    expect(tensorNorm(m, 4)).toBeLessThan(1e-12);
    regularizedPost(m[0], m[1], m[2], m[3], m, 0.7, g);
    for (let q = 0; q < Q; q++) expect(g[q]).toBeCloseTo(h[q], 12);
  });
});

describe('the generated slow path', () => {
  it('collides walls, ground, porous, top and recording cells, and emits prescribed cells, exactly as the loop references', async () => {
    const { buildHierarchy } = await import('../grid/build-hierarchy.ts');
    const { collideSlowReference, emitPrescribedReference, makeThreadContext } = await import('../solver/step.ts');
    const { collideSlowEven, collideSlowOdd, emitPrescribedEven, emitPrescribedOdd } = await import('./aa-kernel.generated.ts');
    const { boxTriangles } = await import('../geometry/box-mesh.ts');
    const { voxelize } = await import('../geometry/voxelize.ts');
    const { domainBox, physicsFor, refine, SUBURBAN_10MS } = await import('../test/small-grids.ts');
    const box0 = domainBox(8, 160, 96, 64);
    const { box: box1, at } = refine(box0, 40, 120, 24, 72, 32);
    const make = () => {
      const solid = [box0, box1].map((b) => {
        const m = new Uint8Array(b.nx * b.ny * b.nz);
        voxelize('b.stl', boxTriangles(70, 40, 0, 86, 56, 20), b, m);
        return m;
      });
      const porous = [box0, box1].map((b) => {
        const m = new Float32Array(b.nx * b.ny * b.nz);
        voxelize('tree.stl', boxTriangles(90, 60, 2, 100, 70, 10), b, m, 0.3);
        return m;
      });
      const h = buildHierarchy({ boxes: [box0, box1], placements: [at], solid, porous, physics: physicsFor(SUBURBAN_10MS, 64) });
      // Disturb the state so every branch sees non-trivial numbers.
      for (const level of h.levels) for (let i = 0; i < level.f.length; i++) level.f[i] += 1e-4 * Math.sin(i * 0.37);
      return h;
    };
    const a = make(),
      b = make();
    const kinds = new Set(Array.from(a.levels[0].slow.dragKind));
    expect([...kinds].sort()).toEqual([0, 1, 2, 3]);
    expect(a.levels[0].slow.record.some((r) => r >= 0)).toBe(true);
    const ctx = makeThreadContext(a, 0, 1, () => {}, []);
    for (const odd of [false, true]) {
      for (let l = 0; l < 2; l++) {
        const la = a.levels[l],
          lb = b.levels[l];
        for (let s = 0; s < la.slow.count; s++) collideSlowReference(la, s, odd, la.rec[0], ctx);
        (odd ? collideSlowOdd : collideSlowEven)(
          lb.f,
          lb.pad.n,
          lb.slow.cell,
          lb.slow.read,
          lb.slow.nu,
          lb.len2,
          lb.slow.dragKind,
          lb.slow.drag,
          lb.slow.record,
          lb.rec[0],
          lb.wallShear,
          0,
          lb.slow.count,
          lb.nut,
        );
        for (let p = 0; p < la.pre.count; p++) {
          // A strained state, so the non-equilibrium part is exercised.
          for (const lv of [la, lb]) lv.pre.state[10 * p + 8] = 0.002 + 1e-5 * p;
          emitPrescribedReference(la, p, odd, ctx);
        }
        (odd ? emitPrescribedOdd : emitPrescribedEven)(lb.f, lb.pad.n, lb.pre.cell, lb.pre.write, lb.pre.nu, lb.len2, lb.pre.state, 0, lb.pre.count, lb.nut);
        let worst = 0;
        for (let i = 0; i < la.f.length; i++) worst = Math.max(worst, Math.abs(la.f[i] - lb.f[i]));
        expect(worst).toBeLessThan(1e-7);
        for (let i = 0; i < la.rec[0].length; i++) expect(lb.rec[0][i]).toBeCloseTo(la.rec[0][i], 6);
      }
    }
  });
});
