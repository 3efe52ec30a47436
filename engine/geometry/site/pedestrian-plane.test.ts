import { describe, expect, it } from 'vitest';
import { boxSoup } from '../mesh/test-meshes.ts';
import { MAX_PLANE_POINTS, PlaneError, pedestrianPlane } from './pedestrian-plane.ts';

/** A flat ground sheet (two triangles) over the square [−s, s]², at height z. */
function sheet(s: number, z = 0): Float32Array {
  return Float32Array.from([-s, -s, z, s, -s, z, s, s, z, -s, -s, z, s, s, z, -s, s, z]);
}

const pointsOf = (p: Float32Array) => Array.from({ length: p.length / 3 }, (_, i) => [p[i * 3]!, p[i * 3 + 1]!, p[i * 3 + 2]!] as const);

describe('pedestrianPlane', () => {
  const tower = boxSoup(0, 0, -1, 10, 10, 30);

  it('covers the study extent grown by the margin at 1.5 m, on the spacing grid', () => {
    const plane = pedestrianPlane({ study: tower, marginM: 20, spacingM: 2 });
    expect(plane.extent).toEqual({ minX: -20, minY: -20, maxX: 30, maxY: 30 });
    const points = pointsOf(plane.positions);
    expect(points.every(([, , z]) => Math.abs(z - 1.5) < 1e-6)).toBe(true);
    expect(points.every(([x, y]) => Number.isInteger(x / 2) && Number.isInteger(y / 2))).toBe(true);
    expect(Math.min(...points.map(([x]) => x))).toBe(-20);
    expect(Math.max(...points.map(([y]) => y))).toBe(30);
  });

  it('leaves no point inside a building or within the clearance of its walls', () => {
    const plane = pedestrianPlane({ study: tower, marginM: 10, spacingM: 1, clearanceM: 0.5 });
    const points = pointsOf(plane.positions);
    expect(points.some(([x, y]) => x > -0.5 && x < 10.5 && y > -0.5 && y < 10.5)).toBe(false);
    // Just beyond the clearance the grid is kept: (-1, 5) and (11, 5).
    expect(points.some(([x, y]) => x === -1 && y === 5)).toBe(true);
    expect(points.some(([x, y]) => x === 11 && y === 5)).toBe(true);
    // 11 × 11 grid points in [0, 10]² plus the ring within 0.5 m of the walls (none at 1 m spacing beyond).
    expect(plane.removed).toBe(11 * 11);
  });

  it('keeps the points under a canopy (outside every solid) and drops those inside a surrounding building', () => {
    const canopy = boxSoup(20, 0, 4, 30, 10, 4.5); // a roof 4 m up, pedestrians walk under it
    const neighbour = boxSoup(-30, -30, -1, -20, -20, 12);
    const plane = pedestrianPlane({ study: tower, obstacles: new Float32Array([...canopy, ...neighbour]), marginM: 40, spacingM: 2 });
    const points = pointsOf(plane.positions);
    expect(points.some(([x, y]) => x === 24 && y === 4)).toBe(true);
    expect(points.some(([x, y]) => x === -26 && y === -26)).toBe(false);
  });

  it('follows a raised ground and leaves out points with no ground under them', () => {
    const plane = pedestrianPlane({ study: tower, ground: sheet(25, 3), marginM: 40, spacingM: 5 });
    const points = pointsOf(plane.positions);
    expect(points.every(([, , z]) => Math.abs(z - 4.5) < 1e-6)).toBe(true);
    expect(points.every(([x, y]) => Math.abs(x) <= 25 && Math.abs(y) <= 25)).toBe(true);
  });

  it('joins neighbouring points into counter-clockwise triangles, none across a building', () => {
    const plane = pedestrianPlane({ study: tower, marginM: 6, spacingM: 2 });
    const p = plane.positions;
    expect(plane.indices.length % 3).toBe(0);
    for (let t = 0; t < plane.indices.length; t += 3) {
      const [a, b, c] = [plane.indices[t]!, plane.indices[t + 1]!, plane.indices[t + 2]!];
      const area2 = (p[b * 3]! - p[a * 3]!) * (p[c * 3 + 1]! - p[a * 3 + 1]!) - (p[c * 3]! - p[a * 3]!) * (p[b * 3 + 1]! - p[a * 3 + 1]!);
      expect(area2).toBeGreaterThan(0);
      // Each edge spans one grid step at most (no triangle bridges the building's hole).
      for (const [i, j] of [
        [a, b],
        [b, c],
        [c, a],
      ] as const)
        expect(Math.hypot(p[i * 3]! - p[j * 3]!, p[i * 3 + 1]! - p[j * 3 + 1]!)).toBeLessThanOrEqual(2 * Math.SQRT2 + 1e-6);
    }
  });

  it('refuses a plane of too many points, naming the spacing', () => {
    const huge = boxSoup(0, 0, 0, 2000, 2000, 10);
    expect(() => pedestrianPlane({ study: huge, spacingM: 1 })).toThrow(PlaneError);
    try {
      pedestrianPlane({ study: huge, spacingM: 1 });
    } catch (error) {
      expect((error as PlaneError).field).toBe('spacing_m');
      expect((error as PlaneError).message).toContain(String(MAX_PLANE_POINTS));
    }
  });

  it('refuses non-positive heights and spacings and an empty study', () => {
    expect(() => pedestrianPlane({ study: tower, heightM: 0 })).toThrow(/height/);
    expect(() => pedestrianPlane({ study: tower, spacingM: -1 })).toThrow(/spacing/);
    expect(() => pedestrianPlane({ study: new Float32Array(0) })).toThrow(/no triangles/);
  });
});
