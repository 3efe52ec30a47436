import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CX, CY, CZ, Q, W } from '../lattice/d3q19.ts';
import type { Grid, Level } from '../grid/level.ts';
import { jsRunKernel, runKernelFor, prepareKernel } from './run-kernel.ts';
import { kernelWat, wasmModuleSource } from './wasm-source.ts';
import { assembleWat } from './assemble-wat.ts';

/** Which closure arrays a test grid carries (as buildHierarchy fills them per closure). */
type ClosureArrays = 'mixing-length' | 'k-l' | 'both';

/**
 * A one-level grid of runs only: nx = 37 so every run ends in a scalar tail of one cell after
 * nine groups of four; a base viscosity that varies along x, and per cell a closure length (zero
 * under k–ℓ) and an eddy viscosity (zero under the mixing length).
 */
function runGrid(seed: number, closure: ClosureArrays = 'both'): Grid {
  const nx = 37,
    ny = 6,
    nz = 5;
  const px = nx + 2,
    py = ny + 2,
    pz = nz + 2,
    pxy = px * py,
    n = pxy * pz;
  let s = seed;
  const rnd = () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32 - 0.5;
  const f = new Float32Array(Q * n);
  for (let x = 0; x < n; x++) {
    // An equilibrium at a random velocity and density plus a random non-equilibrium part.
    const ux = 0.1 * rnd(),
      uy = 0.1 * rnd(),
      uz = 0.1 * rnd(),
      rho = 1 + 0.02 * rnd();
    for (let q = 0; q < Q; q++) {
      const cu = CX[q] * ux + CY[q] * uy + CZ[q] * uz;
      f[q * n + x] = W[q] * rho * (1 + 3 * cu + 4.5 * cu * cu - 1.5 * (ux * ux + uy * uy + uz * uz)) - W[q] + 0.002 * W[q] * rnd();
    }
  }
  const runs: number[] = [];
  for (let k = 0; k < nz; k++) for (let j = 0; j < ny; j++) runs.push(1 + (j + 1) * px + (k + 1) * pxy, nx, k, 0);
  const len2 = new Float32Array(n);
  const nut = new Float32Array(n);
  for (let x = 0; x < n; x++) {
    if (closure !== 'k-l') len2[x] = 0.0169 * (1 + 0.5 * Math.sin(x));
    // Of the size the k pass writes near the ground (ν_t up to a few hundredths, lattice units).
    if (closure !== 'mixing-length') nut[x] = 0.02 * (1 + 0.8 * Math.cos(0.7 * x));
  }
  const level = {
    f,
    pad: { px, py, pz, pxy, n },
    runs: Int32Array.from(runs),
    runCount: runs.length / 4,
    nuZ: Float32Array.from({ length: nz }, (_, k) => 0.001 + 0.0005 * k),
    nuX: Float32Array.from({ length: nx }, (_, i) => 1e-4 * i),
    len2,
    nut,
    turb: null,
    kind: new Uint8Array(n),
    tkeLenZ: new Float32Array(nz),
    meanSum: new Float32Array(0),
    slabSum: new Float64Array(0),
    rec: [new Float32Array(0), new Float32Array(0)],
    slow: {
      count: 0,
      linked: 0,
      floor: 0,
      cell: new Int32Array(0),
      read: new Int32Array(0),
      nu: new Float32Array(0),
      dragKind: new Uint8Array(0),
      drag: new Float32Array(0),
      record: new Int32Array(0),
    },
    pre: {
      count: 0,
      cell: new Int32Array(0),
      write: new Int32Array(0),
      nu: new Float32Array(0),
      state: new Float32Array(0),
      delta: new Float32Array(0),
      source: new Uint8Array(0),
      slots: new Int32Array(0),
      weights: new Float32Array(0),
      factorU: new Float32Array(0),
      factorS: new Float32Array(0),
    },
  };
  return { levels: [level as unknown as Level] };
}

function worstDifference(a: Float32Array, b: Float32Array): { worst: number; scale: number } {
  let worst = 0,
    scale = 0;
  for (let i = 0; i < a.length; i++) {
    worst = Math.max(worst, Math.abs(a[i] - b[i]));
    scale = Math.max(scale, Math.abs(a[i]));
  }
  return { worst, scale };
}

