import { describe, expect, it } from 'vitest';
import { ablProfile, fitLogLaw, KARMAN, surfaceLayerFit } from './abl-inlet.ts';

describe('a measured approach flow as the inlet', () => {
  // A log law (u* = 0.3 m/s, z0 = 0.01 m) up to 4 m, then a steeper layer, as a wind tunnel's
  // boundary layer is above its surface layer.
  const log = (z: number) => (0.3 / KARMAN) * Math.log(z / 0.01);
  const heightsM = [0, 0.5, 1, 2, 4, 10, 20, 40];
  const speedsMs = heightsM.map((z) => (z === 0 ? 0 : z <= 4 ? log(z) : log(4) + 1.2 * Math.log(z / 4)));

  it('takes the ground wall model from the log law of its surface layer, not of the whole profile', () => {
    const wall = surfaceLayerFit(heightsM, speedsMs)!;
    expect(wall.frictionVelocityMs).toBeCloseTo(0.3, 6);
    expect(wall.roughnessLengthM).toBeCloseTo(0.01, 6);
    expect(fitLogLaw(heightsM, speedsMs)!.frictionVelocityMs).toBeGreaterThan(0.33);
  });

  it('is interpolated in ln z between rows, follows the wall log law below its first row, and its shear is the log law’s there', () => {
    const p = ablProfile({ kind: 'table', heightsM, speedsMs, roughnessLengthM: 0.01, frictionVelocityMs: 0.3, description: 'test' });
    expect(p.speedMs(3)).toBeCloseTo(log(3), 10);
    expect(p.speedMs(0.25)).toBeCloseTo((log(0.5) * Math.log(0.26 / 0.01)) / Math.log(0.51 / 0.01), 10);
    expect(p.shearPerS(1.5)).toBeCloseTo(0.3 / (KARMAN * 1.5), 10);
    expect(p.speedMs(100)).toBe(speedsMs[speedsMs.length - 1]);
  });
});
