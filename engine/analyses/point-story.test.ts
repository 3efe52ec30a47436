import { describe, expect, it } from 'vitest';
import { getCriterion } from '../wind/criteria.ts';
import { utci } from '../thermal/utci.ts';
import { pointStory, type PointStoryInput } from './point-story.ts';

const HOURS = 8760;
const annual = {
  season: { id: 'annual', name: 'Annual', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] },
  timeWindow: { id: 'all', name: 'All day', window: '00:00-24:00' },
};
const summer = { season: { id: 'summer', name: 'Summer', months: [6, 7, 8] }, timeWindow: { id: 'all', name: 'All day', window: '00:00-24:00' } };

/**
 * Two simulated directions, N (γ 0.5) and S (γ 1.0); the met wind blows 4 m/s, from the north in
 * even hours and from the south in odd ones, so the point sees 2 m/s and 4 m/s in turn.
 */
function input(overrides: Partial<PointStoryInput> = {}): PointStoryInput {
  return {
    speedRatios: [0.5, 1],
    directionsDeg: [0, 180],
    windDirectionDeg: Float32Array.from({ length: HOURS }, (_, h) => (h % 2 === 0 ? 0 : 180)),
    windSpeedMs: new Float32Array(HOURS).fill(4),
    speedFactor: 1,
    criterion: getCriterion('lawson-1978'),
    periods: [annual, summer],
    ...overrides,
  };
}

describe('a point’s hourly story', () => {
  it('replays each hour as γ of the nearest direction × C × met speed', () => {
    const story = pointStory(input({ speedFactor: 1.5 }));
    expect(story.speedMs[0]).toBeCloseTo(0.5 * 1.5 * 4, 6); // 3 m/s from the north
    expect(story.speedMs[1]).toBeCloseTo(1 * 1.5 * 4, 6); // 6 m/s from the south
    expect(story.gemUsed).toBe(false);
  });

  it('keeps calm hours at 0 and hours without weather as missing', () => {
    const speeds = new Float32Array(HOURS).fill(4);
    speeds[0] = 0;
    speeds[1] = Number.NaN;
    const story = pointStory(input({ windSpeedMs: speeds }));
    expect(story.speedMs[0]).toBe(0);
    expect(Number.isNaN(story.speedMs[1])).toBe(true);
    expect(story.exceedanceCurve.countedHours).toBe(HOURS - 1);
  });

  it('counts the hours above each speed of the curve (strictly above)', () => {
    const { exceedanceCurve } = pointStory(input());
    expect(exceedanceCurve.speedsMs).toEqual([0, 0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5]);
    // Half the hours at 2 m/s, half at 4 m/s.
    expect(exceedanceCurve.hoursAbove).toEqual([8760, 8760, 8760, 8760, 4380, 4380, 4380, 4380, 0, 0]);
  });

  it('classifies each period by the criterion’s table', () => {
    const story = pointStory(input());
    // Lawson 1978 allows 2 % above each threshold: P(U > 1.8) = 1 and P(U > 3.6) = 0.5 fail, P(U > 5.3) = 0 passes.
    expect(story.thresholdsMs).toEqual([1.8, 3.6, 5.3, 7.6]);
    const [year, summerPeriod] = story.periods;
    expect(year!.exceedances.map((e) => e.share)).toEqual([1, 0.5, 0, 0]);
    expect(year!.classLabel).toBe('Leisurely walking');
    expect(year!.countedHours).toBe(HOURS);
    expect(summerPeriod!.countedHours).toBe((30 + 31 + 31) * 24);
    expect(summerPeriod!.classLabel).toBe('Leisurely walking');
  });

  it('judges gust criteria with the GEM ratios where the results have them', () => {
    const story = pointStory(input({ criterion: getCriterion('lawson-lddc'), gemSpeedRatios: [1, 2] }));
    expect(story.gemUsed).toBe(true);
    expect(story.speedMs[0]).toBeCloseTo(2, 6);
    expect(story.comfortSpeedMs[0]).toBeCloseTo(4, 6);
    expect(story.comfortSpeedMs[1]).toBeCloseTo(8, 6);
    // LDDC walking: 8 m/s exceeded in at most 5 % — never strictly above 8, so Walking.
    expect(story.periods[0]!.classLabel).toBe('Walking');
  });

  it('gives UTCI with the point’s wind at 10 m (1.5 × pedestrian) in shade, and the comfortable share', () => {
    const story = pointStory(input({ airTemperatureC: new Float32Array(HOURS).fill(20), relativeHumidityPct: new Float32Array(HOURS).fill(50) }));
    expect(story.utciC![0]).toBeCloseTo(utci(20, 20, 1.5 * 2, 50), 3);
    expect(story.utciC![1]).toBeCloseTo(utci(20, 20, 1.5 * 4, 50), 3);
    // Both around 16–19 °C: no thermal stress, so every hour is comfortable.
    expect(story.periods[0]!.utciComfortablePct).toBe(100);
  });

  it('counts sunshine hours by the WMO direct-normal threshold of 120 W/m²', () => {
    const dni = Float32Array.from({ length: HOURS }, (_, h) => (h % 24 === 12 ? 120 : h % 24 === 13 ? 119 : 0));
    const story = pointStory(input({ directNormalWm2: dni }));
    expect(story.periods[0]!.sunshineHours).toBe(365);
    expect(story.periods[1]!.sunshineHours).toBe(92);
  });

  it('builds a wind rose of the point’s own speeds', () => {
    const { rose } = pointStory(input());
    expect(rose.sectorCounts[0]).toBe(4380);
    expect(rose.sectorCounts[8]).toBe(4380);
    // From the north 2 m/s (bin 2–4), from the south 4 m/s (bin 4–6).
    expect(rose.speedBinCounts[0 * 6 + 1]).toBe(4380);
    expect(rose.speedBinCounts[8 * 6 + 2]).toBe(4380);
  });

  it('refuses ratios that do not match the directions', () => {
    expect(() => pointStory(input({ speedRatios: [1] }))).toThrow(/1 speed ratios for 2 directions/);
  });
});
