import { describe, expect, it } from 'vitest';
import { buildHierarchy } from './build-hierarchy.ts';
import { checkInteriorSources, checkOddStep, checkReadWriteRule } from './check-links.ts';
import { cellIndex, padded } from './layout.ts';
import { readSlot } from './links.ts';
import { OPP, directionOf } from '../lattice/d3q19.ts';
import { boxTriangles } from '../geometry/box-mesh.ts';
import { voxelize } from '../geometry/voxelize.ts';
import { domainBox, physicsFor, refine, SUBURBAN_10MS } from '../test/small-grids.ts';

describe('odd-step links', () => {
  it('give every slot one owner and every colliding cell the same read and write slots, across levels, walls, faces and interfaces', () => {
    const box0 = domainBox(16, 384, 224, 160);
    const { box: box1, at } = refine(box0, 96, 224, 64, 160, 64);
    const building = boxTriangles(150, 100, 0, 170, 120, 30);
    const solid = [box0, box1].map((b) => {
      const s = new Uint8Array(b.nx * b.ny * b.nz);
      voxelize('tower.stl', building, b, s);
      return s;
    });
    expect(solid[1].reduce((a, v) => a + v, 0)).toBeGreaterThan(0);
    const h = buildHierarchy({ boxes: [box0, box1], placements: [at], solid, physics: physicsFor(SUBURBAN_10MS, 160) });
    for (const level of h.levels) {
      const report = checkOddStep(level);
      expect(report.writes).toBeGreaterThan(1000);
      expect(report.collisions).toBe(0);
      expect(report.asymmetric).toBe(0);
      expect(checkInteriorSources(level)).toBe(0);
    }
  });

  it('write f_opp(q) where they read f_q, at every kind of boundary (so one table serves both)', () => {
    const box = domainBox(4, 40, 32, 24);
    const building = boxTriangles(12, 8, 0, 20, 16, 12);
    const solid = new Uint8Array(box.nx * box.ny * box.nz);
    voxelize('b.stl', building, box, solid);
    const h = buildHierarchy({ boxes: [box], placements: [], solid: [solid], physics: physicsFor(SUBURBAN_10MS, 24) });
    const level = h.levels[0];
    const cells: Array<[number, number, number]> = [];
    for (let k = 0; k < box.nz; k++) for (let j = 0; j < box.ny; j++) for (let i = 0; i < box.nx; i++) cells.push([i, j, k]);
    const faces = { xLow: 'open', xHigh: 'open', yLow: 'slip', yHigh: 'slip', zLow: 'slip', zHigh: 'slip' } as const;
    const fluid = cells.filter(([i, j, k]) => level.kind[i + 1 + (j + 1) * level.pad.px + (k + 1) * level.pad.pxy] === 1);
    expect(fluid.length).toBeGreaterThan(300);
    expect(checkReadWriteRule({ box, pad: padded(box), kind: level.kind, faces }, fluid)).toBe(0);
  });

  it('keep every slot one owner with building faces that reflect specularly (the faces’ wall model, a trial), and mirror a face’s links', () => {
    const box = domainBox(4, 40, 32, 24);
    const building = boxTriangles(12, 8, 0, 20, 16, 12);
    const solid = new Uint8Array(box.nx * box.ny * box.nz);
    voxelize('b.stl', building, box, solid);
    const physics = physicsFor(SUBURBAN_10MS, 24, { closure: 'k-l', faceWallModel: true });
    const level = buildHierarchy({ boxes: [box], placements: [], solid: [solid], physics }).levels[0];
    const report = checkOddStep(level);
    expect(report.collisions).toBe(0);
    expect(report.asymmetric).toBe(0);
    const faces = { xLow: 'open', xHigh: 'open', yLow: 'slip', yHigh: 'slip', zLow: 'slip', zHigh: 'slip' } as const;
    const ctx = { box, pad: padded(box), kind: level.kind, faces, slipSolids: true };
    // The cell beside the building's −y face at mid-height: a population arriving from the face
    // diagonally, along +x, is the mirror of the one its upstream in-plane neighbour sent at it.
    const [i, j, k] = [4, 1, 1];
    expect(solid[i + box.nx * (j + 1 + box.ny * k)]).toBe(1);
    const q = directionOf(1, -1, 0);
    const mirrored = directionOf(1, 1, 0);
    expect(readSlot(ctx, i, j, k, q)).toBe(OPP[mirrored] * ctx.pad.n + cellIndex(ctx.pad, i - 1, j, k));
    // Without it, halfway bounce-back: the cell's own slot.
    expect(readSlot({ ...ctx, slipSolids: false }, i, j, k, q)).toBe(q * ctx.pad.n + cellIndex(ctx.pad, i, j, k));
  });

  it('hold for a periodic precursor column', () => {
    const h = buildHierarchy({
      boxes: [{ dxM: 8, originM: [0, 0, 0], nx: 1, ny: 1, nz: 12 }],
      placements: [],
      solid: [new Uint8Array(12)],
      physics: physicsFor(SUBURBAN_10MS, 96),
      mode: 'column',
    });
    const report = checkOddStep(h.levels[0]);
    expect(report.collisions).toBe(0);
    expect(report.asymmetric).toBe(0);
  });
});
