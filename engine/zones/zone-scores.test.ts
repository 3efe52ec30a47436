/** Zone scores from a layer's points, against values counted by hand on a 10 × 10 grid of 1 m. */
import { describe, expect, it } from 'vitest';
import { getCriterion } from '../wind/criteria.ts';
import type { Criterion } from '../wind/criterion-schema.ts';
import type { ScoredZone as Zone } from './zone-uses.ts';
import { pointInPolygon } from './point-in-polygon.ts';
import { scoreDifference, scoreZone, type ScoredLayer } from './zone-scores.ts';
import { classLimitForUse } from './zone-use-class.ts';

const N = 10;
const grid = (value: (x: number, y: number) => number) => {
  const positions = new Float32Array(N * N * 3);
  const values = new Float32Array(N * N);
  for (let y = 0; y < N; y++)
    for (let x = 0; x < N; x++) {
      const i = y * N + x;
      positions.set([x, y, 1.5], 3 * i);
      values[i] = value(x, y);
    }
  return { positions, values };
};

// x 0–4, y 0–4: 25 points
const square = (use: Zone['use']): Pick<Zone, 'id' | 'use' | 'polygon'> => ({
  id: 1,
  use,
  polygon: [
    [-0.5, -0.5],
    [4.5, -0.5],
    [4.5, 4.5],
    [-0.5, 4.5],
  ],
});

const lddc = getCriterion('lawson-lddc');

function comfortLayer(): ScoredLayer {
  const { positions, values: classes } = grid((x) => Math.floor(x / 2)); // per row: 0 0 1 1 2 | …
  const { values: exceed15 } = grid((_x, y) => (y === 0 ? 0.001 : 0)); // the first row breaks 15 m/s > 0.022 %
  return { positions, fields: { comfortClass: classes, exceedance_15ms: exceed15 }, kind: 'comfort', criterion: lddc };
}

describe('scoreZone', () => {
  it('gives the share of a comfort zone meeting its use and the share breaking the safety limit', () => {
    // occasional sitting (class ≤ 1): 4 of 5 columns → 20 / 25
    expect(scoreZone(square('sitting-short'), comfortLayer())).toMatchObject({ points: 25, meets: 0.8, unsafe: 0.2, mean: null });
    // frequent sitting (class 0): 2 of 5 columns
    expect(scoreZone(square('sitting-long'), comfortLayer()).meets).toBeCloseTo(0.4, 12);
    // walking (class ≤ 3): all
    expect(scoreZone(square('walking-fast'), comfortLayer()).meets).toBe(1);
  });

  it('reads a safety layer’s levels as the unsafe share', () => {
    const { positions, values } = grid((x) => (x < 2 ? 1 : 0));
    expect(scoreZone(square('standing'), { positions, fields: { safetyLevel: values }, kind: 'safety', criterion: lddc })).toMatchObject({
      points: 25,
      meets: null,
      unsafe: 0.4,
    });
  });

  it('gives the mean, minimum and maximum of a numeric layer inside the zone, leaving out points without a value', () => {
    const { positions, values } = grid((x, y) => x + 10 * y);
    const layer: ScoredLayer = { positions, fields: { sunHours: values }, kind: 'numeric', field: 'sunHours' };
    expect(scoreZone(square('standing'), layer)).toEqual({ zoneId: 1, points: 25, meets: null, unsafe: null, mean: 22, min: 0, max: 44 });
    values[44] = NaN; // (4, 4): the maximum goes, the mean of the other 24 is (22·25 − 44) / 24
    expect(scoreZone(square('standing'), layer)).toMatchObject({ points: 24, mean: (22 * 25 - 44) / 24, max: 43 });
  });

  it('scores an L-shaped (concave) zone by its own inside only, and an empty zone as no points', () => {
    const { positions, values } = grid(() => 1);
    const ell = {
      id: 2,
      use: 'standing' as const,
      polygon: [
        [-0.5, -0.5],
        [4.5, -0.5],
        [4.5, 1.5],
        [1.5, 1.5],
        [1.5, 4.5],
        [-0.5, 4.5],
      ] as Array<[number, number]>,
    };
    // the bottom two rows (5 × 2) and the left two columns above them (2 × 3)
    expect(scoreZone(ell, { positions, fields: { v: values }, kind: 'numeric', field: 'v' }).points).toBe(16);
    const away = { ...ell, polygon: ell.polygon.map(([x, y]) => [x + 100, y] as [number, number]) };
    expect(scoreZone(away, { positions, fields: { v: values }, kind: 'numeric', field: 'v' })).toMatchObject({ points: 0, mean: null });
  });

  it('differences two scenarios’ scores B − A', () => {
    const a = { zoneId: 1, points: 25, meets: 0.4, unsafe: 0.2, mean: null, min: null, max: null };
    const b = { zoneId: 1, points: 25, meets: 0.8, unsafe: 0, mean: null, min: null, max: null };
    const d = scoreDifference(a, b);
    expect(d.meets).toBeCloseTo(0.4, 12);
    expect(d.unsafe).toBeCloseTo(-0.2, 12);
    expect(d.mean).toBeNull();
  });
});

describe('pointInPolygon', () => {
  it('follows the even-odd rule on a triangle', () => {
    const triangle: Array<[number, number]> = [
      [0, 0],
      [10, 0],
      [0, 10],
    ];
    expect(pointInPolygon(2, 2, triangle)).toBe(true);
    expect(pointInPolygon(6, 6, triangle)).toBe(false);
    expect(pointInPolygon(-1, 5, triangle)).toBe(false);
  });
});

describe('classLimitForUse', () => {
  it('takes each built-in criterion’s class named for the activity', () => {
    expect(classLimitForUse(lddc, 'standing')).toBe(2);
    expect(classLimitForUse(getCriterion('lawson-2001'), 'walking-leisurely')).toBe(2);
    expect(classLimitForUse(getCriterion('nen-8100'), 'walking-fast')).toBe(2);
  });

  it('spreads the uses over a company table’s comfortable classes by rank', () => {
    const company = { id: 'company-4', classes: new Array(4).fill(null) } as unknown as Criterion; // 3 comfortable + catch-all
    expect(['sitting-long', 'sitting-short', 'standing', 'walking-leisurely', 'walking-fast'].map((u) => classLimitForUse(company, u as Zone['use']))).toEqual([
      0, 1, 1, 2, 2,
    ]);
  });
});
