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

  it('takes its shear where rows are dense from the rows around the height, not the two nearest, whose slope carries the measurement’s scatter', () => {
    // The same log law measured every 0.5 m from 8 to 12 m, each row off by ±0.02 m/s in turn: the
    // row-to-row slope there swings by about ±0.08 m/s per metre against the log law's 0.075.
    const dense = [0, 0.5, 1, 2, 4, 8, 8.5, 9, 9.5, 10, 10.5, 11, 11.5, 12, 20, 40];
    const measured = dense.map((z, i) => (z === 0 ? 0 : log(z) + (z >= 8 && z <= 12 ? (i % 2 ? 0.02 : -0.02) : 0)));
    const p = ablProfile({ kind: 'table', heightsM: dense, speedsMs: measured, roughnessLengthM: 0.01, frictionVelocityMs: 0.3, description: 'test' });
    for (const z of [8.75, 9.25, 9.75, 10.25, 10.75, 11.25]) expect(Math.abs(p.shearPerS(z) / (0.3 / (KARMAN * z)) - 1)).toBeLessThan(0.15);
  });
});
