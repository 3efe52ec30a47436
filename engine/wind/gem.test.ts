import { describe, expect, it } from 'vitest';
import { comfortSpeedMs, comfortSpeedRatios, gustEquivalentMeanMs, maxMeanGemFromStdMs, turbulenceIntensity, turbulenceStdMs } from './gem.ts';

describe('gust-equivalent mean (DOMAIN.md §2)', () => {
  it('σu = √(2k/3)', () => {
    expect(turbulenceStdMs(1.5)).toBeCloseTo(1, 12);
    expect(turbulenceStdMs(6)).toBeCloseTo(2, 12);
  });

  it('U_GEM = (U + 3.5σu)/1.85, by hand', () => {
    // U = 4 m/s, k = 1.5 m²/s² → σu = 1 → (4 + 3.5)/1.85 = 4.054…
    expect(gustEquivalentMeanMs(4, 1.5)).toBeCloseTo(7.5 / 1.85, 12);
    // No turbulence: GEM = U/1.85, below the mean, so max(mean, GEM) is the mean.
    expect(gustEquivalentMeanMs(3.7, 0)).toBeCloseTo(2, 12);
    expect(comfortSpeedMs(3.7, 0, 'maxMeanGem')).toBe(3.7);
  });

  it('max(mean, GEM) picks GEM in turbulent flow; hourly mean ignores k', () => {
    expect(comfortSpeedMs(2, 6, 'maxMeanGem')).toBeCloseTo((2 + 7) / 1.85, 12);
    expect(comfortSpeedMs(2, 6, 'hourlyMean')).toBe(2);
  });

  it('max(mean, GEM) and the turbulence intensity from σu, by hand', () => {
    // U = 2 m/s, σu = 2 m/s: (2 + 7)/1.85 = 4.865 m/s; TI = 1.
    expect(maxMeanGemFromStdMs(2, 2)).toBeCloseTo(9 / 1.85, 12);
    expect(maxMeanGemFromStdMs(3.7, 0)).toBe(3.7);
    expect(turbulenceIntensity(2, 0.5)).toBe(0.25);
    expect(turbulenceIntensity(0, 0.5)).toBe(0);
  });

  it('comfortSpeedRatios divides by the reference speed', () => {
    const ratios = comfortSpeedRatios({
      meanSpeedsMs: [5, 2],
      turbulentKineticEnergyM2S2: [0, 6],
      referenceSpeedMs: 10,
      speedType: 'maxMeanGem',
    });
    expect(ratios[0]).toBeCloseTo(0.5, 12);
    expect(ratios[1]).toBeCloseTo(9 / 1.85 / 10, 12);
    expect(() => comfortSpeedRatios({ meanSpeedsMs: [1], referenceSpeedMs: 10, speedType: 'maxMeanGem' })).toThrow(RangeError);
    expect(comfortSpeedRatios({ meanSpeedsMs: [1], referenceSpeedMs: 4, speedType: 'hourlyMean' })[0]).toBe(0.25);
  });
});
