import { describe, expect, it } from 'vitest';
import { cfdDirectionsAtOnce } from './cfd-plan.ts';

describe('CFD directions one worker process runs at once', () => {
  it('by default is one direction per core, up to 8 (then cores / 8 threads each)', () => {
    expect(cfdDirectionsAtOnce({ CFD_THREADS: undefined }, 1)).toBe(1);
    expect(cfdDirectionsAtOnce({ CFD_THREADS: undefined }, 2)).toBe(2);
    expect(cfdDirectionsAtOnce({ CFD_THREADS: undefined }, 8)).toBe(8);
    expect(cfdDirectionsAtOnce({ CFD_THREADS: undefined }, 16)).toBe(8);
    expect(cfdDirectionsAtOnce({ CFD_THREADS: undefined }, 20)).toBe(10);
  });
  it('is one when CFD_THREADS takes every core', () => {
    expect(cfdDirectionsAtOnce({ CFD_THREADS: 2 }, 2)).toBe(1);
    expect(cfdDirectionsAtOnce({ CFD_THREADS: 16 }, 16)).toBe(1);
  });
  it('is as many as the cores hold at CFD_THREADS each, never zero', () => {
    expect(cfdDirectionsAtOnce({ CFD_THREADS: 1 }, 2)).toBe(2);
    expect(cfdDirectionsAtOnce({ CFD_THREADS: 4 }, 16)).toBe(4);
    expect(cfdDirectionsAtOnce({ CFD_THREADS: 3 }, 8)).toBe(2);
    expect(cfdDirectionsAtOnce({ CFD_THREADS: 8 }, 2)).toBe(1);
  });
});
