/**
 * Which comfort classes suit a zone's intended use, per criterion: the index of the windiest class
 * (classes go calmest first) in which the activity is still comfortable. The built-in criteria name
 * their classes after these activities (engine/wind/criteria.ts; DOMAIN.md §2):
 * - Lawson LDDC: frequent sitting, occasional sitting, standing, walking;
 * - Lawson 2001: sitting, standing, strolling, business walking (short sitting is sitting);
 * - Lawson 1978 and Davenport: sitting (long), standing / sitting (short), leisurely walking, fast walking;
 * - NEN 8100:2006 grades the local wind climate A–E by P(U > 5 m/s) (< 2.5, 5, 10, 20 %, ≥ 20 %) and
 *   rates each grade good, moderate or poor for three activities: walking through ("doorlopen"),
 *   strolling ("slenteren") and sitting for long ("langdurig zitten"). Rated good: long sitting in
 *   A; strolling in A and B; walking through in A to C (Willemsen & Wisse, "Design for wind comfort
 *   in The Netherlands: Procedures, criteria and open research issues", J. Wind Eng. Ind. Aerodyn.
 *   95 (2007) 1541–1550, whose table of the standard's criteria this follows; the same table is in
 *   Blocken, Janssen & van Hooff, Environ. Model. Softw. 30 (2012) 15–34). The standard rates no short sitting or
 *   standing: both are taken as strolling, the nearest activity it rates, so a zone of either
 *   accepts A and B; leisurely walking is strolling and fast walking is walking through.
 * A company's own table names its classes freely, so a use takes the class at the same rank:
 * the five uses spread evenly over the table's comfortable classes.
 */
import type { Criterion } from '../wind/criterion-schema.ts';
import { ZONE_USES, type ZoneUse } from './zone-uses.ts';

/** Per built-in criterion (its id), the windiest class index each use accepts. */
const BUILT_IN_USE_CLASSES: Readonly<Record<string, Readonly<Record<ZoneUse, number>>>> = {
  'lawson-lddc': { 'sitting-long': 0, 'sitting-short': 1, standing: 2, 'walking-leisurely': 3, 'walking-fast': 3 },
  'lawson-2001': { 'sitting-long': 0, 'sitting-short': 0, standing: 1, 'walking-leisurely': 2, 'walking-fast': 3 },
  'lawson-1978': { 'sitting-long': 0, 'sitting-short': 1, standing: 1, 'walking-leisurely': 2, 'walking-fast': 3 },
  davenport: { 'sitting-long': 0, 'sitting-short': 1, standing: 1, 'walking-leisurely': 2, 'walking-fast': 3 },
  'nen-8100': { 'sitting-long': 0, 'sitting-short': 1, standing: 1, 'walking-leisurely': 1, 'walking-fast': 2 },
};

/** The windiest class index the use accepts under `criterion`. */
export function classLimitForUse(criterion: Pick<Criterion, 'id' | 'classes'>, use: ZoneUse): number {
  const known = BUILT_IN_USE_CLASSES[criterion.id];
  if (known) return known[use];
  // the last class is the catch-all "uncomfortable": never suitable
  const comfortable = Math.max(1, criterion.classes.length - 1);
  const rank = ZONE_USES.indexOf(use);
  return Math.round((rank * (comfortable - 1)) / (ZONE_USES.length - 1));
}
