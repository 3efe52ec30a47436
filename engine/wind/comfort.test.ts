import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseEpw } from '../weather/epw.ts';
import { hourMask } from '../weather/hour-mask.ts';
import { getCriterion } from './criteria.ts';
import {
  classifyComfort,
  comfortThresholdsMs,
  exceedanceProbabilities,
  exceedanceProbabilitiesBruteForce,
  nearestDirectionIndex,
  type ExceedanceInput,
} from './comfort.ts';

describe('exceedanceProbabilities: hand-computed cases', () => {
  // Directions 0° and 180°; γ = 1 from the north, 0.5 from the south.
  // Hours: 10°@5 → N: 5; 170°@10 → S: 5; 90°@4 → tie → first (N): 4; calm; missing speed; 45° masked out.
  const input: ExceedanceInput = {
    speedRatios: [1, 0.5],
    directionsDeg: [0, 180],
    windDirectionDeg: [10, 170, 90, 0, 200, 45],
    windSpeedMs: [5, 10, 4, 0, Number.NaN, 20],
    thresholdsMs: [3, 4.5, 5, 0],
    hourMask: [1, 1, 1, 1, 1, 0],
  };

  it('counts strictly-greater hours over counted hours (calm in the denominator, missing left out)', () => {
    const expected = [3 / 4, 2 / 4, 0, 3 / 4];
    expect(Array.from(exceedanceProbabilities(input))).toEqual(expected);
    expect(Array.from(exceedanceProbabilitiesBruteForce(input))).toEqual(expected);
  });

  it('applies the speed factor C to every ratio', () => {
    const doubled = { ...input, speedFactor: 2 };
    // Speeds 10, 10, 8: all above 5; above 9: two.
    expect(Array.from(exceedanceProbabilities({ ...doubled, thresholdsMs: [5, 9] }))).toEqual([3 / 4, 2 / 4]);
  });

  it('uses all hours when no mask is given', () => {
    expect(Array.from(exceedanceProbabilities({ ...input, hourMask: undefined, thresholdsMs: [10] }))).toEqual([1 / 5]);
  });

  it('wraps round north when finding the nearest direction', () => {
    const wrap: ExceedanceInput = {
      speedRatios: [2, 0, 0, 0],
      directionsDeg: [0, 90, 180, 270],
      windDirectionDeg: [350, 20, 44, 316],
      windSpeedMs: [1, 1, 1, 1],
      thresholdsMs: [1],
    };
    expect(Array.from(exceedanceProbabilities(wrap))).toEqual([1]);
  });

  it('gives NaN where no hour is counted, and handles several points', () => {
    const none = exceedanceProbabilities({ ...input, hourMask: [0, 0, 0, 0, 0, 0] });
    expect(Array.from(none).every(Number.isNaN)).toBe(true);
    const two = exceedanceProbabilities({ ...input, speedRatios: [1, 0.5, 0, 2], thresholdsMs: [4.5] });
    // Point 2: N hours give 0, S hour gives 20.
    expect(Array.from(two)).toEqual([2 / 4, 1 / 4]);
  });

  it('rejects malformed input', () => {
    expect(() => exceedanceProbabilities({ ...input, speedRatios: [1, 0.5, 1] })).toThrow('whole number of points');
    expect(() => exceedanceProbabilities({ ...input, speedRatios: [1, -0.5] })).toThrow('negative');
    expect(() => exceedanceProbabilities({ ...input, thresholdsMs: [-1] })).toThrow('≥ 0');
    expect(() => exceedanceProbabilities({ ...input, hourMask: [1] })).toThrow('hour mask');
    expect(() => exceedanceProbabilities({ ...input, directionsDeg: [] })).toThrow('direction');
    expect(() => exceedanceProbabilities({ ...input, speedFactor: 0 })).toThrow('speedFactor');
  });
});

/** Random comfort problems with heavy ties: speeds on a 0.1 m/s grid, ratios on a coarse grid. */
const problem = fc
  .record({
    directions: fc.integer({ min: 1, max: 8 }),
    points: fc.integer({ min: 1, max: 6 }),
    hours: fc.integer({ min: 0, max: 80 }),
    seed: fc.integer(),
  })
  .chain(({ directions, points, hours }) =>
    fc.record({
      directionsDeg: fc.array(fc.integer({ min: 0, max: 359 }), { minLength: directions, maxLength: directions }),
      speedRatios: fc.array(
        fc.oneof(
          fc.integer({ min: 0, max: 30 }).map((r) => r / 10),
          fc.double({ min: 0, max: 3, noNaN: true }),
          fc.constant(Number.NaN),
        ),
        {
          minLength: points * directions,
          maxLength: points * directions,
        },
      ),
      windDirectionDeg: fc.array(fc.oneof(fc.integer({ min: 0, max: 360 }), fc.double({ min: -720, max: 720, noNaN: true }), fc.constant(Number.NaN)), {
        minLength: hours,
        maxLength: hours,
      }),
      windSpeedMs: fc.array(
        fc.oneof(
          fc.integer({ min: 0, max: 150 }).map((s) => s / 10),
          fc.constant(0),
          fc.constant(Number.NaN),
        ),
        {
          minLength: hours,
          maxLength: hours,
        },
      ),
      hourMask: fc.option(fc.array(fc.integer({ min: 0, max: 1 }), { minLength: hours, maxLength: hours }), { nil: undefined }),
      thresholdsMs: fc.array(
        fc.oneof(
          fc.integer({ min: 0, max: 200 }).map((t) => t / 10),
          fc.double({ min: 0, max: 30, noNaN: true }),
        ),
        {
          minLength: 1,
          maxLength: 6,
        },
      ),
      speedFactor: fc.oneof(fc.constant(1), fc.double({ min: 0.1, max: 3, noNaN: true })),
    }),
  );

