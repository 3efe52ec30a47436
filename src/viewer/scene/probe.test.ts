import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { barycentric, interpolateScalar, probeTriangle, type Vec3 } from './probe.ts';

const a: Vec3 = [0, 0, 1.5];
const b: Vec3 = [2, 0, 1.5];
const c: Vec3 = [0, 2, 1.5];

describe('barycentric probing', () => {
  it('gives weight 1 at each vertex and thirds at the centroid', () => {
    expect(barycentric(a, a, b, c)).toEqual([1, 0, 0]);
    expect(barycentric(b, a, b, c)).toEqual([0, 1, 0]);
    expect(barycentric(c, a, b, c)).toEqual([0, 0, 1]);
    const w = barycentric([2 / 3, 2 / 3, 1.5], a, b, c);
    w.forEach((x) => expect(x).toBeCloseTo(1 / 3, 12));
  });

  it('reproduces a linear field exactly anywhere in the triangle (what the GPU interpolates)', () => {
    const f = (p: Vec3) => 3 + 2 * p[0] - 5 * p[1];
    fc.assert(
      fc.property(fc.double({ min: 0, max: 1, noNaN: true }), fc.double({ min: 0, max: 1, noNaN: true }), (s0, t0) => {
        // a point inside the triangle: a + s·(b − a) + t·(c − a) with s + t ≤ 1
        const [s, t] = s0 + t0 > 1 ? [1 - s0, 1 - t0] : [s0, t0];
        const p: Vec3 = [a[0] + s * (b[0] - a[0]) + t * (c[0] - a[0]), a[1] + s * (b[1] - a[1]) + t * (c[1] - a[1]), 1.5];
        const value = probeTriangle([...a, ...b, ...c], [f(a), f(b), f(c)], [0, 1, 2], p);
        expect(value).toBeCloseTo(f(p), 9);
      }),
    );
  });

  it('projects a point slightly off the plane onto it', () => {
    const w = barycentric([1, 0.5, 1.6], a, b, c);
    expect(w[1]).toBeCloseTo(0.5, 12);
    expect(w[2]).toBeCloseTo(0.25, 12);
  });

  it('treats NaN as no data: renormalises over the others unless the nearest vertex has none', () => {
    expect(interpolateScalar([10, Number.NaN, 20], [0.5, 0.2, 0.3])).toBeCloseTo((10 * 0.5 + 20 * 0.3) / 0.8, 12);
    expect(interpolateScalar([10, Number.NaN, 20], [0.2, 0.6, 0.2])).toBeNaN();
  });

  it('falls back to the nearest vertex on a degenerate triangle', () => {
    expect(barycentric([1.9, 0, 0], [0, 0, 0], [1, 0, 0], [2, 0, 0])).toEqual([0, 0, 1]);
  });
});
