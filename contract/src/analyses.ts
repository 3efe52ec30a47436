/**
 * Analysis reference data (criteria, recipe defaults, colour legends), jobs, and wind-comfort
 * post-processing. Criteria, recipe defaults and legends are the engine's own data served as JSON
 * (engine/wind/criteria.ts, engine/analyses/legends.ts), so the browser can use them with the same
 * engine functions (instant re-classification) without translating field names.
 */
import { z } from '@hono/zod-openapi';
import { CRITERIA } from '@canopy/engine/wind/criteria.ts';
import { choice, idField, notAChoice, text } from './common.ts';
import { companyCriterionPk } from './criteria.ts';

const ComfortClassSchema = z.object({
  label: z.string(),
  description: z.string().optional(),
  thresholdMs: z.number().nullable(),
  allowedExceedance: z.number().nullable().openapi({ description: 'Share of hours (0–1)' }),
  colour: z.string(),
});

const SafetyLimitSchema = z.object({
  label: z.string(),
  description: z.string().optional(),
  thresholdMs: z.number(),
  allowedExceedance: z.number(),
  colour: z.string(),
});

export const CriterionSchema = z
  .object({
    id: z.string().openapi({ description: 'A built-in id (lawson-lddc, …) or company-<pk> for a table of the caller’s company' }),
    name: z.string(),
    source: z.string().optional(),
    description: z.string().optional(),
    origin: z.enum(['builtin', 'company']).optional().openapi({ description: 'builtin: shipped with Canopy; company: a table of the caller’s company' }),
    speedType: z.enum(['hourlyMean', 'maxMeanGem']),
    exceedanceComparison: z.enum(['atMost', 'lessThan']),
    classes: z.array(ComfortClassSchema),
    safety: z.array(SafetyLimitSchema),
  })
  .openapi('Criterion');

export const CRITERIA_TYPES = ['comfort', 'safety'] as const;

export const RecipeDefaultsRequestSchema = z
  .object({
    criteria_id: z.string().optional().openapi({ description: 'Must match the path id when given' }),
    criteria_type: choice(CRITERIA_TYPES)
      .optional()
      .openapi({ description: 'comfort (default): seasons, windows and all thresholds; safety: the annual safety limits only' }),
    hemisphere: choice(['north', 'south']).optional().openapi({ description: 'Seasons shift by six months in the south (default north)' }),
  })
  .openapi('RecipeDefaultsRequest');

export const RecipeDefaultsSchema = z
  .object({
    criteria_id: z.string(),
    criteria_type: z.enum(CRITERIA_TYPES),
    criterionId: z.string(),
    speedType: z.enum(['hourlyMean', 'maxMeanGem']),
    seasons: z.array(z.object({ id: z.string(), name: z.string(), months: z.array(z.number().int()) })),
    timeWindows: z.array(z.object({ id: z.string(), name: z.string(), window: z.string() })),
    returnPeriods: z.array(z.object({ label: z.string(), thresholdMs: z.number(), allowedExceedance: z.number(), years: z.number() })),
    thresholdsMs: z.array(z.number()),
  })
  .openapi('RecipeDefaults');

export const LegendSchema = z
  .object({
    name: z.string(),
    version: z.string(),
    kind: z.enum(['continuous', 'classes']),
    title: z.string(),
    units: z.string(),
    source: z.string(),
    min: z.number().optional(),
    max: z.number().optional(),
    stops: z.array(z.object({ value: z.number(), colour: z.string() })).optional(),
    classes: z.array(z.object({ value: z.number(), label: z.string(), colour: z.string(), description: z.string().optional() })).optional(),
  })
  .openapi('ColorLegend');

export const LegendQuery = z.object({
  name: z.string().optional().openapi({ description: 'Legend name; without it, every legend is listed' }),
  version: z.string().optional().openapi({ description: 'Legend version; without it, the latest of that name' }),
});

export const JobSchema = z
  .object({
    id: z.number().int(),
    type: z.string(),
    status: z.enum(['queued', 'running', 'completed', 'failed']),
    progress: z.number().int().openapi({ description: '0–100' }),
    message: z.string().openapi({ description: 'What the job is doing, as last reported' }),
    error: z.string().nullable(),
    attempts: z.number().int(),
    max_attempts: z.number().int(),
    result: z.unknown().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    finished_at: z.string().nullable(),
  })
  .openapi('Job');

const criterionIds = CRITERIA.map((c) => c.id);
/** A built-in criterion id, or company-<pk> (a table of a company: the server checks whose). */
const criterionId = () =>
  z
    .string()
    .max(40)
    .refine((id) => criterionIds.includes(id) || companyCriterionPk(id) !== null, { error: (issue) => notAChoice(issue.input) });
const monthDay = z.object({ month: z.number().int().min(1).max(12), day: z.number().int().min(1).max(31) });

export const SubmitPostprocessingSchema = z
  .object({
    criteria: z.array(criterionId()).min(1, 'Choose at least one criterion.').max(12),
    seasons: z
      .array(
        z.object({
          id: text(40),
          name: text(80),
          months: z.array(z.number().int().min(1).max(12)).min(1).optional(),
          from: monthDay.optional(),
          to: monthDay.optional(),
        }),
      )
      .min(1)
      .max(12)
      .optional()
      .openapi({ description: 'Default: annual and the four meteorological seasons' }),
    time_windows: z
      .array(z.object({ id: text(40), name: text(80), window: z.string().openapi({ example: '07:00-23:00' }) }))
      .min(1)
      .max(8)
      .optional()
      .openapi({ description: 'Default: all day. Windows are HH:MM-HH:MM, hour-ending convention' }),
    weather_id: z.string().optional().openapi({ description: 'A weather library file id; default: the station nearest the project' }),
  })
  .openapi('SubmitPostprocessing');

export const SubmittedJobSchema = z.object({ job_id: idField(), status: z.string() }).openapi('SubmittedJob');
export type SubmitPostprocessing = z.input<typeof SubmitPostprocessingSchema>;
export type SubmittedJob = z.infer<typeof SubmittedJobSchema>;
