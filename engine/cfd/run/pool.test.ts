import { describe, expect, it } from 'vitest';
import { buildHierarchy } from '../grid/build-hierarchy.ts';
import { boxTriangles } from '../geometry/box-mesh.ts';
import { voxelize } from '../geometry/voxelize.ts';
import { domainBox, physicsFor, refine, SUBURBAN_10MS } from '../test/small-grids.ts';
import { inlineStepper } from './stepper.ts';
import { poolStepper } from './pool.ts';

function grid(closure: 'mixing-length' | 'k-l') {
  const box0 = domainBox(16, 384, 224, 160);
  const { box: box1, at } = refine(box0, 96, 224, 64, 160, 64);
  const solid = [box0, box1].map((b) => {
    const s = new Uint8Array(b.nx * b.ny * b.nz);
    voxelize('t.stl', boxTriangles(150, 100, 0, 170, 120, 30), b, s);
    return s;
  });
  return buildHierarchy({ boxes: [box0, box1], placements: [at], solid, physics: physicsFor(SUBURBAN_10MS, 160, { closure }) });
}

/** Byte equality of two typed arrays (views on the kernel's memory: only their own bytes). */
function sameBytes(a: ArrayBufferView, b: ArrayBufferView): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength));
}

describe('the worker-thread pool', () => {
  it.each([
    ['mixing-length', 'wasm'],
    ['k-l', 'wasm'],
    ['k-l', 'js'],
  ] as const)('steps the shared grid on two threads to exactly the numbers one thread gets (%s closure, %s kernel)', async (closure, used) => {
    const kernel = used === 'js' ? 'js' : 'auto';
    const one = grid(closure),
      two = grid(closure);
    const a = inlineStepper(one, kernel);
    const b = await poolStepper(two, 2, kernel);
    try {
      expect(b.threads).toBe(2);
      // In WebAssembly the pool's threads step one shared WebAssembly.Memory.
      expect([a.kernel, b.kernel]).toEqual([used, used]);
      const samplesA = await a.advance(30, true);
      const samplesB = await b.advance(30, true);
      expect(samplesB).toBe(samplesA);
      expect(b.steps).toEqual([30, 60]);
      for (let l = 0; l < one.levels.length; l++) {
        expect(sameBytes(one.levels[l].f, two.levels[l].f)).toBe(true);
        expect(sameBytes(one.levels[l].meanSum, two.levels[l].meanSum)).toBe(true);
        expect(sameBytes(one.levels[l].nut, two.levels[l].nut)).toBe(true);
        const [k1, k2] = [one.levels[l].turb, two.levels[l].turb];
        expect(k1 == null).toBe(closure !== 'k-l');
        if (k1 && k2) expect(sameBytes(k1.k, k2.k)).toBe(true);
      }
      expect(await b.health()).toEqual(await a.health());
    } finally {
      await b.close();
    }
  });
});
