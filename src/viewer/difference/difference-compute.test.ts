import { describe, expect, it } from 'vitest';
import { differenceOf } from './difference-compute.ts';
import { classChangeLabel, classStepColours, PUOR_9, symmetricLimit } from './diverging-scale.ts';

const grid = (n: number, dx = 0) => {
  const p = new Float32Array(n * 3);
  for (let i = 0; i < n; i++) p.set([i * 5 + dx, 0, 1.5], i * 3);
  return p;
};

describe('difference of two layers', () => {
  it('subtracts A from B point by point when the points are shared', () => {
    const a = { positions: grid(4), values: Float32Array.of(1, 2, 3, NaN) };
    const b = { positions: grid(4), values: Float32Array.of(1.5, 1, 3, 2) };
    const out = differenceOf(a, b, { mode: 'values', maxDistanceM: 2 });
    expect([...out.values.slice(0, 3)]).toEqual([0.5, -1, 0]);
    expect(out.values[3]).toBeNaN();
    expect(out).toMatchObject({ shared: 4, resampled: 0, leftOut: 0, maxAbs: 1, lower: 1, same: 1, higher: 1 });
  });

  it('counts comfort classes gained and lost', () => {
    const a = { positions: grid(3), values: Float32Array.of(0, 3, 2) };
    const b = { positions: grid(3), values: Float32Array.of(2, 1, 2) };
    const out = differenceOf(a, b, { mode: 'classes', maxDistanceM: 0 });
    expect([...out.values]).toEqual([2, -2, 0]);
    expect(classChangeLabel(-2)).toBe('2 classes calmer');
    expect(classChangeLabel(1)).toBe('1 class windier');
    expect(classChangeLabel(0)).toBe('No change');
  });

  it('takes the nearest point of A within the distance, and leaves out points with none near', () => {
    // A's points at x = 0, 5, 10; B's at x = 1, 6, 11 (1 m off) and one far away at x = 40.
    const a = { positions: grid(3), values: Float32Array.of(1, 2, 3) };
    const positions = new Float32Array([...grid(3, 1), 40, 0, 1.5]);
    const b = { positions, values: Float32Array.of(2, 2, 2, 2) };
    const near = differenceOf(a, b, { mode: 'values', maxDistanceM: 2 });
    expect([...near.values.slice(0, 3)]).toEqual([1, 0, -1]);
    expect(near.values[3]).toBeNaN();
    expect(near).toMatchObject({ shared: 0, resampled: 3, leftOut: 1 });
    const strict = differenceOf(a, b, { mode: 'values', maxDistanceM: 0.5 });
    expect(strict).toMatchObject({ resampled: 0, leftOut: 4 });
  });

  it('refuses values that do not match the points', () => {
    expect(() =>
      differenceOf(
        { positions: grid(2), values: Float32Array.of(1) },
        { positions: grid(2), values: Float32Array.of(1, 2) },
        { mode: 'values', maxDistanceM: 1 },
      ),
    ).toThrow(/number of values/);
  });
});

describe('diverging scale', () => {
  it('is symmetric about zero on a round limit', () => {
    expect(symmetricLimit(0.37)).toBe(0.5);
    expect(symmetricLimit(1)).toBe(1);
    expect(symmetricLimit(1.2)).toBe(2);
    expect(symmetricLimit(2.2)).toBe(2.5);
    expect(symmetricLimit(0)).toBe(1);
  });

  it('gives white to no change and the two ends of the ramp to the largest steps', () => {
    const colours = classStepColours(2);
    expect(colours).toHaveLength(5);
    expect(colours[2]).toBe(PUOR_9[4]);
    expect(colours[0]).toBe(PUOR_9[0]);
    expect(colours[4]).toBe(PUOR_9[8]);
  });
});
