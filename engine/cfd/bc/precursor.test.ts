import { describe, expect, it } from 'vitest';
import { equilibriumColumn } from './precursor.ts';
import { physicsFor } from '../test/small-grids.ts';

describe('the approach-flow precursor', () => {
  it.each([
    [4, 0.1],
    [16, 0.1],
    [4, 1],
    [32, 1],
    [4, 2],
    [1.25, 0.0003],
  ])('holds the log law within 2 per cent at every layer below the top two (dx = %d m, z0 = %d m)', (dx, z0) => {
    const physics = physicsFor({ kind: 'log', roughnessLengthM: z0, referenceSpeedMs: 10, referenceHeightM: 10 }, 12 * dx);
    const column = equilibriumColumn(physics, dx, 12);
    expect(column.residual).toBeLessThan(1e-3);
    for (let k = 0; k < column.speedMs.length - 2; k++) {
      const z = (k + 0.5) * dx;
      expect(Math.abs(column.speedMs[k] / physics.profile.speedMs(z) - 1)).toBeLessThan(0.02);
    }
  });

  // A fixed height falls on a different layer of each level, so any layer's own error turns into a
  // step between levels; the layers above the first must hold the log law itself, not just near it.
  it.each([
    [4, 2],
    [32, 2],
    [8, 1],
    [16, 0.1],
    [1.25, 0.0003],
  ])('holds the log law within 0.2 per cent at every layer above the first (dx = %d m, z0 = %d m)', (dx, z0) => {
    const physics = physicsFor({ kind: 'log', roughnessLengthM: z0, referenceSpeedMs: 10, referenceHeightM: 10 }, 16 * dx, { closure: 'mixing-length' });
    const column = equilibriumColumn(physics, dx, 16);
    for (let k = 1; k < column.speedMs.length - 2; k++) {
      const z = (k + 0.5) * dx;
      expect(Math.abs(column.speedMs[k] / physics.profile.speedMs(z) - 1)).toBeLessThan(0.002);
    }
  });

  it.each([
    ['city terrain at 4 m cells', 2, 4],
    ['suburban terrain at 2 m cells', 1, 2],
  ])('settles when the roughness length reaches the first cell centre (%s)', (_name, z0, dx) => {
    const spec = { kind: 'log' as const, roughnessLengthM: z0, referenceSpeedMs: 10, referenceHeightM: 10 };
    const physics = physicsFor(spec, 96);
    const column = equilibriumColumn(physics, dx, Math.round(96 / dx));
    for (let k = 0; k < column.speedMs.length; k++) {
      const z = (k + 0.5) * dx;
      expect(Number.isFinite(column.speedMs[k])).toBe(true);
      // Within 10 % of the log law once clear of the roughness elements' height.
      if (z > 4 * z0) expect(Math.abs(column.speedMs[k] / physics.profile.speedMs(z) - 1)).toBeLessThan(0.1);
    }
  });
});
