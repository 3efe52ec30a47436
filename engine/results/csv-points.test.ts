import { describe, expect, it } from 'vitest';
import { CsvPointsError, interpolateOntoPlane, parseCsvPoints } from './csv-points.ts';

describe('parseCsvPoints', () => {
  it('reads a header naming x, y, z in any order and value columns', () => {
    const points = parseCsvPoints('# from solver X\nZ,x,y,speed,gust\n1.5,0,0,2,3\n1.5,10,0,4,5\n\n');
    expect(points.count).toBe(2);
    expect([...points.positions]).toEqual([0, 0, 1.5, 10, 0, 1.5]);
    expect(Object.keys(points.fields)).toEqual(['speed', 'gust']);
    expect([...points.fields.speed!]).toEqual([2, 4]);
  });

  it.each([
    ['x,y,value\n0,0,1', /no z column/],
    ['x,y,z\n0,0,1', /no value column/],
    ['x,y,z,v\n0,0,1', /line 2 has 3 columns; the header has 4/],
    ['x,y,z,v\n0,0,1,abc', /line 2, column 'v': 'abc' is not a finite number/],
    ['x,y,z,v\n0,0,1,NaN', /not a finite number/],
    ['x,y,z,v\n', /no points/],
    ['', /empty/],
  ])('rejects %j', (text, message) => {
    expect(() => parseCsvPoints(text)).toThrow(CsvPointsError);
    expect(() => parseCsvPoints(text)).toThrow(message);
  });
});

describe('interpolateOntoPlane', () => {
  // a 5 m grid of points with value = x + 2y
  const rows = ['x,y,z,v'];
  for (let x = 0; x <= 50; x += 5) for (let y = 0; y <= 50; y += 5) rows.push(`${x},${y},1.5,${x + 2 * y}`);
  const points = parseCsvPoints(rows.join('\n'));

  it('nearest takes the closest point', () => {
    const plane = Float32Array.from([1, 1, 1.5, 49, 26, 1.5, 200, 200, 1.5]);
    const { v } = interpolateOntoPlane(points, plane, { method: 'nearest' });
    expect([...v!]).toEqual([0, 50 + 50, 50 + 100]);
  });

  it('idw reproduces values at the points and stays within neighbours between them', () => {
    const plane = Float32Array.from([10, 20, 1.5, 12.5, 12.5, 1.5]);
    const { v } = interpolateOntoPlane(points, plane, { method: 'idw', k: 4 });
    expect(v![0]).toBeCloseTo(50, 5);
    // symmetric neighbourhood of a linear field: the centre value
    expect(v![1]).toBeCloseTo(12.5 + 25, 0);
  });

  it('agrees with a brute-force nearest search on scattered points', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
    const text = ['x,y,z,v', ...Array.from({ length: 400 }, (_, i) => `${rand() * 100},${rand() * 60},${rand() * 3},${i}`)].join('\n');
    const scattered = parseCsvPoints(text);
    const plane = Float32Array.from(Array.from({ length: 300 }, () => [rand() * 120 - 10, rand() * 80 - 10, 1.5]).flat());
    const { v } = interpolateOntoPlane(scattered, plane, { method: 'nearest' });
    for (let p = 0; p < 100; p++) {
      let best = -1,
        bestD = Infinity;
      for (let i = 0; i < scattered.count; i++) {
        const d =
          (scattered.positions[i * 3]! - plane[p * 3]!) ** 2 +
          (scattered.positions[i * 3 + 1]! - plane[p * 3 + 1]!) ** 2 +
          (scattered.positions[i * 3 + 2]! - plane[p * 3 + 2]!) ** 2;
        if (d < bestD) [best, bestD] = [i, d];
      }
      expect(v![p]).toBe(best);
    }
  });
});
