/**
 * Pedestrian wind comfort criteria as DATA (docs/reference/DOMAIN.md §2): the same name is used for
 * different tables in the literature, so a criterion is its table — ordered classes (threshold
 * speed, allowed exceedance, label, colour), the speed it is measured in, and safety limits.
 *
 * Reading a class: "the comfort speed exceeds thresholdMs in at most (or less than) allowedExceedance
 * of the hours". A point gets the FIRST class it meets; the last class catches everything else.
 * Requiring thresholds and allowed exceedances never to decrease down the list guarantees that a
 * point meeting one class meets all later ones, so "first class met" is well defined. Safety limits
 * obey the same ordering (least to most severe), so the most severe limit broken implies all
 * earlier ones are broken too.
 */
import { COMFORT_COLOURS, SAFETY_COLOURS, comfortThresholdsMs, type Criterion } from './criterion-schema.ts';

export * from './criterion-schema.ts';

const [c0, c1, c2, c3, c4] = COMFORT_COLOURS;
const [s0, s1] = SAFETY_COLOURS;
const uncomfortable = { label: 'Uncomfortable', thresholdMs: null, allowedExceedance: null, colour: c4 } as const;

/** Built-in criteria; numbers from DOMAIN.md §2 (and the sources cited in each entry). */
export const CRITERIA: readonly Criterion[] = [
  {
    id: 'lawson-lddc',
    name: 'Lawson LDDC (City of London)',
    source:
      'Lawson criteria as revised for the London Docklands Development Corporation; City of London, "Wind Microclimate Guidelines for Developments in the City of London" (2019)',
    speedType: 'maxMeanGem',
    exceedanceComparison: 'atMost',
    classes: [
      { label: 'Frequent sitting', thresholdMs: 2.5, allowedExceedance: 0.05, colour: c0 },
      { label: 'Occasional sitting', thresholdMs: 4, allowedExceedance: 0.05, colour: c1 },
      { label: 'Standing', thresholdMs: 6, allowedExceedance: 0.05, colour: c2 },
      { label: 'Walking', thresholdMs: 8, allowedExceedance: 0.05, colour: c3 },
      uncomfortable,
    ],
    safety: [{ label: 'Unsafe', description: '15 m/s exceeded in more than 0.022 % of hours', thresholdMs: 15, allowedExceedance: 0.00022, colour: s1 }],
  },
  {
    id: 'lawson-2001',
    name: 'Lawson 2001',
    source: 'T.V. Lawson, "Building Aerodynamics", Imperial College Press (2001)',
    speedType: 'maxMeanGem',
    exceedanceComparison: 'atMost',
    classes: [
      { label: 'Sitting', thresholdMs: 4, allowedExceedance: 0.05, colour: c0 },
      { label: 'Standing', thresholdMs: 6, allowedExceedance: 0.05, colour: c1 },
      { label: 'Strolling', thresholdMs: 8, allowedExceedance: 0.05, colour: c2 },
      { label: 'Business walking', thresholdMs: 10, allowedExceedance: 0.05, colour: c3 },
      uncomfortable,
    ],
    safety: [
      { label: 'Unsafe for frail persons and cyclists', thresholdMs: 15, allowedExceedance: 0.00023, colour: s0 },
      { label: 'Unsafe for all', thresholdMs: 20, allowedExceedance: 0.00023, colour: s1 },
    ],
  },
  {
    id: 'lawson-1978',
    name: 'Lawson 1978',
    source: 'T.V. Lawson, "The wind content of the built environment", J. Wind Eng. Ind. Aerodyn. 3 (1978) 93–105',
    speedType: 'hourlyMean',
    exceedanceComparison: 'atMost',
    classes: [
      { label: 'Sitting (long)', thresholdMs: 1.8, allowedExceedance: 0.02, colour: c0 },
      { label: 'Standing / sitting (short)', thresholdMs: 3.6, allowedExceedance: 0.02, colour: c1 },
      { label: 'Leisurely walking', thresholdMs: 5.3, allowedExceedance: 0.02, colour: c2 },
      { label: 'Fast walking', thresholdMs: 7.6, allowedExceedance: 0.02, colour: c3 },
      uncomfortable,
    ],
    safety: [],
  },
  {
    id: 'davenport',
    name: 'Davenport',
    source: 'A.G. Davenport, "An approach to human comfort criteria for environmental wind conditions", Colloquium on Building Climatology, Stockholm (1972)',
    speedType: 'hourlyMean',
    exceedanceComparison: 'atMost',
    classes: [
      { label: 'Sitting (long)', thresholdMs: 3.6, allowedExceedance: 0.015, colour: c0 },
      { label: 'Standing / sitting (short)', thresholdMs: 5.3, allowedExceedance: 0.015, colour: c1 },
      { label: 'Leisurely walking', thresholdMs: 7.6, allowedExceedance: 0.015, colour: c2 },
      { label: 'Fast walking', thresholdMs: 9.8, allowedExceedance: 0.015, colour: c3 },
      uncomfortable,
    ],
    safety: [{ label: 'Dangerous', description: '15.1 m/s exceeded in more than 0.01 % of hours', thresholdMs: 15.1, allowedExceedance: 0.0001, colour: s1 }],
  },
  {
    id: 'nen-8100',
    name: 'NEN 8100',
    source: 'NEN 8100:2006 "Windhinder en windgevaar in de gebouwde omgeving" (Netherlands Standardization Institute)',
    speedType: 'hourlyMean',
    exceedanceComparison: 'lessThan',
    classes: [
      { label: 'A', description: 'P(U > 5 m/s) < 2.5 %', thresholdMs: 5, allowedExceedance: 0.025, colour: c0 },
      { label: 'B', description: 'P(U > 5 m/s) < 5 %', thresholdMs: 5, allowedExceedance: 0.05, colour: c1 },
      { label: 'C', description: 'P(U > 5 m/s) < 10 %', thresholdMs: 5, allowedExceedance: 0.1, colour: c2 },
      { label: 'D', description: 'P(U > 5 m/s) < 20 %', thresholdMs: 5, allowedExceedance: 0.2, colour: c3 },
      { label: 'E', description: 'P(U > 5 m/s) ≥ 20 %', thresholdMs: null, allowedExceedance: null, colour: c4 },
    ],
    safety: [
      { label: 'Limited risk', description: 'P(U > 15 m/s) ≥ 0.05 %', thresholdMs: 15, allowedExceedance: 0.0005, colour: s0 },
      { label: 'Dangerous', description: 'P(U > 15 m/s) ≥ 0.3 %', thresholdMs: 15, allowedExceedance: 0.003, colour: s1 },
    ],
  },
];

