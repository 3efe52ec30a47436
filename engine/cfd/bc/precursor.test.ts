import { describe, expect, it } from 'vitest';
import { equilibriumColumn } from './precursor.ts';
import { physicsFor, SUBURBAN_10MS } from '../test/small-grids.ts';

describe('the approach-flow precursor', () => {
  it.each([4, 16])('holds the log law within 5 per cent at every layer (dx = %d m)', (dx) => {
    const physics = physicsFor(SUBURBAN_10MS, 160);
    const column = equilibriumColumn(physics, dx, Math.round(160 / dx));
    expect(column.residual).toBeLessThan(1e-3);
    for (let k = 0; k < column.speedMs.length; k++) {
      const z = (k + 0.5) * dx;
      expect(column.speedMs[k] / physics.profile.speedMs(z)).toBeGreaterThan(0.95);
      expect(column.speedMs[k] / physics.profile.speedMs(z)).toBeLessThan(1.05);
    }
  });
});
