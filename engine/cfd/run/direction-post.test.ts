import { describe, expect, it } from 'vitest';
import { pedestrianReading } from './direction-post.ts';

describe("a pedestrian point's comfort reading", () => {
  it('gives the speed ratio, σ/U and (U + 3.5σ)/1.85 against the reference speed, by hand', () => {
    // U = 4 m/s, σ = 1 m/s, reference 8 m/s: GEM = 7.5/1.85 = 4.054 m/s, above the mean.
    const gusty = pedestrianReading(4, 1, 8);
    expect(gusty.speedRatio).toBe(0.5);
    expect(gusty.turbulenceIntensity).toBe(0.25);
    expect(gusty.gemRatio).toBeCloseTo(4.054054 / 8, 6);
  });

  it('takes the mean where the gust equivalent falls below it (TI under 0.85/3.5)', () => {
    // σ = 0.2 m/s: GEM = 4.7/1.85 = 2.54 m/s < 4 m/s, so max(U, GEM) is the mean.
    const calm = pedestrianReading(4, 0.2, 8);
    expect(calm.turbulenceIntensity).toBeCloseTo(0.05, 12);
    expect(calm.gemRatio).toBe(0.5);
  });

  it('gives still air no turbulence intensity rather than a division by zero', () => {
    expect(pedestrianReading(0, 0, 8)).toEqual({ speedRatio: 0, turbulenceIntensity: 0, gemRatio: 0 });
  });
});
