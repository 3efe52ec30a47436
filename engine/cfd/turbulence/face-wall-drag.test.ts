import { describe, expect, it } from 'vitest';
import { applyFaceWall, FACE_SHEAR, smoothWallFrictionVelocity } from './face-wall-drag.ts';
import { buildingGrid } from '../test/small-grids.ts';
import { CX, CY, CZ, W } from '../lattice/d3q19.ts';
import { DRAG } from '../grid/level.ts';
import { ROLE } from './k-fields.ts';
import { collideSlowReference, makeThreadContext } from '../solver/step.ts';

describe('the building faces’ wall model (a trial)', () => {
  it('takes u* from the smooth wall’s log law, and the viscous sublayer’s below y⁺ ≈ 11', () => {
    const uStar = smoothWallFrictionVelocity(4, 0.5, 1.5e-5);
    expect((uStar / 0.41) * Math.log((9.793 * uStar * 0.5) / 1.5e-5)).toBeCloseTo(4, 6);
    const slow = smoothWallFrictionVelocity(1e-4, 1e-3, 1.5e-5);
    expect(slow).toBeCloseTo(Math.sqrt((1.5e-5 * 1e-4) / 1e-3), 12);
  });

  it('gives the cells beside one face its axis and side, and leaves the first layer’s to the ground', () => {
    const h = buildingGrid(false, { faceWallModel: true });
    const level = h.levels[1];
    const { turb, slow, pad } = { turb: level.turb!, slow: level.slow, pad: level.pad };
    const wall = turb.faceWall!;
    const offsets = [1, pad.px, pad.pxy];
    const seen = new Set<number>();
    for (let c = 0; c < wall.cells.length; c++) {
      const x = wall.cells[c],
        s = wall.slot[c];
      if (turb.role[x] === ROLE.GROUND) {
        expect(s).toBe(-1);
        continue;
      }
      if (s < 0) continue;
      const axis = slow.dragKind[s] - DRAG.FACE_X;
      seen.add(axis);
      expect(slow.cell[s]).toBe(x);
      expect(wall.normals[c]).toBe(1 << axis);
      // σ = +1: the wall is the lower neighbour along the axis.
      const lower = turb.role[x - offsets[axis]] === ROLE.WALL;
      expect(wall.side[c]).toBe(lower ? 1 : -1);
    }
    expect([...seen].sort()).toEqual([0, 1, 2]);
  });

  it('sets a face cell’s σ·√C_f and the wall model’s production at the k pass, and brakes the first layer’s', () => {
    const h = buildingGrid(false, { faceWallModel: true });
    const level = h.levels[1];
    const turb = level.turb!;
    const wall = turb.faceWall!;
    // A cell beside an x-normal face above the first layer.
    const c = wall.slot.findIndex((s) => s >= 0 && level.slow.dragKind[s] === DRAG.FACE_X);
    const x = wall.cells[c];
    turb.u.set([0.02, 0.05, -0.01], 3 * x);
    level.nut[x] = 0.01;
    applyFaceWall(level, turb, wall, 4, c, c + 1);
    const speed = Math.hypot(0.05, -0.01);
    const uStar = smoothWallFrictionVelocity(speed, 0.5, wall.viscosity);
    expect(level.slow.drag[wall.slot[c]]).toBeCloseTo((wall.side[c] * uStar) / speed, 6);
    expect(turb.prod[x]).toBeCloseTo(0.01 * (uStar * FACE_SHEAR) ** 2, 9);

    // A first-layer cell beside an x-normal face: braked along the face, for the pass's steps.
    const b = wall.cells.findIndex((y, i) => turb.role[y] === ROLE.GROUND && wall.normals[i] === 1);
    const y = wall.cells[b];
    turb.u.set([0.02, 0.05, -0.01], 3 * y);
    const n = level.pad.n;
    const momentum = () => [CX, CY, CZ].map((axis) => axis.reduce((sum, e, q) => sum + e * level.f[q * n + y], 0));
    const before = momentum();
    applyFaceWall(level, turb, wall, 4, b, b + 1);
    const change = momentum().map((v, a) => v - before[a]);
    expect(Math.abs(change[0])).toBeLessThan(1e-9);
    expect(change[1]).toBeLessThan(0);
    expect(change[2]).toBeGreaterThan(0);
    // Along the velocity's own direction on the face (float32 populations: to about three figures).
    expect(change[1] / change[2]).toBeCloseTo(0.05 / -0.01, 2);
  });

  it('brakes the velocity along the face in the collision, leaves the normal one, and sets the strain across it from the wall model', () => {
    const h = buildingGrid(false, { faceWallModel: true });
    const level = h.levels[1];
    const wall = level.turb!.faceWall!;
    const ctx = makeThreadContext(h, 0, 1, () => {}, []);
    const c = wall.slot.findIndex((s) => s >= 0 && level.slow.dragKind[s] === DRAG.FACE_Y);
    const s = wall.slot[c],
      x = wall.cells[c];
    const n = level.pad.n;
    // A state with velocity along the face and across it (populations at home: an equilibrium).
    const [ux, uy, uz] = [0.04, 0.01, -0.02];
    for (let q = 0; q < 19; q++) {
      const cu = CX[q] * ux + CY[q] * uy + CZ[q] * uz;
      level.f[q * n + x] = W[q] * (1 + 3 * cu + 4.5 * cu * cu - 1.5 * (ux * ux + uy * uy + uz * uz)) - W[q];
    }
    const sg = wall.side[c] * 0.2;
    level.slow.drag[s] = sg;
    // Recorded, so the velocity and strain the collision acted on can be read.
    level.slow.record[s] = 0;
    collideSlowReference(level, s, false, level.rec[0], ctx);
    const rec = level.rec[0];
    const cf = sg * sg * Math.hypot(ux, uz),
      k = -cf / (1 + cf);
    // The half-forced velocity: along the face braked, across it untouched.
    expect(rec[1]).toBeCloseTo(ux * (1 + 0.5 * k), 7);
    expect(rec[2]).toBeCloseTo(uy, 7);
    expect(rec[3]).toBeCloseTo(uz * (1 + 0.5 * k), 7);
    // S_xy = ½·∂u_x/∂y = ½·σ·√C_f·G·u_x, and S_yz likewise with u_z; S_xz is the cell's own.
    expect(rec[7]).toBeCloseTo(0.5 * sg * FACE_SHEAR * ux, 6);
    expect(rec[9]).toBeCloseTo(0.5 * sg * FACE_SHEAR * uz, 6);
    expect(Math.abs(rec[7])).toBeGreaterThan(1e-3);
  });
});
