import { describe, expect, it } from 'vitest';
import { buildHierarchy, type Physics } from '../grid/build-hierarchy.ts';
import { boxTriangles } from '../geometry/box-mesh.ts';
import { voxelize } from '../geometry/voxelize.ts';
import { cellIndex } from '../grid/layout.ts';
import { domainBox, physicsFor, refine, SUBURBAN_10MS } from '../test/small-grids.ts';
import { C_DES, C_K, desLength, inDesZone, RESOLVED_GROUND_LENGTH } from './des-length.ts';
import { CMU_THREE_QUARTERS, eddyViscosity } from './k-l-model.ts';
import { ROLE } from './k-fields.ts';

describe('the detached-eddy length', () => {
  it('is the RANS length where that is shorter, C_DES·Δ where it is longer', () => {
    expect(desLength(0.05)).toBe(0.05);
    expect(desLength(3)).toBe(C_DES);
    expect(desLength(C_DES)).toBe(C_DES);
  });

  it("makes the k–ℓ closure Yoshizawa's sub-grid model: ν_t = C_k·Δ·√k, and ε's constant Cμ/C_k ≈ 1.29", () => {
    for (const k of [1e-6, 3e-4, 0.01]) expect(eddyViscosity(k, C_DES)).toBeCloseTo(C_K * Math.sqrt(k), 12);
    expect(CMU_THREE_QUARTERS / C_DES).toBeCloseTo(0.09 / C_K, 10);
    expect(C_DES).toBeGreaterThan(0.127);
    expect(C_DES).toBeLessThan(0.129);
  });

  it('zones the cells nearer a building face than the ground, and those whose ground eddies the grid resolves', () => {
    expect(inDesZone(0.5, 3.5, 1.4)).toBe(true);
    expect(inDesZone(3.5, 0.5, 0.2)).toBe(false);
    expect(inDesZone(2, 2, 0.8)).toBe(false);
    expect(inDesZone(Infinity, 3.5, 1.4)).toBe(false);
    expect(inDesZone(Infinity, 100, 41)).toBe(true);
    // L = ℓ/Cμ^¾ = 12 cells: 80 % of k resolved; about 4.8 cells above the ground.
    expect(RESOLVED_GROUND_LENGTH / CMU_THREE_QUARTERS).toBeCloseTo(12, 10);
    expect(RESOLVED_GROUND_LENGTH / 0.41).toBeGreaterThan(4.7);
    expect(RESOLVED_GROUND_LENGTH / 0.41).toBeLessThan(4.9);
  });

  it('with a base band, reaches the ground within that distance of a building face, and not beyond', () => {
    // 3.5 cells from the face, half a cell up: RANS without the band (the ground is nearer).
    expect(inDesZone(3.5, 0.5, 0.2, 4)).toBe(true);
    expect(inDesZone(4.5, 0.5, 0.2, 4)).toBe(false);
    expect(inDesZone(Infinity, 0.5, 0.2, 4)).toBe(false);
    expect(inDesZone(3.5, 0.5, 0.2, 0)).toBe(false);
  });
});

