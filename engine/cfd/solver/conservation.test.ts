import { describe, expect, it } from 'vitest';
import { buildHierarchy } from '../grid/build-hierarchy.ts';
import { cellIndex } from '../grid/layout.ts';
import { KIND, type Level } from '../grid/level.ts';
import { momentsOf } from '../kernel/cell.ts';
import { inlineStepper } from '../run/stepper.ts';
import { boxTriangles } from '../geometry/box-mesh.ts';
import { voxelize } from '../geometry/voxelize.ts';
import { domainBox, emptyHierarchy, physicsFor, refine, SUBURBAN_10MS, withColumns } from '../test/small-grids.ts';

function speedAt(level: Level, i: number, j: number, k: number, latticePerMs: number): number {
  const h = new Float64Array(19),
    m = new Float64Array(10);
  const x = cellIndex(level.pad, i, j, k);
  for (let q = 0; q < 19; q++) h[q] = level.f[q * level.pad.n + x];
  momentsOf(h, m);
  return m[1] / latticePerMs;
}

describe('the solver', () => {
  it('conserves mass to round-off in a closed box with walls, a building and a driven top', async () => {
    const box = { dxM: 8, originM: [0, 0, 0] as const, nx: 12, ny: 10, nz: 10 };
    const solid = new Uint8Array(12 * 10 * 10);
    voxelize('block.stl', boxTriangles(32, 32, 0, 56, 48, 40), box, solid);
    const h = buildHierarchy({ boxes: [box], placements: [], solid: [solid], physics: physicsFor(SUBURBAN_10MS, 80), mode: 'column' });
    const mass = () => {
      let total = 0;
      const level = h.levels[0];
      for (let x = 0; x < level.pad.n; x++) {
        if (level.kind[x] !== KIND.FLUID) continue;
        for (let q = 0; q < 19; q++) total += level.f[q * level.pad.n + x];
      }
      return total;
    };
    const stepper = inlineStepper(h);
    const before = mass();
    await stepper.advance(200, false);
    // Populations are stored as deviations from the weights: Σ(f − w) is the mass change itself.
    // Not exactly 0: 200 steps of float32 sums over 1200 cells leave a round-off, held under 1e-6 a cell.
    expect(Math.abs(mass() - before)).toBeLessThan(1e-3);
    expect(Math.abs(mass() - before) / (12 * 10 * 10)).toBeLessThan(1e-6);
  });

  it("keeps an empty domain's approach flow within ±5 % from 2 to 100 m across the fetch, through two refined levels", async () => {
    const box0 = domainBox(16, 640, 192, 160);
    const r1 = refine(box0, 160, 480, 48, 144, 64);
    const r2 = refine(r1.box, 224, 416, 72, 120, 32);
    const boxes = [box0, r1.box, r2.box];
    const physics = withColumns(physicsFor(SUBURBAN_10MS, 160), boxes);
    const h = emptyHierarchy(boxes, [r1.at, r2.at], physics);
    const stepper = inlineStepper(h);
    // One pass of the domain at the reference speed.
    const steps = 2 * Math.round(640 / 10 / h.dt0S / 2);
    await stepper.advance(steps, false);
    const inflow = physics.profile;
    let worst = 0,
      checked = 0;
    for (const level of h.levels) {
      const { box } = level;
      const sponge = level.index === 0 ? physics.spongeCells : 0;
      for (let i = 1; i < box.nx - 1 - sponge; i += 3) {
        for (let k = 0; k < box.nz; k++) {
          const z = (k + 0.5) * box.dxM;
          if (z < 2 || z > 100) continue;
          const j = Math.floor(box.ny / 2);
          if (level.kind[cellIndex(level.pad, i, j, k)] !== KIND.FLUID) continue;
          const ratio = speedAt(level, i, j, k, physics.latticePerMs) / physics.columns![level.index]!.speedMs[k];
          worst = Math.max(worst, Math.abs(ratio - 1));
          checked++;
          // And the column itself is the log law to a few per cent.
          expect(physics.columns![level.index]!.speedMs[k] / inflow.speedMs(z)).toBeGreaterThan(0.95);
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
    expect(worst).toBeLessThan(0.05);
  }, 120_000);
});
