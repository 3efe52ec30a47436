import { describe, expect, it } from 'vitest';
import { DEMO_DISTRICT_DEFAULT_SEED, generateDemoDistrict } from './district.ts';
import { isClosedManifold, signedVolume, steppedPrism, rectangle } from './mesh-builders.ts';
import { presentationPlane } from './presentation-plane.ts';

describe('generateDemoDistrict', () => {
  const district = generateDemoDistrict();

  it('is deterministic for a seed and differs between seeds', () => {
    expect(generateDemoDistrict().triangles).toEqual(district.triangles);
    expect(generateDemoDistrict(7).triangles).not.toEqual(district.triangles);
  });

  it('has several towers of varied heights, one study building, trees and a tiled ground', () => {
    const heights = district.buildings.map((b) => b.heightM);
    expect(district.buildings.length).toBeGreaterThanOrEqual(8);
    expect(Math.max(...heights) - Math.min(...heights)).toBeGreaterThan(30);
    expect(district.buildings.filter((b) => b.role === 'study')).toHaveLength(1);
    expect(district.trees.length).toBeGreaterThan(0);
    expect(district.ground.plaza.indices.length).toBeGreaterThan(0);
    expect(district.ground.streets.indices.length).toBeGreaterThan(0);
  });

  it('builds every building and tree part as a closed, outward-wound mesh reaching 1 m into the ground', () => {
    for (const object of [...district.buildings, ...district.trees]) {
      expect(isClosedManifold(object.mesh), object.id).toBe(true);
      expect(signedVolume(object.mesh), object.id).toBeGreaterThan(0);
    }
    for (const building of district.buildings) {
      let minZ = Infinity;
      for (let i = 2; i < building.mesh.positions.length; i += 3) minZ = Math.min(minZ, building.mesh.positions[i]);
      expect(minZ).toBe(-1);
    }
  });

  it('keeps the default district stable (seeded demo results depend on it)', () => {
    expect(district.seed).toBe(DEMO_DISTRICT_DEFAULT_SEED);
    expect(district.triangleCount).toBe(11496);
    expect(district.buildings).toHaveLength(16);
  });

  it('reports its triangle count and merges everything into one soup', () => {
    expect(district.triangleCount * 9).toBe(district.triangles.length);
    const parts = [...district.buildings, ...district.trees].reduce((sum, o) => sum + o.mesh.indices.length / 3, 0);
    const ground = (district.ground.streets.indices.length + district.ground.plaza.indices.length + district.ground.blocks.indices.length) / 3;
    expect(district.triangleCount).toBe(parts + ground);
  });
});

describe('mesh builders', () => {
  it('detects an open mesh', () => {
    const box = steppedPrism([{ footprint: rectangle(0, 0, 1, 1), topZ: 1 }], 0);
    expect(isClosedManifold(box)).toBe(true);
    expect(signedVolume(box)).toBeCloseTo(1, 6);
    const open = { positions: box.positions, indices: box.indices.slice(3) };
    expect(isClosedManifold(open)).toBe(false);
  });
});

describe('presentationPlane', () => {
  const district = generateDemoDistrict();

  it('puts points 1.5 m above ground, outside every building, with an upward normal', () => {
    const plane = presentationPlane(district, { spacingM: 4 });
    const count = plane.points.length / 3;
    expect(count).toBeGreaterThan(1000);
    for (let i = 0; i < count; i++) {
      expect(plane.points[i * 3 + 2]).toBe(1.5);
      expect(plane.normals[i * 3 + 2]).toBe(1);
    }
    for (const building of district.buildings) {
      const xs = building.footprint.map(([x]) => x);
      const ys = building.footprint.map(([, y]) => y);
      const cx = xs.reduce((a, b) => a + b, 0) / xs.length;
      const cy = ys.reduce((a, b) => a + b, 0) / ys.length;
      for (let i = 0; i < count; i++) {
        const inside = Math.abs(plane.points[i * 3] - cx) < 2 && Math.abs(plane.points[i * 3 + 1] - cy) < 2;
        expect(inside).toBe(false);
      }
    }
  });

  it('joins neighbouring points into an upward-facing triangle mesh', () => {
    const plane = presentationPlane(district, { spacingM: 4 });
    const count = plane.points.length / 3;
    expect(plane.triangles.length % 3).toBe(0);
    for (let t = 0; t < plane.triangles.length; t += 3) {
      const [a, b, c] = [plane.triangles[t], plane.triangles[t + 1], plane.triangles[t + 2]];
      expect(Math.max(a, b, c)).toBeLessThan(count);
      const abx = plane.points[b * 3] - plane.points[a * 3];
      const aby = plane.points[b * 3 + 1] - plane.points[a * 3 + 1];
      const acx = plane.points[c * 3] - plane.points[a * 3];
      const acy = plane.points[c * 3 + 1] - plane.points[a * 3 + 1];
      expect(abx * acy - aby * acx).toBeGreaterThan(0);
    }
  });

  it('takes the spacing and height as options', () => {
    const coarse = presentationPlane(district, { spacingM: 8, heightAboveGroundM: 2 });
    const fine = presentationPlane(district, { spacingM: 4 });
    expect(fine.points.length / coarse.points.length).toBeGreaterThan(3.5);
    expect(coarse.points[2]).toBe(2);
    expect(() => presentationPlane(district, { spacingM: 0 })).toThrow(RangeError);
  });
});
