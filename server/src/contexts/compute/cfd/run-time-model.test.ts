import { describe, expect, it } from 'vitest';
import { runSecondsLeft } from './run-time-model.ts';

describe("a CFD run's time left", () => {
  it('is the running direction’s time left, then the waiting directions in rounds of those run side by side', () => {
    // 8 directions of 100 s, two at a time, none done: the first two start at once, six wait (3 rounds).
    expect(runSecondsLeft({ directionEtaS: 100, directionS: 100, waiting: 6, atOnce: 2 })).toBe(400);
    // One at a time: 7 wait after the first.
    expect(runSecondsLeft({ directionEtaS: 100, directionS: 100, waiting: 7, atOnce: 1 })).toBe(800);
    // A part round counts whole: 3 waiting two at a time is two rounds.
    expect(runSecondsLeft({ directionEtaS: 30, directionS: 100, waiting: 3, atOnce: 2 })).toBe(230);
  });

  it('never counts negative waits nor zero slots', () => {
    expect(runSecondsLeft({ directionEtaS: 12, directionS: 100, waiting: -1, atOnce: 0 })).toBe(12);
    expect(runSecondsLeft({ directionEtaS: 12, directionS: 100, waiting: 2, atOnce: 0 })).toBe(212);
  });
});
