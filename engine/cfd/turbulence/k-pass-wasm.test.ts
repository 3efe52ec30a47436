import { describe, expect, it } from 'vitest';
import { buildingGrid } from '../test/small-grids.ts';
import { inlineStepper } from '../run/stepper.ts';
import { makeThreadContext } from '../solver/step.ts';
import { prepareKernel } from '../kernel/run-kernel.ts';
import type { Grid } from '../grid/level.ts';
import { turbulencePass } from './k-transport.ts';

/**
 * Two levels over a building (k–ℓ closure): walls, ground, a refinement ring, inflow and outflow;
 * with `three`, a third level around the building, whose four k substeps per pass one thread walks
 * as a wavefront (two and more substeps reuse the first one's coefficients).
 */
function make(three = false, lateral = false): Grid {
  return buildingGrid(three, lateral ? { lateralLength: true, lateralShareAbove: 0.5 } : {});
}

/** Largest |a − b| over the cells, and the largest |a| (the scale it is judged against). */
function worst(a: Float32Array, b: Float32Array): { diff: number; scale: number } {
  let diff = 0,
    scale = 0;
  for (let i = 0; i < a.length; i++) {
    diff = Math.max(diff, Math.abs(a[i] - b[i]));
    scale = Math.max(scale, Math.abs(a[i]));
  }
  return { diff, scale };
}

describe('the k pass in WebAssembly', () => {
  it.each([
    ['two levels', false, 24, false],
    ['three levels', true, 8, false],
    ['two levels, the lateral length', false, 24, true],
  ])(
    'gives the JavaScript reference’s velocities, strain, production, k and eddy viscosity, to the float32 bit (%s)',
    async (_, three, developSteps, lateral) => {
      // A developed state (wake, shear layers, k out of equilibrium) from the JavaScript path.
      const js = make(three, lateral);
      await inlineStepper(js, 'js').advance(developSteps, false);
      // The same state on a second grid, which then steps in WebAssembly.
      const wasm = make(three, lateral);
      for (let l = 0; l < js.levels.length; l++) {
        const a = js.levels[l],
          b = wasm.levels[l];
        b.f.set(a.f);
        b.pre.state.set(a.pre.state);
        b.nut.set(a.nut);
        b.turb!.k.set(a.turb!.k);
        b.turb!.kNext.set(a.turb!.kNext);
      }
      expect(prepareKernel(wasm)).toBe('wasm');
      const steps = js.levels.map((_, l) => developSteps * 2 ** l);
      const ctxJs = makeThreadContext(js, 0, 1, () => {}, steps),
        ctxWasm = makeThreadContext(wasm, 0, 1, () => {}, steps);
      expect(ctxJs.runKernel.k).toBeUndefined();
      expect(ctxWasm.runKernel.k).toBeDefined();
      for (let pass = 0; pass < 3; pass++) {
        turbulencePass(js, ctxJs);
        turbulencePass(wasm, ctxWasm);
      }
      for (let l = 0; l < js.levels.length; l++) {
        const a = js.levels[l].turb!,
          b = wasm.levels[l].turb!;
        for (const [name, x, y] of [
          ['u', a.u, b.u],
          ['strain', a.strain, b.strain],
          ['prod', a.prod, b.prod],
          ['k', a.k, b.k],
          ['nut', js.levels[l].nut, wasm.levels[l].nut],
          ['len', a.len, b.len],
        ] as const) {
          const { diff, scale } = worst(x, y);
          // Not a trivial field: the flow has developed.
          expect(scale, `${name} on level ${l}`).toBeGreaterThan(0);
          expect(diff, `${name} on level ${l}`).toBe(0);
        }
        // With the lateral length, some cells' lengths have left their wall length.
        if (lateral)
          expect(
            a.len.some((v, x) => v !== a.lateral!.wall[x]),
            `lateral lengths on level ${l}`,
          ).toBe(true);
      }
    },
  );
});
