/**
 * The metadata every result carries (docs/results-format.md): what was computed, in what units,
 * how to colour it, for which season/time window and criterion, and where it came from. Known
 * keys are checked; extra keys are kept, so analyses can add their own without a format change.
 */
import { z } from 'zod';

export const RESULT_FORMAT_VERSION = 1;

const legendSchema = z.object({
  /** Name and version the viewer's `color-legend/` endpoint serves. */
  name: z.string().min(1),
  version: z.union([z.string().min(1), z.number()]),
});

const seasonSchema = z.looseObject({
  name: z.string().min(1),
  months: z.array(z.number().int().min(1).max(12)).optional(),
  from: z.object({ month: z.number().int().min(1).max(12), day: z.number().int().min(1).max(31) }).optional(),
  to: z.object({ month: z.number().int().min(1).max(12), day: z.number().int().min(1).max(31) }).optional(),
});

const timeWindowSchema = z.looseObject({
  name: z.string().min(1),
  /** "HH:MM-HH:MM", hour-ending convention of engine/weather/hour-mask.ts. */
  window: z.string().regex(/^\d{1,2}:\d{2}-\d{1,2}:\d{2}$/),
});

const provenanceSchema = z.looseObject({
  /** Program that computed the result, e.g. "canopy-engine" or an external solver's name. */
  engine: z.string().min(1),
  version: z.string().min(1),
  /** e.g. "EPW: Chicago Ohare Intl Ap, TMY3, WMO 725300". */
  weatherSource: z.string().optional(),
  /** Years the weather represents, e.g. "1973-2005" or "TMY". */
  years: z.string().optional(),
  /** How speed-up ratios are referenced, e.g. "γ = U(1.5 m) / U_met(10 m, open country)". */
  heightConvention: z.string().optional(),
  /** Simulated wind directions, degrees from north. */
  directionsDeg: z.array(z.number()).optional(),
  /** ISO 8601 time the result was computed. */
  computedAt: z.string().optional(),
});

const criterionRefSchema = z.looseObject({
  id: z.string().min(1),
  name: z.string().min(1),
});

const fieldInfoSchema = z.looseObject({
  units: z.string().optional(),
  metric: z.string().optional(),
  legend: legendSchema.optional(),
  description: z.string().optional(),
});

export const resultMetadataSchema = z.looseObject({
  /** e.g. "wind-comfort", "wind-directional", "solar-sunlit", "solar-sun-hours", "thermal-comfort". */
  analysis: z.string().min(1),
  /** e.g. "comfort-class", "exceedance", "speed-ratio", "pct-sunlit", "utci-pct-comfortable". */
  metric: z.string().min(1),
  /** Units of the main field: "m/s", "%", "h", "°C", "class", or "" when dimensionless. */
  units: z.string(),
  legend: legendSchema.optional(),
  season: seasonSchema.optional(),
  timeWindow: timeWindowSchema.optional(),
  /** ISO date for single-date analyses (clear-sky sun hours). */
  singleDate: z.string().optional(),
  criterion: criterionRefSchema.optional(),
  /** Per-field details where fields differ from the main metric. */
  fieldInfo: z.record(z.string(), fieldInfoSchema).optional(),
  provenance: provenanceSchema,
});

export type ResultMetadata = z.output<typeof resultMetadataSchema>;
export type ResultMetadataInput = z.input<typeof resultMetadataSchema>;
