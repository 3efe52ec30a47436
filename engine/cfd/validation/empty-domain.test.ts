import { describe, expect, it } from 'vitest';
import { emptyDomainCase, emptyDomainInput, scoreEmptyDomain } from './empty-domain.ts';
import { runDirection } from '../run/direction.ts';
import { inlineStepper } from '../run/stepper.ts';

const deps = { stepper: async (grid: Parameters<typeof inlineStepper>[0]) => inlineStepper(grid) };

// The full check (every tier and terrain, the real run length) is in `npm run cfd:validate`; this is
// the rapid tier's plan over suburban terrain with a few steps: the approach flow starts in its
// equilibrium, so a short run already shows what the reference and the sampling make of it.
describe('an empty domain through the product pipeline (rapid tier, suburban terrain)', () => {
  it('states speed ratios to the approach flow at 10 m and reads the log law at 2, 10 and 30 m and at the pedestrian points (±5 %)', async () => {
    const c = emptyDomainCase('rapid', 'suburban');
    // Level-0 cells are 32 m: their first centre (16 m) is not the 10 m reference, and 2 m and the
    // 1.5 m pedestrian points lie below it.
    expect(c.scene.plan.boxes[0].dxM).toBe(32);
    const result = await runDirection(emptyDomainInput(c, { spinUpSteps: 10, developSteps: 4, averageSteps: 10, chunkSteps: 10 }), deps);
    expect(result.manifest.reference.speedMs).toBeCloseTo(10, 6);
    const score = scoreEmptyDomain(c, result);
    expect(score.pedestrianWorst).toBeLessThan(0.05);
    for (const f of score.fetch) expect(f.worst).toBeLessThan(0.05);
    // Every pedestrian point was read (none fell off the refined boxes).
    expect(result.pedestrian.level.every((l) => l === c.scene.plan.boxes.length - 1)).toBe(true);
  });
});
