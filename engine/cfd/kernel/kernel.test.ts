import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { kernelSource } from './kernel-source.ts';
import { collideRunsEven, collideRunsOdd } from './aa-kernel.generated.ts';
import { MOMENTS, momentsOf, momentsOfLoop, regularizedPost, regularizedPostLoop, relaxationTime, tensorNorm } from './cell.ts';
import { CX, CY, CZ, OPP, Q, W } from '../lattice/d3q19.ts';

const SMAG = 18 * Math.SQRT2 * 0.13 * 0.13;

function randomPopulations(seed: number, n: number): Float32Array {
  let s = seed;
  const rnd = () => ((s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32 - 0.5);
  const f = new Float32Array(Q * n);
  for (let x = 0; x < n; x++) {
    // Equilibrium at a random velocity plus a random non-equilibrium part.
    const ux = 0.1 * rnd(), uy = 0.1 * rnd(), uz = 0.1 * rnd(), rho = 1 + 0.02 * rnd();
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
    const h = new Float64Array(Q), m = new Float64Array(MOMENTS), g = new Float64Array(Q);
    for (let q = 0; q < Q; q++) h[q] = f[q * n + x];
    momentsOf(h, m);
    const tau = relaxationTime(0.01, SMAG, tensorNorm(m, 4), m[0]);
    regularizedPost(m[0], m[1], m[2], m[3], m, tau, g);
    collideRunsEven(f, n, 3, 9, Int32Array.from([x, 1, 0, 0]), 0, 1, Float32Array.of(0.01), Float32Array.of(0), new Float32Array(n).fill(0.13 * 0.13));
    for (let q = 0; q < Q; q++) expect(f[OPP[q] * n + x]).toBeCloseTo(g[q], 6);
  });

  it('streams in the odd step: reads f_q from x − c_q (slot opp q), writes to x + c_q (slot q)', () => {
    const n = 27, x = 13, px = 3, pxy = 9;
    const f = randomPopulations(11, n);
    const h = new Float64Array(Q), m = new Float64Array(MOMENTS), g = new Float64Array(Q);
    const off = (q: number) => CX[q] + CY[q] * px + CZ[q] * pxy;
    for (let q = 0; q < Q; q++) h[q] = f[OPP[q] * n + x - off(q)];
    momentsOf(h, m);
    const tau = relaxationTime(0.02, SMAG, tensorNorm(m, 4), m[0]);
    regularizedPost(m[0], m[1], m[2], m[3], m, tau, g);
    collideRunsOdd(f, n, px, pxy, Int32Array.from([x, 1, 0, 0]), 0, 1, Float32Array.of(0.02), Float32Array.of(0), new Float32Array(n).fill(0.13 * 0.13));
    for (let q = 0; q < Q; q++) expect(f[q * n + x + off(q)]).toBeCloseTo(g[q], 6);
  });

  it('has unrolled single-cell moments and collision equal to the loop forms', () => {
    const f = randomPopulations(5, 1);
    const h = Float64Array.from(f), a = new Float64Array(MOMENTS), b = new Float64Array(MOMENTS);
    momentsOf(h, a);
    momentsOfLoop(h, b);
    for (let c = 0; c < MOMENTS; c++) expect(a[c]).toBeCloseTo(b[c], 14);
    const g1 = new Float64Array(Q), g2 = new Float64Array(Q);
    regularizedPost(a[0], a[1] + 0.01, a[2], a[3], a, 0.61, g1);
    regularizedPostLoop(a[0], a[1] + 0.01, a[2], a[3], a, 0.61, g2);
    for (let q = 0; q < Q; q++) expect(g1[q]).toBeCloseTo(g2[q], 14);
  });

  it('conserves mass and momentum, and keeps an equilibrium an equilibrium', () => {
    const h = new Float64Array(Q), m = new Float64Array(MOMENTS), m2 = new Float64Array(MOMENTS), g = new Float64Array(Q);
    const f = randomPopulations(3, 1);
    for (let q = 0; q < Q; q++) h[q] = f[q];
    momentsOf(h, m);
    regularizedPost(m[0], m[1], m[2], m[3], m, relaxationTime(0.001, SMAG, tensorNorm(m, 4), m[0]), g);
    momentsOf(g, m2);
    for (let c = 0; c < 4; c++) expect(m2[c]).toBeCloseTo(m[c], 12);
    // Equilibrium in: Π_neq = 0, so the collision returns it unchanged.
    const ux = 0.05, uy = -0.02, uz = 0.01;
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
