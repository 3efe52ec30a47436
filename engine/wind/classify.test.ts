import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { classifyComfort, NO_CLASS } from './classify.ts';
import { comfortThresholdsMs, CRITERIA, getCriterion, type Criterion } from './criteria.ts';

describe('classifyComfort: hand-made exceedances', () => {
  const lddc = getCriterion('lawson-lddc'); // columns 2.5, 4, 6, 8, 15

  it('gives the first class whose allowed exceedance is met (at most 5 %)', () => {
    const rows = [
      [0.05, 0.01, 0, 0, 0], // P(>2.5) = 5 % exactly → meets "at most 5 %": frequent sitting
      [0.2, 0.04, 0, 0, 0], // occasional sitting
      [0.5, 0.3, 0.05, 0, 0], // standing
      [0.9, 0.5, 0.2, 0.01, 0], // walking
      [1, 0.9, 0.5, 0.2, 0], // uncomfortable
    ];
    const { classIndex, unsafe } = classifyComfort(rows.flat(), lddc);
    expect(Array.from(classIndex)).toEqual([0, 1, 2, 3, 4]);
    expect(Array.from(unsafe)).toEqual([0, 0, 0, 0, 0]);
  });

  it('flags LDDC safety when 15 m/s is exceeded in more than 0.022 % of hours', () => {
    const { unsafe } = classifyComfort([1, 1, 1, 1, 0.00022, 1, 1, 1, 1, 0.00023], lddc);
    expect(Array.from(unsafe)).toEqual([0, 1]);
  });

  it('NEN 8100: class by P(U>5) bands with strict bounds, safety levels by P(U>15)', () => {
    const nen = getCriterion('nen-8100'); // columns 5, 15
    const rows = [
      [0.0249, 0],
      [0.025, 0.0004], // 2.5 % is not < 2.5 % → B
      [0.0999, 0.0005], // C; 0.05 % is not < 0.05 % → limited risk
      [0.1999, 0.0029],
      [0.2, 0.003], // E; dangerous
    ];
    const { classIndex, unsafe } = classifyComfort(rows.flat(), nen);
    expect(Array.from(classIndex)).toEqual([0, 1, 2, 3, 4]);
    expect(Array.from(unsafe)).toEqual([0, 0, 1, 1, 2]);
  });

  it('Lawson 2001: two safety levels', () => {
    const lawson = getCriterion('lawson-2001'); // columns 4, 6, 8, 10, 15, 20
    const { unsafe } = classifyComfort([0, 0, 0, 0, 0.001, 0, 0, 0, 0, 0, 0.001, 0.001], lawson);
    expect(Array.from(unsafe)).toEqual([1, 2]);
  });

  it('marks points without data', () => {
    const { classIndex, unsafe } = classifyComfort(new Float64Array(5).fill(Number.NaN), lddc);
    expect(classIndex[0]).toBe(NO_CLASS);
    expect(unsafe[0]).toBe(0);
  });

  it('accepts another column layout and rejects one missing a threshold', () => {
    const { classIndex } = classifyComfort([0.01, 0.1, 0, 0, 0, 0.9], lddc, [6, 4, 8, 15, 20, 2.5]);
    expect(Array.from(classIndex)).toEqual([2]);
    expect(() => classifyComfort([0, 0], lddc, [2.5, 4])).toThrow('no exceedance column for 6 m/s');
    expect(() => classifyComfort([0, 0, 0], lddc)).toThrow('whole number of points');
  });
});

describe('classes are consistent with exceedances (fast-check)', () => {
  /** Exceedance rows that are non-increasing in threshold, as real ones are. */
  const rowsFor = (criterion: Criterion) => {
    const columns = comfortThresholdsMs(criterion).length;
    return fc.array(
      fc
        .array(fc.oneof(fc.double({ min: 0, max: 1, noNaN: true }), fc.constantFrom(0, 0.0005, 0.003, 0.015, 0.02, 0.025, 0.05, 0.1, 0.2)), {
          minLength: columns,
          maxLength: columns,
        })
        .map((row) => row.sort((a, b) => b - a)),
      { minLength: 1, maxLength: 20 },
    );
  };

  for (const criterion of CRITERIA) {
    it(`${criterion.id}: the class is met and every earlier class is not; safety level matches`, () => {
      const thresholds = comfortThresholdsMs(criterion);
      const meets = (p: number, allowed: number) => (criterion.exceedanceComparison === 'lessThan' ? p < allowed : p <= allowed);
      fc.assert(
        fc.property(rowsFor(criterion), (rows) => {
          const { classIndex, unsafe } = classifyComfort(rows.flat(), criterion);
          rows.forEach((row, p) => {
            const P = (threshold: number | null) => row[thresholds.indexOf(threshold ?? Number.NaN)];
            const c = classIndex[p];
            expect(c).toBeLessThan(criterion.classes.length);
            for (let earlier = 0; earlier < c; earlier++) {
              const k = criterion.classes[earlier];
              expect(meets(P(k.thresholdMs), k.allowedExceedance ?? 0)).toBe(false);
            }
            const own = criterion.classes[c];
            if (own.thresholdMs !== null) expect(meets(P(own.thresholdMs), own.allowedExceedance ?? 0)).toBe(true);
            const broken = criterion.safety.filter((s) => !meets(P(s.thresholdMs), s.allowedExceedance)).length;
            expect(unsafe[p]).toBe(broken);
          });
        }),
        { numRuns: 100 },
      );
    });
  }

  it('a point never gets a more comfortable class when its exceedances grow', () => {
    const lddc = getCriterion('lawson-lddc');
    fc.assert(
      fc.property(rowsFor(lddc), fc.double({ min: 0, max: 0.2, noNaN: true }), (rows, extra) => {
        const before = classifyComfort(rows.flat(), lddc).classIndex;
        const after = classifyComfort(
          rows.flat().map((v) => Math.min(1, v + extra)),
          lddc,
        ).classIndex;
        before.forEach((c, p) => expect(after[p]).toBeGreaterThanOrEqual(c));
      }),
    );
  });
});
