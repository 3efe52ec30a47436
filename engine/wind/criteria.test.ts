import { describe, expect, it } from 'vitest';
import { COMFORT_COLOURS, comfortThresholdsMs, CRITERIA, criterionSchema, getCriterion, recipeDefaults, type CriterionInput } from './criteria.ts';

const table = (id: string) => getCriterion(id).classes.map((c) => [c.thresholdMs, c.allowedExceedance]);

describe('built-in criteria hold DOMAIN.md §2 tables', () => {
  it('every built-in criterion passes its own schema', () => {
    for (const criterion of CRITERIA) expect(criterionSchema.parse(criterion)).toEqual(criterion);
    expect(new Set(CRITERIA.map((c) => c.id)).size).toBe(CRITERIA.length);
  });

  it('Lawson LDDC: 2.5/4/6/8 at 5 %, unsafe above 15 m/s for 0.022 %', () => {
    expect(table('lawson-lddc')).toEqual([
      [2.5, 0.05],
      [4, 0.05],
      [6, 0.05],
      [8, 0.05],
      [null, null],
    ]);
    expect(getCriterion('lawson-lddc').safety.map((s) => [s.thresholdMs, s.allowedExceedance])).toEqual([[15, 0.00022]]);
    expect(getCriterion('lawson-lddc').speedType).toBe('maxMeanGem');
  });

  it('Lawson 2001: 4/6/8/10 at 5 %, 15 and 20 m/s safety at 0.023 %', () => {
    expect(table('lawson-2001')).toEqual([
      [4, 0.05],
      [6, 0.05],
      [8, 0.05],
      [10, 0.05],
      [null, null],
    ]);
    expect(getCriterion('lawson-2001').safety.map((s) => [s.thresholdMs, s.allowedExceedance])).toEqual([
      [15, 0.00023],
      [20, 0.00023],
    ]);
  });

  it('Lawson 1978: 1.8/3.6/5.3/7.6 at 2 %, no safety', () => {
    expect(table('lawson-1978')).toEqual([
      [1.8, 0.02],
      [3.6, 0.02],
      [5.3, 0.02],
      [7.6, 0.02],
      [null, null],
    ]);
    expect(getCriterion('lawson-1978').safety).toEqual([]);
  });

  it('Davenport: 3.6/5.3/7.6/9.8 at 1.5 %, 15.1 m/s at 0.01 % dangerous', () => {
    expect(table('davenport')).toEqual([
      [3.6, 0.015],
      [5.3, 0.015],
      [7.6, 0.015],
      [9.8, 0.015],
      [null, null],
    ]);
    expect(getCriterion('davenport').safety.map((s) => [s.thresholdMs, s.allowedExceedance])).toEqual([[15.1, 0.0001]]);
  });

  it('NEN 8100: classes A–E by P(U>5) bands, safety by P(U>15), strict comparison', () => {
    const nen = getCriterion('nen-8100');
    expect(nen.classes.map((c) => c.label)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(table('nen-8100')).toEqual([
      [5, 0.025],
      [5, 0.05],
      [5, 0.1],
      [5, 0.2],
      [null, null],
    ]);
    expect(nen.safety.map((s) => [s.thresholdMs, s.allowedExceedance])).toEqual([
      [15, 0.0005],
      [15, 0.003],
    ]);
    expect(nen.exceedanceComparison).toBe('lessThan');
  });

  it('uses the colour-blind-safe palette', () => {
    for (const criterion of CRITERIA) expect(criterion.classes.map((c) => c.colour)).toEqual([...COMFORT_COLOURS]);
  });

  it('names unknown criteria in the error', () => {
    expect(() => getCriterion('beaufort')).toThrow("unknown criterion 'beaufort'");
  });
});

describe('criterionSchema for user-defined criteria', () => {
  const valid: CriterionInput = {
    id: 'my-criterion',
    name: 'Mine',
    speedType: 'hourlyMean',
    classes: [
      { label: 'Calm', thresholdMs: 3, allowedExceedance: 0.05, colour: '#2c7bb6' },
      { label: 'Windy', thresholdMs: null, allowedExceedance: null, colour: '#d7191c' },
    ],
  };

  it('fills defaults: at-most comparison and no safety limits', () => {
    const parsed = criterionSchema.parse(valid);
    expect(parsed.exceedanceComparison).toBe('atMost');
    expect(parsed.safety).toEqual([]);
  });

  const issues = (input: unknown) => {
    const result = criterionSchema.safeParse(input);
    expect(result.success).toBe(false);
    return result.error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];
  };

  it('requires a catch-all last class', () => {
    const input = { ...valid, classes: [valid.classes[0], { ...valid.classes[0], label: 'Other' }] };
    expect(issues(input)).toEqual(['classes.1: the last class catches all remaining points: its thresholdMs and allowedExceedance must be null']);
  });

  it('requires thresholds and allowed exceedances that never decrease', () => {
    const input = {
      ...valid,
      classes: [
        { label: 'a', thresholdMs: 4, allowedExceedance: 0.05, colour: '#000000' },
        { label: 'b', thresholdMs: 3, allowedExceedance: 0.05, colour: '#000000' },
        valid.classes[1],
      ],
    };
    expect(issues(input)[0]).toMatch(/^classes\.1: classes go from most to least comfortable/);
  });

  it('rejects bad colours, ids, duplicate labels and percent-style exceedances', () => {
    expect(issues({ ...valid, classes: [{ ...valid.classes[0], colour: 'red' }, valid.classes[1]] })[0]).toMatch(/colour must be #rrggbb/);
    expect(issues({ ...valid, id: 'Has Spaces' })[0]).toMatch(/^id:/);
    expect(issues({ ...valid, classes: [valid.classes[0], { ...valid.classes[1], label: 'Calm' }] })).toContain('classes.1.label: class labels must be unique');
    expect(issues({ ...valid, classes: [{ ...valid.classes[0], allowedExceedance: 5 }, valid.classes[1]] })[0]).toMatch(/^classes\.0\.allowedExceedance/);
  });

  it('orders safety limits from least to most severe', () => {
    const safety = [
      { label: 'Severe', thresholdMs: 20, allowedExceedance: 0.001, colour: '#2d004b' },
      { label: 'Mild', thresholdMs: 15, allowedExceedance: 0.001, colour: '#8073ac' },
    ];
    expect(issues({ ...valid, safety })[0]).toMatch(/^safety\.1: safety limits go from least to most severe/);
  });
});

describe('comfortThresholdsMs and recipeDefaults', () => {
  it('lists each needed threshold once, ascending', () => {
    expect(comfortThresholdsMs(getCriterion('lawson-lddc'))).toEqual([2.5, 4, 6, 8, 15]);
    expect(comfortThresholdsMs(getCriterion('nen-8100'))).toEqual([5, 15]);
    expect(comfortThresholdsMs(getCriterion('lawson-2001'))).toEqual([4, 6, 8, 10, 15, 20]);
  });

  it('gives seasons, time windows, return periods and thresholds', () => {
    const defaults = recipeDefaults('davenport');
    expect(defaults.criterionId).toBe('davenport');
    expect(defaults.seasons.map((s) => s.id)).toEqual(['annual', 'winter', 'spring', 'summer', 'autumn']);
    expect(defaults.seasons[1].months).toEqual([12, 1, 2]);
    expect(defaults.timeWindows[0].window).toBe('00:00-24:00');
    expect(defaults.thresholdsMs).toEqual([3.6, 5.3, 7.6, 9.8, 15.1]);
    // 0.01 % of 8760 h is 0.876 h a year: an exceeding hour about every 1.14 years.
    expect(defaults.returnPeriods).toHaveLength(1);
    expect(defaults.returnPeriods[0].years).toBeCloseTo(1.1416, 3);
  });

  it('shifts the seasons south of the equator', () => {
    const south = recipeDefaults('nen-8100', { hemisphere: 'south' });
    expect(south.seasons.find((s) => s.id === 'winter')?.months).toEqual([6, 7, 8]);
    expect(south.seasons.find((s) => s.id === 'summer')?.months).toEqual([12, 1, 2]);
  });

  it('accepts a user-defined criterion and rejects an unknown id', () => {
    const mine = criterionSchema.parse({
      id: 'mine',
      name: 'Mine',
      speedType: 'hourlyMean',
      classes: [
        { label: 'Calm', thresholdMs: 3, allowedExceedance: 0.05, colour: '#2c7bb6' },
        { label: 'Windy', thresholdMs: null, allowedExceedance: null, colour: '#d7191c' },
      ],
    });
    expect(recipeDefaults(mine).thresholdsMs).toEqual([3]);
    expect(() => recipeDefaults('nope')).toThrow(RangeError);
  });
});
