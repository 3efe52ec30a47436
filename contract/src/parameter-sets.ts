/**
 * Parameter sets: a name, an analysis type and `values`, a JSON document whose shape depends on the
 * analysis type (documented in docs/parameter-sets.md). Errors in `values` are reported under
 * `values.<field>`, e.g. {"values.time_window": ["Enter a time window as HH:MM-HH:MM (00:00 to 23:59)."]}.
 */
import { z } from '@hono/zod-openapi';
import { choice, idField, notAChoice, text } from './common.ts';

const TIME_WINDOW = /^([01]\d|2[0-3]):[0-5]\d-([01]\d|2[0-3]):[0-5]\d$/;
const number = () => z.number({ error: (i) => (i.input === undefined ? undefined : 'A valid number is required.') });
const atLeast = (n: number) => `Ensure this value is greater than or equal to ${n}.`;
const atMost = (n: number) => `Ensure this value is less than or equal to ${n}.`;
const between = (min: number, max: number) => number().min(min, atLeast(min)).max(max, atMost(max));
const oneOf = (values: readonly number[]) => number().refine((n) => values.includes(n), { message: `Choose one of ${values.join(', ')}.` });

export const SEASONS = ['annual', 'winter', 'spring', 'summer', 'autumn'] as const;

/** SPEC §5: HH:MM-HH:MM, 00:00 to 23:59. */
const timeWindow = () => z.string().regex(TIME_WINDOW, 'Enter a time window as HH:MM-HH:MM (00:00 to 23:59).');
const seasons = () => z.array(choice(SEASONS)).min(1, 'Choose at least one season.');
const windDirections = () => oneOf([8, 12, 16, 18, 24, 36]);
const returnPeriods = () => z.array(between(1, 10_000).int('A valid integer is required.')).min(1, 'Give at least one return period (years).');
const heightM = () => number().gt(0, 'Ensure this value is greater than 0.').max(1000, atMost(1000));

export const PedestrianWindComfortValues = z
  .object({
    /** A comfort criterion id (e.g. lawson-lddc, lawson-2001, davenport, nen-8100). */
    criterion: text(100),
    seasons: seasons(),
    time_window: timeWindow(),
    wind_directions: windDirections(),
    reference_height_m: heightM(),
    method: choice(['hourly', 'weibull']).default('hourly'),
  })
  .strict()
  .openapi('PedestrianWindComfortValues');

export const ThermalComfortValues = z
  .object({
    index: choice(['UTCI', 'SPMV*', 'PMV', 'SET*']),
    seasons: seasons(),
    time_window: timeWindow(),
    clothing_clo: between(0, 4).optional(),
    metabolic_rate_met: between(0.7, 4).optional(),
  })
  .strict()
  .openapi('ThermalComfortValues');

export const SolarValues = z
  .object({
    metric: choice(['sun_hours', 'sunlit_share']),
    /** The day for sun hours (YYYY-MM-DD). */
    single_date: z.iso.date('Enter a date as YYYY-MM-DD.').optional(),
    /** The seasons for the sun-lit share. */
    seasons: seasons().optional(),
    time_window: timeWindow(),
    minutes_interval: oneOf([5, 10, 15, 20, 30, 60]),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (v.metric === 'sun_hours' && !v.single_date) ctx.addIssue({ code: 'custom', path: ['single_date'], message: 'Sun hours need a single date.' });
    if (v.metric === 'sunlit_share' && !v.seasons) ctx.addIssue({ code: 'custom', path: ['seasons'], message: 'The sun-lit share needs seasons.' });
  })
  .openapi('SolarValues');

export const DirectionalWindValues = z
  .object({ wind_directions: windDirections(), return_periods: returnPeriods(), reference_height_m: heightM() })
  .strict()
  .openapi('DirectionalWindValues');

export const PressureValues = z
  .object({
    wind_directions: windDirections(),
    return_periods: returnPeriods(),
    reference_height_m: heightM(),
    internal_pressure_coefficient: between(-1, 1),
  })
  .strict()
  .openapi('PressureValues');

export const StructuralLoadingValues = z
  .object({
    wind_directions: windDirections(),
    return_periods: returnPeriods(),
    reference_height_m: heightM(),
    /** The point moments are taken about, in the model's metres (true north = +Y). */
    origin: z.object({ x: number(), y: number(), z: number() }).strict(),
    frontal_area_m2: number().gt(0, 'Ensure this value is greater than 0.'),
  })
  .strict()
  .openapi('StructuralLoadingValues');

export const PARAMETER_VALUES = {
  pedestrian_wind_comfort: PedestrianWindComfortValues,
  thermal_comfort: ThermalComfortValues,
  solar: SolarValues,
  directional_wind: DirectionalWindValues,
  pressure: PressureValues,
  structural_loading: StructuralLoadingValues,
} as const;

export type AnalysisType = keyof typeof PARAMETER_VALUES;
export const ANALYSIS_TYPES = Object.keys(PARAMETER_VALUES) as [AnalysisType, ...AnalysisType[]];
export type ParameterValues = { [K in AnalysisType]: z.infer<(typeof PARAMETER_VALUES)[K]> };

export function isAnalysisType(value: string): value is AnalysisType {
  return value in PARAMETER_VALUES;
}

/** Validates `values` for `type`: the cleaned document, or field errors keyed `values.<path>`. */
export function checkParameterValues(
  type: AnalysisType,
  values: unknown,
): { ok: true; values: Record<string, unknown> } | { ok: false; errors: Record<string, string[]> } {
  const result = PARAMETER_VALUES[type].safeParse(values);
  if (result.success) return { ok: true, values: result.data as Record<string, unknown> };
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = ['values', ...issue.path.map(String)].join('.');
    const missing = issue.code === 'invalid_type' && issue.input === undefined;
    (errors[key] ??= []).push(missing ? 'This field is required.' : issue.message);
  }
  return { ok: false, errors };
}

const valuesField = () =>
  z.record(z.string(), z.unknown(), { error: 'Expected a JSON object.' }).openapi({ description: 'Shape depends on analysis_type (docs/parameter-sets.md)' });

export const SaveParameterSetSchema = z
  .object({
    name: text(200),
    analysis_type: z.string().refine(isAnalysisType, { error: (i) => notAChoice(i.input) }),
    values: valuesField(),
  })
  .openapi('SaveParameterSet');

export const UpdateParameterSetSchema = z
  .object({
    id: idField(),
    name: text(200).optional(),
    analysis_type: z
      .string()
      .refine(isAnalysisType, { error: (i) => notAChoice(i.input) })
      .optional(),
    values: valuesField().optional(),
  })
  .openapi('UpdateParameterSet', { description: 'Fields left out keep their value; values are checked against the resulting analysis type.' });

export const DeleteParameterSetSchema = z.object({ id: idField() }).openapi('DeleteParameterSet');

export const ParameterSetSchema = z
  .object({
    id: z.number().int(),
    project_id: z.number().int(),
    name: z.string(),
    analysis_type: z.enum(ANALYSIS_TYPES),
    values: z.record(z.string(), z.unknown()),
    created_by: z.number().int().nullable(),
    created: z.string(),
    updated: z.string(),
  })
  .openapi('ParameterSet');

export type SaveParameterSet = z.infer<typeof SaveParameterSetSchema>;
export type UpdateParameterSet = z.infer<typeof UpdateParameterSetSchema>;
export type DeleteParameterSet = z.infer<typeof DeleteParameterSetSchema>;
export type ParameterSet = z.infer<typeof ParameterSetSchema>;
