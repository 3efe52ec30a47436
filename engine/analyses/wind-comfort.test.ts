import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { parseEpw } from '../weather/epw.ts';
import { classifyComfort, exceedanceProbabilitiesBruteForce } from '../wind/comfort.ts';
import { comfortThresholdsMs, getCriterion } from '../wind/criteria.ts';
import { readResultGlb, writeResultGlb } from '../results/glb.ts';
import { concatChunks } from './layers.ts';
import { periodMask, pickRows, typicalYearRows, type AnalysisPeriod } from './periods.ts';
import { meanSpeedByDirection, windComfortChunk, windComfortLayers } from './wind-comfort.ts';

const epw = parseEpw(readFileSync(new URL('../../tests/fixtures/chicago.epw', import.meta.url), 'utf8'));
const rows = typicalYearRows(epw);
const windDirectionDeg = pickRows(epw.windDirectionDeg, rows);
const windSpeedMs = pickRows(epw.windSpeedMs, rows);
const directionsDeg = Array.from({ length: 8 }, (_, i) => i * 45);
const annual: AnalysisPeriod = {
  season: { id: 'annual', name: 'Annual', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
  timeWindow: { id: 'all-day', name: 'All day', window: '00:00-24:00' },
};
const summer: AnalysisPeriod = {
  season: { id: 'summer', name: 'Summer', months: [6, 7, 8] },
  timeWindow: { id: 'daytime', name: 'Daytime', window: '07:00-23:00' },
};
const criteria = [getCriterion('lawson-lddc'), getCriterion('nen-8100')];

/** Deterministic γ in 0–2.5 for `points` points. */
function ratios(points: number, seed: number): Float32Array {
  let state = seed;
  return Float32Array.from({ length: points * directionsDeg.length }, () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return (state / 2147483648) * 2.5;
  });
}

const run = (speedRatios: Float32Array) =>
  windComfortChunk({ speedRatios, directionsDeg, windDirectionDeg, windSpeedMs, masks: [periodMask(annual), periodMask(summer)], criteria, speedFactor: 1 });

describe('wind comfort post-processing', () => {
  const speedRatios = ratios(40, 7);
  const result = run(speedRatios);

  it('leaves the safety pass out when asked (the viewer re-classifying a comfort map), with the same classes', () => {
    const lean = windComfortChunk({
      speedRatios,
      directionsDeg,
      windDirectionDeg,
      windSpeedMs,
      masks: [periodMask(annual), periodMask(summer)],
      criteria,
      speedFactor: 1,
      safety: false,
    });
    lean.criteria.forEach((c, i) => {
      expect(c.classIndex).toEqual(result.criteria[i]!.classIndex);
      expect(c.exceedance).toEqual(result.criteria[i]!.exceedance);
      expect(c.safetyLevel).toHaveLength(0);
      expect(c.safetyExceedance).toEqual([]);
    });
    expect(result.criteria[0]!.safetyLevel).toHaveLength(40);
  });

  it('classes each point as the brute-force reference does, per criterion and period', () => {
    const masks = [periodMask(annual), periodMask(summer)];
    criteria.forEach((criterion, c) => {
      const thresholdsMs = comfortThresholdsMs(criterion);
      masks.forEach((hourMask, m) => {
        const reference = exceedanceProbabilitiesBruteForce({ speedRatios, directionsDeg, windDirectionDeg, windSpeedMs, thresholdsMs, hourMask });
        expect(Array.from(result.criteria[c].classIndex[m])).toEqual(Array.from(classifyComfort(reference, criterion, thresholdsMs).classIndex));
      });
    });
  });

  it('gets calmer classes where the speed-up ratio is lower (monotone, property)', () => {
    fc.assert(
      fc.property(fc.double({ min: 0.05, max: 2, noNaN: true }), fc.double({ min: 1.05, max: 2, noNaN: true }), (gamma, factor) => {
        const low = new Float32Array(directionsDeg.length).fill(gamma);
        const high = new Float32Array(directionsDeg.length).fill(gamma * factor);
        const out = run(Float32Array.from([...low, ...high]));
        return out.criteria.every((c) => c.classIndex.every((classes) => classes[0] <= classes[1]) && c.safetyLevel[0] <= c.safetyLevel[1]);
      }),
      { numRuns: 15 },
    );
  });

  it('gives the same result when points are split into chunks', () => {
    const joined = concatChunks([run(speedRatios.slice(0, 17 * 8)), run(speedRatios.slice(17 * 8))]);
    expect(joined.criteria[0].classIndex[1]).toEqual(result.criteria[0].classIndex[1]);
    expect(joined.criteria[1].safetyExceedance[0]).toEqual(result.criteria[1].safetyExceedance[0]);
  });

  it('writes comfort, safety and directional layers that record their provenance', async () => {
    const positions = Float32Array.from({ length: 40 * 3 }, (_, i) => (i % 3 === 2 ? 1.5 : i));
    const layers = windComfortLayers({
      surface: { positions },
      periods: [annual, summer],
      criteria,
      results: result.criteria,
      speedRatios,
      directionsDeg,
      meanMetSpeedByDirectionMs: meanSpeedByDirection(windDirectionDeg, windSpeedMs, directionsDeg),
      speedFactor: 1,
      gemAvailable: false,
      provenance: { engine: 'canopy', version: 'test', weatherSource: 'EPW', years: 'TMY3', heightConvention: 'γ = U(1.5 m)/U_met(10 m)', directionsDeg },
    });
    // 2 criteria × 2 periods comfort + 2 safety + 8 directions.
    expect(layers).toHaveLength(4 + 2 + 8);
    const lddc = layers.find((l) => l.key === 'comfort.lawson-lddc.summer.daytime')!;
    const read = await readResultGlb(await writeResultGlb(lddc.result));
    expect(read.metadata.criterion).toMatchObject({ id: 'lawson-lddc' });
    expect(read.metadata.provenance).toMatchObject({ weatherSource: 'EPW', years: 'TMY3', directionsDeg, criterion: 'lawson-lddc' });
    expect(read.metadata.provenance.speedBasis).toMatch(/no GEM/);
    expect(Object.keys(read.fields).sort()).toEqual([
      'comfortClass',
      'exceedance_15ms',
      'exceedance_2p5ms',
      'exceedance_4ms',
      'exceedance_6ms',
      'exceedance_8ms',
    ]);
    const east = layers.find((l) => l.windDirection === '90')!;
    expect(east.result.fields.speedRatio[3]).toBeCloseTo(speedRatios[3 * 8 + 2], 6);
  });
});
