import { describe, expect, it } from 'vitest';
import { brakeFaceCells, smoothWallFrictionVelocity } from './face-wall-drag.ts';
import { buildingGrid } from '../test/small-grids.ts';
import { CX, CY, CZ } from '../lattice/d3q19.ts';

describe('the building faces’ wall model (a trial)', () => {
  it('takes u* from the smooth wall’s log law, and the viscous sublayer’s below y⁺ ≈ 11', () => {
    const uStar = smoothWallFrictionVelocity(4, 0.5, 1.5e-5);
    expect((uStar / 0.41) * Math.log((9.793 * uStar * 0.5) / 1.5e-5)).toBeCloseTo(4, 6);
    const slow = smoothWallFrictionVelocity(1e-4, 1e-3, 1.5e-5);
    expect(slow).toBeCloseTo(Math.sqrt((1.5e-5 * 1e-4) / 1e-3), 12);
  });

  it('finds the cells beside the faces and brakes only their velocity along the face', () => {
    const h = buildingGrid(false, { faceWallModel: true });
    const level = h.levels[1];
    const turb = level.turb!;
    const wall = turb.faceWall!;
    expect(wall.cells.length).toBeGreaterThan(20);
    // A cell beside an x-normal face only.
    const c = wall.normals.findIndex((m) => m === 1);
    expect(c).toBeGreaterThanOrEqual(0);
    const x = wall.cells[c];
    turb.u.set([0.02, 0.05, -0.01], 3 * x);
    const n = level.pad.n;
    const momentum = () => [CX, CY, CZ].map((axis) => axis.reduce((sum, e, q) => sum + e * level.f[q * n + x], 0));
    const before = momentum();
    brakeFaceCells(level, turb, wall, 4, c, c + 1);
    const change = momentum().map((v, a) => v - before[a]);
    expect(Math.abs(change[0])).toBeLessThan(1e-9);
    expect(change[1]).toBeLessThan(0);
    expect(change[2]).toBeGreaterThan(0);
    // Along the velocity's own direction on the face (float32 populations: to about three figures).
    expect(change[1] / change[2]).toBeCloseTo(0.05 / -0.01, 2);
  });
});
