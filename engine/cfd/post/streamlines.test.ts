import { describe, expect, it } from 'vitest';
import { streamlineSeeds, traceStreamlines } from './streamlines.ts';

describe('streamlines', () => {
  const grid = { originM: [0, 0, 0] as [number, number, number], spacingM: 10, dims: [11, 11, 3] as [number, number, number] };
  const uniform = (u: number, v: number) => {
    const f = new Float32Array(3 * 11 * 11 * 3);
    for (let c = 0; c < f.length; c += 3) {
      f[c] = u;
      f[c + 1] = v;
    }
    return f;
  };

  it('follow the mean flow and stop at the grid edge and in still air', () => {
    const [line] = traceStreamlines(uniform(1, 0), grid, [5, 50, 10]);
    const last = line.points.length - 3;
    expect(line.points[last]).toBeGreaterThan(90);
    for (let p = 1; p < line.points.length; p += 3) expect(line.points[p]).toBeCloseTo(50, 4);
    expect(traceStreamlines(uniform(0, 0), grid, [5, 50, 10])).toEqual([]);
    // A diagonal flow stays on its diagonal.
    const [diag] = traceStreamlines(uniform(1, 1), grid, [5, 5, 10]);
    for (let p = 0; p < diag.points.length; p += 3) expect(diag.points[p]).toBeCloseTo(diag.points[p + 1], 3);
  });

  it('seeds across the wind on the upwind side and at the fastest points', () => {
    // Wind from the west (270°): the upwind side is −x.
    const seeds = streamlineSeeds(270, [0, 0], 100, [2], { points: [0, 0, 2, 10, 0, 2], speedRatio: [0.5, 1.5] }, { across: 4, fastest: 1 });
    expect(seeds.length).toBe(15);
    for (let s = 0; s < 12; s += 3) expect(seeds[s]).toBeCloseTo(-100, 6);
    expect(Array.from(seeds.slice(12))).toEqual([10, 0, 2]);
  });
});
