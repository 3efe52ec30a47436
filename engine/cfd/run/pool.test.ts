import { describe, expect, it } from 'vitest';
import { buildHierarchy } from '../grid/build-hierarchy.ts';
import { boxTriangles } from '../geometry/box-mesh.ts';
import { voxelize } from '../geometry/voxelize.ts';
import { domainBox, physicsFor, refine, SUBURBAN_10MS } from '../test/small-grids.ts';
import { inlineStepper } from './stepper.ts';
import { poolStepper } from './pool.ts';

function grid() {
  const box0 = domainBox(16, 384, 224, 160);
  const { box: box1, at } = refine(box0, 96, 224, 64, 160, 64);
  const solid = [box0, box1].map((b) => {
    const s = new Uint8Array(b.nx * b.ny * b.nz);
    voxelize('t.stl', boxTriangles(150, 100, 0, 170, 120, 30), b, s);
    return s;
  });
  return buildHierarchy({ boxes: [box0, box1], placements: [at], solid, physics: physicsFor(SUBURBAN_10MS, 160) });
}

describe('the worker-thread pool', () => {
  it('steps the shared grid on two threads to exactly the numbers one thread gets', async () => {
    const one = grid(),
      two = grid();
    const a = inlineStepper(one);
    const b = await poolStepper(two, 2);
    try {
      expect(b.threads).toBe(2);
      // Both step their runs in WebAssembly, the pool's threads on one shared WebAssembly.Memory.
      expect([a.kernel, b.kernel]).toEqual(['wasm', 'wasm']);
      const samplesA = await a.advance(30, true);
      const samplesB = await b.advance(30, true);
      expect(samplesB).toBe(samplesA);
      expect(b.steps).toEqual([30, 60]);
      for (let l = 0; l < one.levels.length; l++) {
        expect(Buffer.compare(Buffer.from(one.levels[l].f.buffer), Buffer.from(two.levels[l].f.buffer))).toBe(0);
        expect(Buffer.compare(Buffer.from(one.levels[l].meanSum.buffer), Buffer.from(two.levels[l].meanSum.buffer))).toBe(0);
      }
      expect(await b.health()).toEqual(await a.health());
    } finally {
      await b.close();
    }
  });
});
