import { describe, expect, it } from 'vitest';
import { circularDistanceDeg, classifyHours, HOUR_CALM, HOUR_SKIPPED, nearestDirectionIndex } from './hours.ts';

describe('nearest simulated direction (circular)', () => {
  it('measures angles round the circle', () => {
    expect(circularDistanceDeg(350, 10)).toBe(20);
    expect(circularDistanceDeg(10, 350)).toBe(20);
    expect(circularDistanceDeg(-90, 270)).toBe(0);
    expect(circularDistanceDeg(0, 180)).toBe(180);
  });

  it('picks the nearest, across north, first on a tie', () => {
    const sixteen = Array.from({ length: 16 }, (_, i) => i * 22.5);
    expect(nearestDirectionIndex(355, sixteen)).toBe(0);
    expect(nearestDirectionIndex(349, sixteen)).toBe(0);
    expect(nearestDirectionIndex(348, sixteen)).toBe(15);
    expect(nearestDirectionIndex(11.25, sixteen)).toBe(0); // tie between 0° and 22.5°
    expect(nearestDirectionIndex(270, sixteen)).toBe(12);
    expect(nearestDirectionIndex(100, [270, 90, 0])).toBe(1);
    expect(nearestDirectionIndex(45, [90, 0])).toBe(0);
  });
});

describe('classifyHours', () => {
  it('separates counted, calm, masked and missing hours', () => {
    const { direction, countedHours } = classifyHours(
      [90, 0, Number.NaN, 180, 180, 180, Number.NaN],
      [3, 0, 2, Number.NaN, -1, 4, 0],
      [0, 90, 180, 270],
      [1, 1, 1, 1, 1, 0, 1],
    );
    expect(Array.from(direction)).toEqual([1, HOUR_CALM, HOUR_SKIPPED, HOUR_SKIPPED, HOUR_SKIPPED, HOUR_SKIPPED, HOUR_CALM]);
    expect(countedHours).toBe(3);
  });
});
