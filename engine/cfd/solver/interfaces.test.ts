import { describe, expect, it } from 'vitest';
import { cellIndex } from '../grid/layout.ts';
import { KIND, type Level } from '../grid/level.ts';
import { momentsOf } from '../kernel/cell.ts';
import { inlineStepper } from '../run/stepper.ts';
import type { InletSpec } from '../bc/abl-inlet.ts';
import { domainBox, emptyHierarchy, physicsFor, refine, withColumns } from '../test/small-grids.ts';

/** City terrain's roughness (engine/wind/profile.ts): z0 half a cell of the finest level here. */
const CITY_10MS: InletSpec = { kind: 'log', roughnessLengthM: 2, referenceSpeedMs: 10, referenceHeightM: 10 };

function speedAt(level: Level, i: number, j: number, k: number, latticePerMs: number): number {
  const h = new Float64Array(19),
    m = new Float64Array(10);
  const x = cellIndex(level.pad, i, j, k);
  for (let q = 0; q < 19; q++) h[q] = level.f[q * level.pad.n + x];
  momentsOf(h, m);
  return m[1] / latticePerMs;
}

describe('the refinement interfaces with transported k', () => {
  it("keep an empty domain's approach flow near the ground: the finer level's first layers stay on their column from its inflow ring on", async () => {
    const box0 = domainBox(16, 640, 192, 160);
    const r1 = refine(box0, 160, 480, 48, 144, 64);
    const r2 = refine(r1.box, 224, 416, 72, 120, 32);
    const boxes = [box0, r1.box, r2.box];
    const physics = withColumns(physicsFor(CITY_10MS, 160, { closure: 'k-l' }), boxes);
    const h = emptyHierarchy(boxes, [r1.at, r2.at], physics);
    const stepper = inlineStepper(h);
    // One pass of the domain at the reference speed.
    const steps = 2 * Math.round(640 / 10 / h.dt0S / 2);
    await stepper.advance(steps, false);
    const fine = h.levels[2];
    const { box } = fine;
    const j = Math.floor(box.ny / 2);
    let worst = 0,
      checked = 0;
    for (let i = 1; i < box.nx - 1; i++) {
      for (let k = 0; k < 4; k++) {
        if (fine.kind[cellIndex(fine.pad, i, j, k)] !== KIND.FLUID) continue;
        const ratio = speedAt(fine, i, j, k, physics.latticePerMs) / physics.columns![2]!.speedMs[k];
        worst = Math.max(worst, Math.abs(ratio - 1));
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(100);
    // The tolerance through an interface; 3.4 % when the ring took its k from the parent's
    // wall-function layer.
    expect(worst).toBeLessThan(0.02);
  }, 300_000);
});

describe('the restriction onto a coarser level', () => {
  it("keeps a finer box's near-ground flow level from its inflow face to its outflow face, and the coarser level's behind it: the normal strains carried relative to each level's column, the ground layer's wall drag kept", async () => {
    const box0 = domainBox(16, 960, 192, 160);
    const r1 = refine(box0, 160, 800, 48, 144, 64);
    const boxes = [box0, r1.box];
    const physics = withColumns(physicsFor(CITY_10MS, 160, { closure: 'k-l' }), boxes);
    const h = emptyHierarchy(boxes, [r1.at], physics);
    const stepper = inlineStepper(h);
    // Two passes of the domain at the reference speed: the box's first layers are steady.
    await stepper.advance(2 * Math.round((2 * 960) / 10 / h.dt0S / 2), false);
    const fine = h.levels[1];
    const { box } = fine;
    const j = Math.floor(box.ny / 2);
    let lo = Infinity,
      hi = -Infinity;
    for (let i = 1; i < box.nx - 1; i++)
      for (let k = 0; k < 3; k++) {
        const ratio = speedAt(fine, i, j, k, physics.latticePerMs) / physics.columns![1]!.speedMs[k];
        lo = Math.min(lo, ratio);
        hi = Math.max(hi, ratio);
      }
    // 1.46 % when the fine level's own near-wall normal strains were averaged onto the coarse
    // level as they were: the flow dipped behind the inflow face and sped up towards the outflow
    // face.
    expect(hi - lo).toBeLessThan(0.01);
    // Behind the box, level 0's first layer is back on its column: 0.6 % above it when the
    // restricted ground cells emitted their children's velocity without the wall's drag.
    const coarse = h.levels[0];
    const jc = Math.floor((r1.at.ay + r1.at.by) / 2);
    let behind = 0;
    for (let i = r1.at.bx - 1; i < r1.at.bx + 6; i++)
      behind = Math.max(behind, Math.abs(speedAt(coarse, i, jc, 0, physics.latticePerMs) / physics.columns![0]!.speedMs[0] - 1));
    expect(behind).toBeLessThan(0.003);
  }, 300_000);
});