describe('the zone on a grid', () => {
  const box0 = domainBox(16, 384, 224, 160);
  const { box: box1, at } = refine(box0, 96, 224, 64, 160, 64);
  const boxes = [box0, box1];
  const build = (physics: Physics, building: boolean) => {
    const solid = boxes.map((b) => {
      const m = new Uint8Array(b.nx * b.ny * b.nz);
      if (building) voxelize('t.stl', boxTriangles(150, 100, 0, 170, 120, 30), b, m);
      return m;
    });
    return buildHierarchy({ boxes, placements: [at], solid, physics });
  };
  const kl = physicsFor(SUBURBAN_10MS, 160, { closure: 'k-l' });
  const des = physicsFor(SUBURBAN_10MS, 160, { closure: 'k-l-des', desLevel: 1 });

  it('shortens the length only on the zone level, only nearer the building than the ground or high above it, and keeps the ground layer RANS', () => {
    const a = build(kl, true),
      b = build(des, true);
    expect(b.levels[0].turb!.len).toEqual(a.levels[0].turb!.len);
    const fine = b.levels[1],
      ref = a.levels[1];
    const { box, pad } = fine;
    let zone = 0,
      rans = 0;
    for (let k = 0; k < box.nz; k++)
      for (let j = 0; j < box.ny; j++)
        for (let i = 0; i < box.nx; i++) {
          const x = cellIndex(pad, i, j, k);
          if (fine.turb!.role[x] === ROLE.WALL) continue;
          if (fine.turb!.len[x] !== ref.turb!.len[x]) {
            zone++;
            expect(fine.turb!.len[x]).toBeCloseTo(C_DES, 6);
            expect(k).toBeGreaterThan(0);
          } else if (k >= 5) {
            // 8 m cells: from the sixth layer up the ground's eddies are resolved.
            expect(fine.turb!.len[x]).toBeCloseTo(C_DES, 6);
          } else rans++;
        }
    expect(zone).toBeGreaterThan(100);
    expect(rans).toBeGreaterThan(100);
    // Above the roof (30 m; 8 m cells: layer 4 is 32–40 m) in the middle of the building's plan.
    const above = cellIndex(pad, Math.floor((160 - box.originM[0]) / box.dxM), Math.floor((110 - box.originM[1]) / box.dxM), 4);
    expect(fine.turb!.len[above]).toBeCloseTo(C_DES, 6);
  });

  it('has no cell in an empty domain: the approach flow stays the k–ℓ closure’s, with no synthetic entry', () => {
    const a = build(kl, false),
      b = build({ ...des, syntheticSeed: 1 }, false);
    for (let l = 0; l < 2; l++) expect(b.levels[l].turb!.len).toEqual(a.levels[l].turb!.len);
    expect(b.levels[1].turb!.synthetic).toBeNull();
    // With the building, the zone level's inflow face carries the synthetic entry where the zone
    // begins: its layers from the sixth up (8 m cells, 64 m high box: layers 5–7).
    const c = build({ ...des, syntheticSeed: 1 }, true);
    expect(c.levels[1].turb!.synthetic!.cells.length).toBe(c.levels[1].box.ny * 3);
    expect(c.levels[0].turb!.synthetic).toBeNull();
    expect(c.levels[1].turb!.synthetic!.field.modes).toBe(128);
    expect(build({ ...des, syntheticSeed: 1, syntheticModes: 512 }, true).levels[1].turb!.synthetic!.field.modes).toBe(512);
  });
  it('spreads over the finer levels with desLevel below the finest, and the entry stays on the coarsest of them', () => {
    const { box: box2, at: at2 } = refine(box1, 136, 200, 84, 136, 48);
    const three = [box0, box1, box2];
    const build3 = (physics: Physics) => {
      const solid = three.map((b) => {
        const m = new Uint8Array(b.nx * b.ny * b.nz);
        voxelize('t.stl', boxTriangles(150, 100, 0, 170, 120, 30), b, m);
        return m;
      });
      return buildHierarchy({ boxes: three, placements: [at, at2], solid, physics });
    };
    const a = build3(kl),
      b = build3({ ...des, syntheticSeed: 1 });
    const shortened = (l: number) => {
      let n = 0;
      b.levels[l].turb!.len.forEach((v, x) => {
        if (v !== a.levels[l].turb!.len[x]) n++;
      });
      return n;
    };
    expect(shortened(0)).toBe(0);
    expect(shortened(1)).toBeGreaterThan(100);
    expect(shortened(2)).toBeGreaterThan(100);
    expect(b.levels[1].turb!.synthetic).not.toBeNull();
    expect(b.levels[2].turb!.synthetic).toBeNull();
  });
});
