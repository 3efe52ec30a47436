/**
 * A company's own criterion table goes through the engine exactly as a built-in one:
 * the same schema, the same exceedance counting and the same "first class met" — here a known
 * speed series, worked by hand, for three points.
 */
import { describe, expect, it } from 'vitest';
import { CRITERIA, criterionSchema, recipeDefaults, type Criterion } from './criteria.ts';
import { classifyComfort } from './classify.ts';
import { exceedanceProbabilities } from './exceedance.ts';
import { windComfortChunk } from '../analyses/wind-comfort.ts';

/** As the server stores it (services/criteria): id company-<pk>, the engine's shape. */
const terraces: Criterion = {
  id: 'company-7',
  name: 'Podium terraces',
  speedType: 'hourlyMean',
  exceedanceComparison: 'atMost',
  classes: [
    { label: 'Terrace dining', thresholdMs: 3, allowedExceedance: 0.04, colour: '#2c7bb6' },
    { label: 'Strolling', thresholdMs: 6, allowedExceedance: 0.05, colour: '#ffffbf' },
    { label: 'Too windy', thresholdMs: null, allowedExceedance: null, colour: '#d7191c' },
  ],
  safety: [{ label: 'Unsafe', thresholdMs: 15, allowedExceedance: 0.0003, colour: '#2d004b' }],
};

/**
 * 100 hours, all from the north: 95 at 2 m/s, 4 at 5 m/s, 1 at 16 m/s. Points with speed-up ratios
 * 0.5, 1 and 4 (one direction, C = 1):
 *   γ 0.5 → 1, 2.5, 8 m/s: P(U>3) = 1 %  ≤ 4 %                        → Terrace dining; P(U>15) = 0
 *   γ 1   → 2, 5, 16 m/s:  P(U>3) = 5 %  > 4 %, P(U>6) = 1 % ≤ 5 %   → Strolling;  P(U>15) = 1 % > 0.03 % → Unsafe
 *   γ 4   → 8, 20, 64 m/s: P(U>6) = 100 % > 5 %                       → Too windy;  P(U>15) = 5 % → Unsafe
 */
const hours = 100;
const windSpeedMs = Float32Array.from({ length: hours }, (_, h) => (h < 95 ? 2 : h < 99 ? 5 : 16));
const windDirectionDeg = new Float32Array(hours);
const speedRatios = Float32Array.from([0.5, 1, 4]);
const series = { directionsDeg: [0], windDirectionDeg, windSpeedMs, speedRatios, speedFactor: 1 };

describe('a company criterion table in the engine', () => {
  it('is a valid criterion by the engine’s own schema, and no built-in id can be taken for one', () => {
    expect(criterionSchema.parse(terraces)).toEqual(terraces);
    expect(CRITERIA.some((c) => c.id.startsWith('company-'))).toBe(false);
    expect(recipeDefaults(terraces).thresholdsMs).toEqual([3, 6, 15]);
  });

  it('classifies a known speed series to the expected classes and safety levels', () => {
    const thresholdsMs = [3, 6, 15];
    const exceedances = exceedanceProbabilities({ ...series, thresholdsMs });
    expect(Array.from(exceedances, (p) => Math.round(p * 100) / 100)).toEqual([0.01, 0.01, 0, 0.05, 0.01, 0.01, 1, 1, 0.05]);
    const { classIndex, unsafe } = classifyComfort(exceedances, terraces, thresholdsMs);
    expect(Array.from(classIndex, (c) => terraces.classes[c]!.label)).toEqual(['Terrace dining', 'Strolling', 'Too windy']);
    expect(Array.from(unsafe)).toEqual([0, 1, 1]);
  });

  it('gives the same classes through the chunk the job and the browser run, beside a built-in criterion', () => {
    const davenport = CRITERIA.find((c) => c.id === 'davenport')!;
    const out = windComfortChunk({ ...series, masks: [new Uint8Array(hours).fill(1)], criteria: [terraces, davenport] });
    expect(Array.from(out.criteria[0]!.classIndex[0]!)).toEqual([0, 1, 2]);
    expect(Array.from(out.criteria[0]!.safetyLevel)).toEqual([0, 1, 1]);
    // Davenport (3.6 / 5.3 / 7.6 / 9.8 m/s at 1.5 %): γ 1 exceeds 3.6 in 5 % of hours, 5.3 and 7.6 in 1 %.
    expect(Array.from(out.criteria[1]!.classIndex[0]!)).toEqual([0, 1, 4]);
  });
});
