/**
 * The intended uses of a zone, from the most to the least demanding of calm air. They are the
 * activities the pedestrian wind criteria's comfort classes are named for (Lawson, Davenport,
 * NEN 8100; DOMAIN.md §2), so each criterion can say which of its classes a use needs
 * (zone-use-class.ts). Kept with the scoring, which is pure; the API contract takes them from here.
 */
export const ZONE_USES = ['sitting-long', 'sitting-short', 'standing', 'walking-leisurely', 'walking-fast'] as const;
export type ZoneUse = (typeof ZONE_USES)[number];

export const ZONE_USE_LABELS: Record<ZoneUse, string> = {
  'sitting-long': 'Sitting (long)',
  'sitting-short': 'Sitting (short)',
  standing: 'Standing',
  'walking-leisurely': 'Leisurely walking',
  'walking-fast': 'Fast walking',
};

/** What scoring needs of a zone: its outline (x, y in the scene's metres), its use and, for the table, its name. */
export interface ScoredZone {
  id: number;
  name: string;
  use: ZoneUse;
  polygon: ReadonlyArray<readonly [number, number]>;
}