describe('fast method == brute force (fast-check)', () => {
  it('gives identical probabilities on random inputs', () => {
    fc.assert(
      fc.property(problem, (input) => {
        expect(exceedanceProbabilities(input)).toEqual(exceedanceProbabilitiesBruteForce(input));
      }),
      { numRuns: 400 },
    );
  });

  it('is exact at floating-point ties: thresholds equal to products γ·C·U', () => {
    fc.assert(
      fc.property(problem, (input) => {
        const ties: number[] = [];
        // The exact products of point 0 at its first hours, as the definition computes them.
        for (let h = 0; h < Math.min(input.windSpeedMs.length, 6); h++) {
          if (!Number.isFinite(input.windDirectionDeg[h])) continue;
          const i = nearestDirectionIndex(input.windDirectionDeg[h], input.directionsDeg);
          const product = input.speedRatios[i] * input.speedFactor * input.windSpeedMs[h];
          if (product >= 0 && Number.isFinite(product)) ties.push(product);
        }
        if (ties.length === 0) return;
        const tied = { ...input, thresholdsMs: ties };
        expect(exceedanceProbabilities(tied)).toEqual(exceedanceProbabilitiesBruteForce(tied));
      }),
      { numRuns: 300 },
    );
  });

  it('is non-increasing in the threshold', () => {
    fc.assert(
      fc.property(problem, (input) => {
        const thresholds = [...input.thresholdsMs].sort((a, b) => a - b);
        const result = exceedanceProbabilities({ ...input, thresholdsMs: thresholds });
        const points = input.speedRatios.length / input.directionsDeg.length;
        for (let p = 0; p < points; p++) {
          for (let t = 1; t < thresholds.length; t++) {
            const [previous, current] = [result[p * thresholds.length + t - 1], result[p * thresholds.length + t]];
            if (!Number.isNaN(previous)) expect(current).toBeLessThanOrEqual(previous);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('gives the same classes as brute force for every built-in criterion', () => {
    const criteria = ['lawson-lddc', 'lawson-2001', 'lawson-1978', 'davenport', 'nen-8100'].map(getCriterion);
    fc.assert(
      fc.property(problem, fc.constantFrom(...criteria), (input, criterion) => {
        const thresholdsMs = comfortThresholdsMs(criterion);
        const fast = classifyComfort(exceedanceProbabilities({ ...input, thresholdsMs }), criterion);
        const slow = classifyComfort(exceedanceProbabilitiesBruteForce({ ...input, thresholdsMs }), criterion);
        expect(fast).toEqual(slow);
      }),
      { numRuns: 200 },
    );
  });
});

describe('on the Chicago weather year', () => {
  const epw = parseEpw(readFileSync(new URL('../../tests/fixtures/chicago.epw', import.meta.url), 'utf8'));
  const directionsDeg = Array.from({ length: 16 }, (_, i) => i * 22.5);
  const points = 200;
  // Deterministic pseudo-random ratios (a linear congruential sequence) between 0 and 2.
  let state = 12345;
  const speedRatios = Float32Array.from({ length: points * 16 }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return (state / 2147483648) * 2;
  });
  const thresholdsMs = comfortThresholdsMs(getCriterion('lawson-lddc'));

  it('fast and brute force agree for the year and for a summer daytime window', () => {
    for (const mask of [undefined, hourMask(epw, { season: { months: [6, 7, 8] }, timeWindow: '07:00-19:00' })]) {
      const input = {
        speedRatios,
        directionsDeg,
        windDirectionDeg: epw.windDirectionDeg,
        windSpeedMs: epw.windSpeedMs,
        thresholdsMs,
        hourMask: mask,
        speedFactor: 0.8,
      };
      expect(exceedanceProbabilities(input)).toEqual(exceedanceProbabilitiesBruteForce(input));
    }
  });

  it('a ratio of 1 reproduces the met station’s own exceedance', () => {
    const input = {
      speedRatios: new Float64Array(16).fill(1),
      directionsDeg,
      windDirectionDeg: epw.windDirectionDeg,
      windSpeedMs: epw.windSpeedMs,
      thresholdsMs: [5],
    };
    const direct = epw.windSpeedMs.filter((s) => s > 5).length / 8760;
    expect(exceedanceProbabilities(input)[0]).toBe(direct);
  });
});
