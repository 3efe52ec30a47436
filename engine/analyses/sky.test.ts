import { describe, expect, it } from 'vitest';
import { buildSceneBvh } from '../solar/sun-hours.ts';
import { dewPointC, horizontalInfraredWm2, skyPatchDirections, skyViewFractions } from './sky.ts';
import { nearestPoints, pickPointRows } from './point-match.ts';
import { testScene } from './test-scene.ts';

describe('sky view and sky radiation', () => {
  it('sees the whole sky in the open, none under a closed canopy, part of it beside a wall', () => {
    const scene = testScene();
    const bvh = buildSceneBvh(scene.triangles);
    const [under, open] = skyViewFractions(Float32Array.of(0, 0, 1.5, 90, 90, 1.5), bvh);
    expect(under).toBe(0);
    expect(open).toBe(1);
    // A 1 km long, 100 m tall wall 1 m north of the point hides about half the sky vault.
    const wall = Float32Array.of(-500, 1, 0, 500, 1, 0, 500, 1, 100, -500, 1, 0, 500, 1, 100, -500, 1, 100);
    const [beside] = skyViewFractions(Float32Array.of(0, 0, 1.5), buildSceneBvh(wall));
    expect(beside).toBeGreaterThan(0.4);
    expect(beside).toBeLessThan(0.6);
  });

  it('samples equal solid angles: mean patch height is ½ (uniform in z)', () => {
    const d = skyPatchDirections(6, 24);
    let sumZ = 0;
    for (let i = 2; i < d.length; i += 3) sumZ += d[i];
    expect(sumZ / (d.length / 3)).toBeCloseTo(0.5, 6);
  });

  it('computes dew point and sky infrared radiation as EnergyPlus does', () => {
    expect(dewPointC(20, 50)).toBeCloseTo(9.3, 1);
    expect(dewPointC(30, 100)).toBeCloseTo(30, 6);
    // Clear sky at 20 °C, 50 %: ε = 0.787 + 0.764·ln(282.4/273) ≈ 0.813 → ≈ 340 W/m².
    expect(horizontalInfraredWm2(20, 50, 0)).toBeCloseTo(340, -1);
    // Overcast raises the emissivity by 1 + 0.224 − 0.35 + 0.28 = 1.154.
    expect(horizontalInfraredWm2(20, 50, 10) / horizontalInfraredWm2(20, 50, 0)).toBeCloseTo(1.154, 3);
  });
});

describe('point matching', () => {
  it('takes the nearest source point within the limit, else none', () => {
    const source = Float32Array.of(0, 0, 1.5, 10, 0, 1.5);
    const target = Float32Array.of(1, 0, 1.5, 9, 1, 1.5, 50, 50, 1.5);
    const match = nearestPoints(source, target, 3);
    expect(Array.from(match)).toEqual([0, 1, -1]);
    const rows = pickPointRows(Float32Array.of(1, 2, 3, 4), 2, match);
    expect(Array.from(rows.slice(0, 4))).toEqual([1, 2, 3, 4]);
    expect(rows.slice(4).every(Number.isNaN)).toBe(true);
  });
});
