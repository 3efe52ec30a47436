/**
 * The NEN 8100 use table, pinned against the standard's rating of its grades per activity as
 * Willemsen & Wisse (J. Wind Eng. Ind. Aerodyn. 95, 2007) and Blocken, Janssen & van Hooff
 * (Environ. Model. Softw. 30, 2012) print it: good for long sitting in A; for strolling in A–B; for
 * walking through in A–C. Short sitting and standing, which the standard does not rate, take
 * strolling's grades. Each use's limit is checked on the criterion's own classes, by label.
 */
import { describe, expect, it } from 'vitest';
import { getCriterion } from '../wind/criteria.ts';
import { classLimitForUse } from './zone-use-class.ts';
import { ZONE_USES, type ZoneUse } from './zone-uses.ts';

const nen = getCriterion('nen-8100');

/** The grades rated good for the use (calmest first), by the criterion's labels. */
const goodGrades = (use: ZoneUse) => nen.classes.slice(0, classLimitForUse(nen, use) + 1).map((c) => c.label);

describe('NEN 8100 grades each zone use accepts', () => {
  it('follows the standard’s "good" ratings for the activities it rates', () => {
    expect(nen.classes.map((c) => c.label)).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(goodGrades('sitting-long')).toEqual(['A']); // langdurig zitten
    expect(goodGrades('walking-leisurely')).toEqual(['A', 'B']); // slenteren
    expect(goodGrades('walking-fast')).toEqual(['A', 'B', 'C']); // doorlopen
  });

  it('takes strolling’s grades for short sitting and standing, which the standard does not rate', () => {
    expect(goodGrades('sitting-short')).toEqual(['A', 'B']);
    expect(goodGrades('standing')).toEqual(['A', 'B']);
  });

  it('never accepts grade E, and a more demanding use never accepts more than a less demanding one', () => {
    const limits = ZONE_USES.map((use) => classLimitForUse(nen, use));
    expect(Math.max(...limits)).toBeLessThan(4);
    limits.slice(1).forEach((limit, i) => expect(limit).toBeGreaterThanOrEqual(limits[i]!));
  });
});
