import { describe, expect, it } from 'vitest';
import { horizontalStrainShare } from './lateral-length.ts';
import { buildingGrid } from '../test/small-grids.ts';

/** A velocity gradient g[3a + b] = ∂u_a/∂x_b from a list of (a, b, value). */
const grad = (...entries: Array<[number, number, number]>) => {
  const g = new Float64Array(9);
  for (const [a, b, v] of entries) g[3 * a + b] = v;
  return g;
};

/** The gradient turned by θ about z: R g Rᵀ. */
function turned(g: Float64Array, theta: number): Float64Array {
  const c = Math.cos(theta),
    s = Math.sin(theta);
  const R = [c, -s, 0, s, c, 0, 0, 0, 1];
  const out = new Float64Array(9);
  for (let i = 0; i < 3; i++)
    for (let j = 0; j < 3; j++) {
      let v = 0;
      for (let a = 0; a < 3; a++) for (let b = 0; b < 3; b++) v += R[3 * i + a] * g[3 * a + b] * R[3 * j + b];
      out[3 * i + j] = v;
    }
  return out;
}

describe('the horizontal share of the strain', () => {
  it('is 0 in the approach flow’s shear dU/dz and in dV/dz: the ground’s length stays', () => {
    expect(horizontalStrainShare(grad([0, 2, 0.3]))).toBe(0);
    expect(horizontalStrainShare(grad([0, 2, 0.3], [1, 2, -0.1]))).toBe(0);
  });

  it('is 1 in a lateral shear dU/dy and in horizontal plane strain', () => {
    expect(horizontalStrainShare(grad([0, 1, 0.4]))).toBeCloseTo(1, 12);
    expect(horizontalStrainShare(grad([0, 0, 0.2], [1, 1, -0.2]))).toBeCloseTo(1, 12);
  });

  it('is the same whichever way the flow turns about the vertical', () => {
    const g = grad([0, 1, 0.4], [0, 2, 0.3], [0, 0, -0.1], [2, 2, 0.1], [1, 0, 0.05]);
    const share = horizontalStrainShare(g);
    expect(share).toBeGreaterThan(0.3);
    expect(share).toBeLessThan(0.7);
    for (const theta of [0.3, 1.1, 2.5, -0.7]) expect(horizontalStrainShare(turned(g, theta))).toBeCloseTo(share, 12);
  });

  it('is 0 without strain (rest, or solid-body rotation about z)', () => {
    expect(horizontalStrainShare(new Float64Array(9))).toBe(0);
    expect(horizontalStrainShare(grad([0, 1, -0.3], [1, 0, 0.3]))).toBe(0);
  });
});

describe('the bounded free length (a free shear flow’s mixing length)', () => {
  it('never exceeds the bound, leaves the shorter free lengths as they were, and leaves the wall length alone', () => {
    const free = buildingGrid(false, { lateralLength: true });
    const capM = 6;
    const bounded = buildingGrid(false, { lateralLength: true, lateralCapM: capM });
    let capped = 0,
      kept = 0;
    free.levels.forEach((level, l) => {
      const a = level.turb!.lateral!,
        b = bounded.levels[l]!.turb!.lateral!;
      const capCells = capM / level.box.dxM;
      expect(b.wall).toEqual(a.wall);
      for (let x = 0; x < a.free.length; x++) {
        if (a.free[x] === 0) {
          expect(b.free[x]).toBe(0);
          continue;
        }
        expect(b.free[x]).toBeLessThanOrEqual(Math.fround(capCells));
        if (a.free[x] <= capCells) {
          expect(b.free[x]).toBe(a.free[x]);
          kept++;
        } else capped++;
      }
    });
    // The building is 20 m wide: both sides of the bound occur.
    expect(capped).toBeGreaterThan(0);
    expect(kept).toBeGreaterThan(0);
  });
});
