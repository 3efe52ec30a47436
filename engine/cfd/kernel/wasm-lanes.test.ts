import { describe, expect, it } from 'vitest';
import { buildHierarchy } from '../grid/build-hierarchy.ts';
import { boxTriangles } from '../geometry/box-mesh.ts';
import { voxelize } from '../geometry/voxelize.ts';
import { domainBox, physicsFor, refine, SUBURBAN_10MS } from '../test/small-grids.ts';
import { inlineStepper } from '../run/stepper.ts';
import { runKernelFor } from './run-kernel.ts';
import type { Grid } from '../grid/level.ts';

/** Two levels over a building (k–ℓ closure), developed for a few steps in WebAssembly. */
async function developed(): Promise<Grid> {
  const box0 = domainBox(16, 384, 224, 160);
  const { box: box1, at } = refine(box0, 96, 224, 64, 160, 64);
  const solid = [box0, box1].map((b) => {
    const m = new Uint8Array(b.nx * b.ny * b.nz);
    voxelize('t.stl', boxTriangles(150, 100, 0, 170, 120, 30), b, m);
    return m;
  });
  const grid = buildHierarchy({ boxes: [box0, box1], placements: [at], solid, physics: physicsFor(SUBURBAN_10MS, 160, { closure: 'k-l' }) });
  const stepper = inlineStepper(grid);
  expect(stepper.kernel).toBe('wasm');
  await stepper.advance(12, false);
  return grid;
}

/**
 * Runs `work` over [0, count) twice from the same `out`: in one call (the kernel's lanes take the
 * cells in groups) and one cell per call (the scalar loop only); returns both results.
 */
function bothWays(out: Float32Array, count: number, work: (c0: number, c1: number) => void): [Float32Array, Float32Array] {
  const before = out.slice();
  work(0, count);
  const grouped = out.slice();
  out.set(before);
  for (let c = 0; c < count; c++) work(c, c + 1);
  const single = out.slice();
  out.set(before);
  return [grouped, single];
}

const sameBits = (a: Float32Array, b: Float32Array) =>
  Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));

describe('the WebAssembly kernel’s loops over several cells at once', () => {
  it('emit the prescribed cells’ populations as the one-cell loop does, to the bit, on both steps', async () => {
    const grid = await developed();
    const kernel = runKernelFor(grid);
    for (const level of grid.levels) {
      expect(level.pre.count).toBeGreaterThan(8);
      for (const odd of [false, true]) {
        const [grouped, single] = bothWays(level.f, level.pre.count, (p0, p1) => kernel.emit(level, odd, p0, p1));
        expect(sameBits(grouped, single), `level ${level.index}, ${odd ? 'odd' : 'even'} step`).toBe(true);
        // Not a vacuous comparison: the emission changed the populations.
        expect(sameBits(grouped, level.f)).toBe(false);
      }
    }
  }, 60_000);

  it('make a k substep as the one-cell loop does, to the bit', async () => {
    const grid = await developed();
    const k = runKernelFor(grid).k!;
    for (const level of grid.levels) {
      const turb = level.turb!;
      turb.kNext.fill(0);
      const [grouped, single] = bothWays(turb.kNext, turb.cells.length, (c0, c1) => k.substep(level, turb.k, turb.kNext, 2, c0, c1));
      expect(sameBits(grouped, single), `level ${level.index}`).toBe(true);
      expect(Math.max(...grouped)).toBeGreaterThan(0);
    }
  }, 60_000);
});
