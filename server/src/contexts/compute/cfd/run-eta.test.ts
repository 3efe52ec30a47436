import { describe, expect, it } from 'vitest';
import { blendedDirectionSeconds, PLAN_WEIGHT_DIRECTIONS, runEta, type RunEtaInput } from './run-eta.ts';
import { runSecondsLeft } from './run-time-model.ts';

const fresh = (over: Partial<RunEtaInput> = {}): RunEtaInput => ({
  planDirectionS: 120,
  finishedS: [],
  own: { doneShare: 0, measuredShare: 0, elapsedS: 0 },
  othersDoneShare: [],
  waiting: 7,
  atOnce: 2,
  ...over,
});

describe('the time per direction', () => {
  it('is the plan’s before anything is measured, and the measurement’s once it dwarfs the plan’s weight', () => {
    expect(blendedDirectionSeconds(120, { directions: 0, seconds: 0 })).toBe(120);
    // Half a direction measured at 240 s a direction weighs as much as the plan.
    expect(blendedDirectionSeconds(120, { directions: PLAN_WEIGHT_DIRECTIONS, seconds: 120 * PLAN_WEIGHT_DIRECTIONS * 2 })).toBeCloseTo(180, 9);
    // Twenty directions at 240 s: within 3 % of the measured pace.
    expect(blendedDirectionSeconds(120, { directions: 20, seconds: 20 * 240 })).toBeGreaterThan(240 * 0.97);
  });
});

describe("a CFD run's time left", () => {
  it('starts at the approved estimate (the same rounds model the cost step uses)', () => {
    // 8 directions, two side by side: the first two start at once, six wait.
    const estimate = runSecondsLeft({ directionEtaS: 120, directionS: 120, waiting: 6, atOnce: 2 });
    expect(runEta(fresh({ othersDoneShare: [0], waiting: 6 })).runLeftS).toBe(estimate);
    // Before the second direction has started, the free slot is counted as free.
    expect(runEta(fresh()).runLeftS).toBe(estimate);
  });

  it('counts every direction left: those being computed by their share not done, those waiting by the first free slot', () => {
    // Plan-paced (nothing measured): own half done, the other a quarter done, three waiting, two slots.
    const eta = runEta(fresh({ own: { doneShare: 0.5, measuredShare: 0, elapsedS: 0 }, othersDoneShare: [0.25], waiting: 3 }));
    expect(eta.ownLeftS).toBe(60);
    // Slots end at 60 and 90; the waiting ones go to 60 → 180, 90 → 210, 180 → 300.
    expect(eta.runLeftS).toBe(300);
    // One slot: all in a row.
    expect(runEta(fresh({ atOnce: 1, waiting: 3 })).runLeftS).toBe(480);
    // More directions running than the plan's slots (another worker joined): each has its own.
    expect(runEta(fresh({ atOnce: 1, othersDoneShare: [0, 0], waiting: 0 })).runLeftS).toBe(120);
  });

  it('reads out-of-range shares and negative waits as nothing done and none waiting', () => {
    const eta = runEta(fresh({ own: { doneShare: Number.NaN, measuredShare: -1, elapsedS: -5 }, othersDoneShare: [2], waiting: -3 }));
    expect(eta.ownLeftS).toBe(120);
    expect(eta.runLeftS).toBe(120);
  });

  it('moves towards the measured pace with the directions finished, on whichever direction reports', () => {
    // Directions measured at 240 s against a plan of 120 s.
    const afterTwo = runEta(fresh({ finishedS: [240, 240], waiting: 4, othersDoneShare: [0] }));
    expect(afterTwo.directionS).toBeCloseTo((0.5 * 120 + 480) / 2.5, 9);
    // The two directions computed side by side, at the same point, give the same time left whichever reports.
    const a = runEta(fresh({ finishedS: [240, 240], own: { doneShare: 0.3, measuredShare: 0.3, elapsedS: 72 }, othersDoneShare: [0.5], waiting: 2 }));
    const b = runEta(fresh({ finishedS: [240, 240], own: { doneShare: 0.5, measuredShare: 0.5, elapsedS: 120 }, othersDoneShare: [0.3], waiting: 2 }));
    expect(Math.abs(a.runLeftS - b.runLeftS) / a.runLeftS).toBeLessThan(0.02);
  });
});