describe('the WebAssembly run kernel', () => {
  it('is what wasm-source.ts generates and wabt assembles (run npm run cfd:gen-kernel after changing either)', async () => {
    const wat = readFileSync(new URL('./aa-kernel.wat', import.meta.url), 'utf8');
    expect(wat).toBe(kernelWat());
    const module = readFileSync(new URL('./aa-kernel-wasm.generated.ts', import.meta.url), 'utf8');
    expect(module).toBe(wasmModuleSource(await assembleWat(wat)));
  });

  it.each<ClosureArrays>(['mixing-length', 'k-l', 'both'])(
    'agrees with the JavaScript kernel to float32 round-off over even and odd steps, tails included (%s arrays)',
    (closure) => {
      const js = runGrid(7, closure),
        wasm = runGrid(7, closure);
      const start = Float32Array.from(js.levels[0].f);
      expect(prepareKernel(wasm)).toBe('wasm');
      const kernel = runKernelFor(wasm);
      expect(kernel.name).toBe('wasm');
      for (let step = 0; step < 4; step++) {
        const odd = (step & 1) === 1;
        jsRunKernel.step(js.levels[0], odd, 0, js.levels[0].runCount);
        kernel.step(wasm.levels[0], odd, 0, wasm.levels[0].runCount);
        const { worst, scale } = worstDifference(js.levels[0].f, wasm.levels[0].f);
        // Float32 arithmetic against double: a few units in the last place of the largest population.
        expect(worst).toBeLessThan(4e-6 * scale);
      }
      // The steps did change the populations, by far more than the tolerance.
      const moved = worstDifference(start, js.levels[0].f);
      expect(moved.worst).toBeGreaterThan(100 * 4e-6 * moved.scale);
    },
  );

  it('keeps the grid typed arrays as views, so the slow path and statistics see the same populations', () => {
    const grid = runGrid(3);
    const before = Float32Array.from(grid.levels[0].f);
    prepareKernel(grid);
    expect(grid.memory).toBeInstanceOf(WebAssembly.Memory);
    expect(grid.levels[0].f.buffer).toBeInstanceOf(SharedArrayBuffer);
    expect(Array.from(grid.levels[0].f)).toEqual(Array.from(before));
    expect(prepareKernel(runGrid(3), 'js')).toBe('js');
  });

  it('collides walls, ground, porous, top and recording cells, and emits prescribed cells, as the JavaScript kernel does', async () => {
    const { buildHierarchy } = await import('../grid/build-hierarchy.ts');
    const { boxTriangles } = await import('../geometry/box-mesh.ts');
    const { voxelize } = await import('../geometry/voxelize.ts');
    const { domainBox, physicsFor, refine, SUBURBAN_10MS } = await import('../test/small-grids.ts');
    const box0 = domainBox(8, 160, 96, 64);
    const { box: box1, at } = refine(box0, 40, 120, 24, 72, 32);
    const make = () => {
      const boxes = [box0, box1];
      const solid = boxes.map((b) => {
        const m = new Uint8Array(b.nx * b.ny * b.nz);
        voxelize('b.stl', boxTriangles(70, 40, 0, 86, 56, 20), b, m);
        return m;
      });
      const porous = boxes.map((b) => {
        const m = new Float32Array(b.nx * b.ny * b.nz);
        voxelize('tree.stl', boxTriangles(90, 60, 2, 100, 70, 10), b, m, 0.3);
        return m;
      });
      const h = buildHierarchy({ boxes, placements: [at], solid, porous, physics: physicsFor(SUBURBAN_10MS, 64) });
      for (const level of h.levels) {
        for (let i = 0; i < level.f.length; i++) level.f[i] += 1e-4 * Math.sin(i * 0.37);
        // A strained state, so the prescribed cells' non-equilibrium part is exercised.
        for (let p = 0; p < level.pre.count; p++) level.pre.state[10 * p + 8] = 0.002 + 1e-5 * p;
        // An eddy viscosity per cell beside the mixing length's, so both terms of τ are exercised.
        for (let x = 0; x < level.nut.length; x++) level.nut[x] = 0.02 * (1 + 0.8 * Math.cos(0.7 * x));
      }
      return h;
    };
    const js = make(),
      wasm = make();
    expect(prepareKernel(wasm)).toBe('wasm');
    const kernel = runKernelFor(wasm);
    expect(new Set(js.levels[0].slow.dragKind)).toEqual(new Set([0, 1, 2, 3]));
    for (const odd of [false, true]) {
      for (let l = 0; l < js.levels.length; l++) {
        const a = js.levels[l],
          b = wasm.levels[l];
        jsRunKernel.slow(a, odd, 0, 0, a.slow.count);
        kernel.slow(b, odd, 0, 0, b.slow.count);
        jsRunKernel.emit(a, odd, 0, a.pre.count);
        kernel.emit(b, odd, 0, b.pre.count);
        const pop = worstDifference(a.f, b.f);
        expect(pop.worst).toBeLessThan(4e-6 * pop.scale);
        const rec = worstDifference(a.rec[0], b.rec[0]);
        if (l === 0) expect(rec.scale).toBeGreaterThan(0);
        expect(rec.worst).toBeLessThanOrEqual(4e-6 * rec.scale);
      }
    }
  });

  it.each(['mixing-length', 'k-l'] as const)(
    'steps a hierarchy with a building and a refined level as the JavaScript kernel does (%s closure)',
    async (closure) => {
      const { buildHierarchy } = await import('../grid/build-hierarchy.ts');
      const { boxTriangles } = await import('../geometry/box-mesh.ts');
      const { voxelize } = await import('../geometry/voxelize.ts');
      const { domainBox, physicsFor, refine, SUBURBAN_10MS } = await import('../test/small-grids.ts');
      const { inlineStepper } = await import('../run/stepper.ts');
      const make = () => {
        const box0 = domainBox(16, 384, 224, 160);
        const { box: box1, at } = refine(box0, 96, 224, 64, 160, 64);
        const solid = [box0, box1].map((b) => {
          const m = new Uint8Array(b.nx * b.ny * b.nz);
          voxelize('t.stl', boxTriangles(150, 100, 0, 170, 120, 30), b, m);
          return m;
        });
        return buildHierarchy({ boxes: [box0, box1], placements: [at], solid, physics: physicsFor(SUBURBAN_10MS, 160, { closure }) });
      };
      const js = make(),
        wasm = make();
      const a = inlineStepper(js, 'js'),
        b = inlineStepper(wasm);
      expect([a.kernel, b.kernel]).toEqual(['js', 'wasm']);
      await a.advance(40, true);
      await b.advance(40, true);
      for (let l = 0; l < js.levels.length; l++) {
        // Under k–ℓ the k pass has written an eddy viscosity the collision must add.
        if (closure === 'k-l') expect(Math.max(...wasm.levels[l].nut)).toBeGreaterThan(1e-3);
        const { worst, scale } = worstDifference(js.levels[l].f, wasm.levels[l].f);
        expect(scale).toBeGreaterThan(1e-3);
        expect(worst).toBeLessThan(1e-4 * scale);
        // The statistics (Σu, Σu², Σk per cell; the pedestrian slab's sums).
        const mean = worstDifference(js.levels[l].meanSum, wasm.levels[l].meanSum);
        expect(mean.scale).toBeGreaterThan(0);
        expect(mean.worst).toBeLessThan(1e-4 * mean.scale);
        const slabJs = Float32Array.from(js.levels[l].slabSum),
          slabWasm = Float32Array.from(wasm.levels[l].slabSum);
        const slab = worstDifference(slabJs, slabWasm);
        expect(slab.scale).toBeGreaterThan(0);
        expect(slab.worst).toBeLessThan(1e-4 * slab.scale);
      }
      const ha = await a.health(),
        hb = await b.health();
      expect(hb.maxLatticeSpeed).toBeCloseTo(ha.maxLatticeSpeed, 5);
      expect(hb.maxDensityDeviation).toBeCloseTo(ha.maxDensityDeviation, 5);
      expect(hb.nanCells).toBe(0);
    },
    60_000,
  );
});
