import { describe, expect, it } from 'vitest';
import { checkVoxelizable, voxelize, VoxelizeError } from './voxelize.ts';
import { boxTriangles, concatTriangles } from './box-mesh.ts';
import { rotateTriangles, solverFrame, toSolver, vectorToWorld } from './rotate.ts';

const grid = { originM: [0, 0, 0] as const, dxM: 1, nx: 20, ny: 20, nz: 20 };
const cells = (m: Uint8Array) => m.reduce((a, v) => a + v, 0);
const at = (m: Uint8Array, i: number, j: number, k: number) => m[i + 20 * (j + 20 * k)];

describe('voxelize', () => {
  it('marks exactly the cells whose centres are inside a closed box', () => {
    const m = new Uint8Array(8000);
    const r = voxelize('a.stl', boxTriangles(2, 3, 0, 7, 9, 4), grid, m);
    expect(cells(m)).toBe(5 * 6 * 4);
    expect(at(m, 2, 3, 0)).toBe(1);
    expect(at(m, 6, 8, 3)).toBe(1);
    expect(at(m, 7, 8, 3)).toBe(0);
    expect(at(m, 6, 8, 4)).toBe(0);
    expect(r).toMatchObject({ openColumns: 0, overlapColumns: 0, inconsistentColumns: 0, flipped: false, solidCells: 120 });
  });

  it('fills an open-bottomed extrusion down to the ground and says so', () => {
    const m = new Uint8Array(8000);
    const r = voxelize('open.stl', boxTriangles(2, 3, -1, 7, 9, 4, { openBottom: true }), grid, m);
    expect(cells(m)).toBe(5 * 6 * 4);
    expect(r.openColumns).toBe(30);
  });

  it('keeps overlapping boxes solid where they overlap, and reports the overlap', () => {
    const m = new Uint8Array(8000);
    const r = voxelize('two.stl', concatTriangles([boxTriangles(2, 2, 0, 8, 8, 6), boxTriangles(5, 5, 0, 12, 12, 10)]), grid, m);
    expect(cells(m)).toBe(6 * 6 * 6 + 7 * 7 * 10 - 3 * 3 * 6);
    expect(r.overlapColumns).toBe(9);
  });

  it('turns an inside-out mesh the right way round', () => {
    const box = boxTriangles(2, 2, 0, 6, 6, 3);
    const flipped = new Float32Array(box.length);
    for (let t = 0; t < box.length; t += 9) {
      flipped.set(box.subarray(t, t + 3), t);
      flipped.set(box.subarray(t + 6, t + 9), t + 3);
      flipped.set(box.subarray(t + 3, t + 6), t + 6);
    }
    const m = new Uint8Array(8000);
    expect(voxelize('inside-out.stl', flipped, grid, m).flipped).toBe(true);
    expect(cells(m)).toBe(48);
  });

  it('survives slivers and a ray through shared edges and vertices', () => {
    // Box edges on cell centres (x = 2.5, 6.5) and a zero-area sliver on top.
    const sliver = Float32Array.of(3, 3, 5, 4, 4, 5, 5, 5, 5);
    const m = new Uint8Array(8000);
    voxelize('edges.stl', concatTriangles([boxTriangles(2.5, 2.5, 0, 6.5, 6.5, 5), sliver]), grid, m);
    for (let k = 0; k < 5; k++) expect(at(m, 4, 4, k)).toBe(1);
    expect(at(m, 4, 4, 5)).toBe(0);
  });

  it('names the file it cannot voxelise', () => {
    expect(() => checkVoxelizable('empty.stl', new Float32Array(0))).toThrow(VoxelizeError);
    expect(() => checkVoxelizable('walls.stl', Float32Array.of(0, 0, 0, 1, 0, 0, 1, 0, 1))).toThrow(/walls\.stl: .*no area seen from above/);
    expect(() => checkVoxelizable('nan.stl', Float32Array.of(0, 0, 0, 1, 0, NaN, 1, 1, 0))).toThrow(/nan\.stl: triangle 0/);
  });
});

describe('wind-direction frames', () => {
  it('turns the wind onto +x and back', () => {
    for (const from of [0, 45, 90, 200, 270]) {
      const f = solverFrame(from, 10, -5);
      const rad = (from * Math.PI) / 180;
      const heading = [-Math.sin(rad), -Math.cos(rad)];
      const [sx, sy] = toSolver(f, 10 + heading[0], -5 + heading[1]);
      expect(sx).toBeCloseTo(1, 12);
      expect(sy).toBeCloseTo(0, 12);
      const [wx, wy] = vectorToWorld(f, 1, 0);
      expect(wx).toBeCloseTo(heading[0], 12);
      expect(wy).toBeCloseTo(heading[1], 12);
    }
    // West wind (from 270°) blows along +x already.
    const tri = rotateTriangles(solverFrame(270, 0, 0), Float32Array.of(1, 2, 3, 4, 5, 6, 7, 8, 9));
    expect(Array.from(tri).map((v) => Math.round(v * 1e6) / 1e6)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
});
