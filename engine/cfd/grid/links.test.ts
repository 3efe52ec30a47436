import { describe, expect, it } from 'vitest';
import { buildHierarchy } from './build-hierarchy.ts';
import { checkInteriorSources, checkOddStep } from './check-links.ts';
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
