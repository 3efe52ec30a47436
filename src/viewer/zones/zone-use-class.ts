/**
 * Which comfort classes suit a zone's intended use, per criterion: the index of the windiest class
 * (classes go calmest first) in which the activity is still comfortable. The built-in criteria name
 * their classes after these activities (engine/wind/criteria.ts; DOMAIN.md §2):
 * - Lawson LDDC: frequent sitting, occasional sitting, standing, walking;
 * - Lawson 2001: sitting, standing, strolling, business walking (short sitting is sitting);
 * - Lawson 1978 and Davenport: sitting (long), standing / sitting (short), leisurely walking, fast walking;
 * - NEN 8100:2006 rates classes A–E per activity; the classes it rates "good": long sitting A,
 *   strolling A–B, walking through A–C (short sitting and standing are taken as strolling).
 * A company's own table names its classes freely, so a use takes the class at the same rank:
 * the five uses spread evenly over the table's comfortable classes.
 */
import type { Criterion } from '@canopy/engine/wind/criterion-schema.ts';
import { ZONE_USES, type ZoneUse } from '@canopy/contract/zones.ts';

const BUILT_IN: Record<string, Record<ZoneUse, number>> = {
  'lawson-lddc': { 'sitting-long': 0, 'sitting-short': 1, standing: 2, 'walking-leisurely': 3, 'walking-fast': 3 },
  'lawson-2001': { 'sitting-long': 0, 'sitting-short': 0, standing: 1, 'walking-leisurely': 2, 'walking-fast': 3 },
  'lawson-1978': { 'sitting-long': 0, 'sitting-short': 1, standing: 1, 'walking-leisurely': 2, 'walking-fast': 3 },
  davenport: { 'sitting-long': 0, 'sitting-short': 1, standing: 1, 'walking-leisurely': 2, 'walking-fast': 3 },
  'nen-8100': { 'sitting-long': 0, 'sitting-short': 1, standing: 1, 'walking-leisurely': 1, 'walking-fast': 2 },
};

/** The windiest class index the use accepts under `criterion`. */
export function classLimitForUse(criterion: Pick<Criterion, 'id' | 'classes'>, use: ZoneUse): number {
  const known = BUILT_IN[criterion.id];
  if (known) return known[use];
  // the last class is the catch-all "uncomfortable": never suitable
  const comfortable = Math.max(1, criterion.classes.length - 1);
  const rank = ZONE_USES.indexOf(use);
  return Math.round((rank * (comfortable - 1)) / (ZONE_USES.length - 1));
}