export function getCriterion(id: string): Criterion {
  const found = CRITERIA.find((c) => c.id === id);
  if (!found) throw new RangeError(`unknown criterion '${id}' (known: ${CRITERIA.map((c) => c.id).join(', ')})`);
  return found;
}

export interface RecipeSeason {
  id: string;
  name: string;
  /** Months 1–12, the form `hourMask` takes as `{ months }`. */
  months: number[];
}

export interface RecipeTimeWindow {
  id: string;
  name: string;
  /** "HH:MM-HH:MM", hour-ending convention of engine/weather/hour-mask.ts. */
  window: string;
}

export interface RecipeReturnPeriod {
  label: string;
  thresholdMs: number;
  allowedExceedance: number;
  /** Mean years between exceeding hours at the allowed rate: 1 / (allowedExceedance · 8760 h). */
  years: number;
}

/** What a new wind-comfort scenario starts from for one criterion (the user may change all of it). */
export interface RecipeDefaults {
  criterionId: string;
  speedType: Criterion['speedType'];
  seasons: RecipeSeason[];
  timeWindows: RecipeTimeWindow[];
  /** One per safety limit: the rare events the criterion guards against. */
  returnPeriods: RecipeReturnPeriod[];
  /** The thresholds whose exceedance the analysis computes (comfortThresholdsMs). */
  thresholdsMs: number[];
}

const HOURS_PER_YEAR = 8760;

/**
 * Meteorological seasons (WMO: Dec–Feb, Mar–May, Jun–Aug, Sep–Nov), shifted six months south of
 * the equator, plus the whole year. Criteria are normally assessed for the year, the windiest
 * season and summer (when sitting out matters), so all five are offered.
 */
function seasonsFor(hemisphere: 'north' | 'south'): RecipeSeason[] {
  const north: RecipeSeason[] = [
    { id: 'winter', name: 'Winter', months: [12, 1, 2] },
    { id: 'spring', name: 'Spring', months: [3, 4, 5] },
    { id: 'summer', name: 'Summer', months: [6, 7, 8] },
    { id: 'autumn', name: 'Autumn', months: [9, 10, 11] },
  ];
  const seasons = hemisphere === 'north' ? north : north.map((s) => ({ ...s, months: s.months.map((m) => ((m + 5) % 12) + 1) }));
  return [{ id: 'annual', name: 'Annual', months: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12] }, ...seasons];
}

/** Whole day (the criteria's own tables count all hours) and a waking-day window people use. */
const TIME_WINDOWS: readonly RecipeTimeWindow[] = [
  { id: 'all-day', name: 'All day', window: '00:00-24:00' },
  { id: 'daytime', name: 'Daytime', window: '07:00-23:00' },
];

/** Default seasons, time windows, return periods and thresholds for a criterion (by id or value). */
export function recipeDefaults(criterion: string | Criterion, { hemisphere = 'north' }: { hemisphere?: 'north' | 'south' } = {}): RecipeDefaults {
  const c = typeof criterion === 'string' ? getCriterion(criterion) : criterion;
  return {
    criterionId: c.id,
    speedType: c.speedType,
    seasons: seasonsFor(hemisphere),
    timeWindows: TIME_WINDOWS.map((w) => ({ ...w })),
    returnPeriods: c.safety.map((s) => ({
      label: s.label,
      thresholdMs: s.thresholdMs,
      allowedExceedance: s.allowedExceedance,
      years: 1 / (s.allowedExceedance * HOURS_PER_YEAR),
    })),
    thresholdsMs: comfortThresholdsMs(c),
  };
}
