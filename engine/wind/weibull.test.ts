import { describe, expect, it } from 'vitest';
import { exceedanceProbabilities } from './exceedance.ts';
import { fitSectorWeibulls, fitWeibull, MIN_FIT_HOURS, weibullExceedance } from './weibull.ts';

/** n speeds at the mid-quantiles of Weibull(c, k): x = c·(−ln(1 − u))^(1/k). */
function weibullSample(scaleMs: number, shape: number, n: number): number[] {
  return Array.from({ length: n }, (_, j) => scaleMs * Math.pow(-Math.log(1 - (j + 0.5) / n), 1 / shape));
}

describe('fitWeibull (maximum likelihood)', () => {
  it.each([
    [5, 2],
    [7.5, 1.6],
    [3, 3.2],
    [12, 0.9],
  ])('recovers c = %f m/s, k = %f from a quantile sample', (scaleMs, shape) => {
    const fit = fitWeibull(weibullSample(scaleMs, shape, 4000));
    expect(fit.count).toBe(4000);
    expect(Math.abs(fit.shape - shape) / shape).toBeLessThan(0.01);
    expect(Math.abs(fit.scaleMs - scaleMs) / scaleMs).toBeLessThan(0.01);
  });

  it('ignores calms and missing values, and is scale-equivariant', () => {
    const sample = weibullSample(4, 2.2, 500);
    const fit = fitWeibull([...sample, 0, 0, Number.NaN, -1]);
    expect(fit.count).toBe(500);
    const scaled = fitWeibull(sample.map((v) => v * 3));
    expect(scaled.shape).toBeCloseTo(fit.shape, 9);
    expect(scaled.scaleMs).toBeCloseTo(fit.scaleMs * 3, 9);
  });

  it('handles degenerate samples', () => {
    expect(fitWeibull([]).count).toBe(0);
    expect(fitWeibull([]).shape).toBeNaN();
    const same = fitWeibull([5, 5, 5]);
    expect(same.shape).toBe(50);
    expect(same.scaleMs).toBeCloseTo(5, 9);
  });
});

describe('weibullExceedance (Method B)', () => {
  const directionsDeg = [0, 180];
  const north = weibullSample(6, 2, 600);
  const south = weibullSample(3, 1.5, 300);
  const input = {
    speedRatios: [0.5, 1.2],
    directionsDeg,
    windDirectionDeg: [...north.map(() => 10), ...south.map(() => 190), ...Array(100).fill(0)],
    windSpeedMs: [...north, ...south, ...Array(100).fill(0)],
    thresholdsMs: [1, 2, 4, 6],
  };

  it('fits each sector and gives calms their share of the hours', () => {
    const sectors = fitSectorWeibulls(input);
    expect(sectors.countedHours).toBe(1000);
    expect(Array.from(sectors.probability)).toEqual([0.6, 0.3]);
    expect(sectors.shape[0]).toBeCloseTo(2, 1);
    expect(sectors.scaleMs[1]).toBeCloseTo(3, 1);
  });

  it('follows P = Σ p_i exp(−(U_thr/(γ c_i))^k_i)', () => {
    const sectors = fitSectorWeibulls(input);
    const result = weibullExceedance(input);
    input.thresholdsMs.forEach((threshold, t) => {
      const expected =
        0.6 * Math.exp(-Math.pow(threshold / (0.5 * sectors.scaleMs[0]), sectors.shape[0])) +
        0.3 * Math.exp(-Math.pow(threshold / (1.2 * sectors.scaleMs[1]), sectors.shape[1]));
      expect(result[t]).toBeCloseTo(expected, 12);
    });
  });

  it('agrees with hourly counting when the hours are Weibull-distributed', () => {
    const counted = exceedanceProbabilities(input);
    const fitted = weibullExceedance(input);
    fitted.forEach((p, t) => expect(Math.abs(p - counted[t])).toBeLessThan(0.005));
  });

  it('counts sectors too small to fit, like Method A', () => {
    const small = { ...input, windDirectionDeg: [10, 10, 190], windSpeedMs: [4, 8, 2], thresholdsMs: [3] };
    expect(MIN_FIT_HOURS).toBeGreaterThan(3);
    expect(Array.from(weibullExceedance(small))).toEqual(Array.from(exceedanceProbabilities(small)));
    expect(weibullExceedance({ ...small, hourMask: [0, 0, 0] })[0]).toBeNaN();
  });
});
