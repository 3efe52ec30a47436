/**
 * A company's own pedestrian wind comfort criteria: tables in the engine's shape
 * (engine/wind/criterion-schema.ts) — ordered comfort classes with a threshold speed and an allowed
 * exceedance (a share of hours, 0–1: 5 % is 0.05, as in GET /api/criteria/), the speed they are
 * measured in (hourly mean, or max(mean, gust-equivalent mean)) and the safety limits. A table of a
 * company is named `company-<n>` wherever a criterion id goes (scenario metrics, post-processing,
 * legends, layer keys); no built-in id begins with "company-".
 *
 * Every bad field is a 400 naming it, e.g. {"classes.2.thresholdMs": […]}.
 */
import { z } from '@hono/zod-openapi';
import { choice, paginated, text, tooLong } from './common.ts';

/** Bounds of a table (the engine's own schema allows the same). */
export const CRITERION_LIMITS = {
  name: 100,
  description: 500,
  label: 60,
  classDescription: 300,
  minClasses: 2,
  maxClasses: 12,
  maxSafety: 6,
  maxSpeedMs: 100,
} as const;

export const COMPANY_CRITERION_PREFIX = 'company-';
/** The criterion id of company table `pk`. */
export const companyCriterionId = (pk: number) => `${COMPANY_CRITERION_PREFIX}${pk}`;
/** The table's pk of a criterion id of the form company-<n>, else null. */
export function companyCriterionPk(id: string): number | null {
  const match = /^company-([1-9][0-9]{0,9})$/.exec(id);
  const pk = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(pk) && pk <= 2_147_483_647 ? pk : null;
}

const NO_NUL = 'Null characters are not allowed.';
const clean = (schema: z.ZodString) => schema.refine((s) => !s.includes('\u0000'), NO_NUL);
const label = () => clean(text(CRITERION_LIMITS.label));
const description = (max: number) => clean(z.string().trim().max(max, tooLong(max))).optional();

const speed = () =>
  z
    .number({ error: (issue) => (issue.input === undefined ? undefined : 'A valid number is required.') })
    .gt(0, 'Ensure this value is greater than 0 m/s.')
    .max(CRITERION_LIMITS.maxSpeedMs, `Ensure this value is less than or equal to ${CRITERION_LIMITS.maxSpeedMs} m/s.`);

const share = () =>
  z
    .number({ error: (issue) => (issue.input === undefined ? undefined : 'A valid number is required.') })
    .min(0, 'Ensure this value is at least 0 (0 %).')
    .max(1, 'Ensure this value is at most 1 (100 %): the allowed exceedance is a share of hours, 5 % is 0.05.');

const colour = () => z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Enter a colour as #rrggbb.');

const ComfortClassInput = z.object({
  label: label(),
  description: description(CRITERION_LIMITS.classDescription),
  thresholdMs: speed().nullable().openapi({ description: 'm/s; null only for the last, catch-all class' }),
  allowedExceedance: share().nullable().openapi({ description: 'Share of hours (0–1); null only for the last class' }),
  colour: colour(),
});

const SafetyLimitInput = z.object({
  label: label(),
  description: description(CRITERION_LIMITS.classDescription),
  thresholdMs: speed().openapi({ description: 'm/s' }),
  allowedExceedance: share().openapi({ description: 'Share of hours (0–1)' }),
  colour: colour(),
});

type Row = { thresholdMs: number | null; allowedExceedance: number | null };

/**
 * Classes go from most to least comfortable (safety limits from least to most severe): neither the
 * threshold nor the allowed exceedance may fall, and each row must be stricter than the one before
 * in at least one of them (two equal rows would be one class). This is what makes "the first class
 * a point meets" well defined (engine/wind/criteria.ts).
 */
function checkOrder(rows: readonly Row[], path: 'classes' | 'safety', ctx: z.RefinementCtx): void {
  for (let i = 1; i < rows.length; i++) {
    const [a, b] = [rows[i - 1]!, rows[i]!];
    if (a.thresholdMs === null || b.thresholdMs === null || a.allowedExceedance === null || b.allowedExceedance === null) continue;
    const what = path === 'classes' ? 'Classes go from most to least comfortable' : 'Safety limits go from least to most severe';
    if (b.thresholdMs < a.thresholdMs) {
      ctx.addIssue({
        code: 'custom',
        path: [path, i, 'thresholdMs'],
        message: `${what}: ${b.thresholdMs} m/s is below the ${a.thresholdMs} m/s of the row before.`,
      });
    } else if (b.allowedExceedance < a.allowedExceedance) {
      ctx.addIssue({ code: 'custom', path: [path, i, 'allowedExceedance'], message: `${what}: the allowed exceedance may not fall below the row before's.` });
    } else if (b.thresholdMs === a.thresholdMs && b.allowedExceedance === a.allowedExceedance) {
      ctx.addIssue({
        code: 'custom',
        path: [path, i, 'thresholdMs'],
        message: `${what}: this row repeats the threshold and exceedance of the row before; raise one of them.`,
      });
    }
  }
}

export const CompanyCriterionInputSchema = z
  .object({
    name: clean(text(CRITERION_LIMITS.name)),
    description: description(CRITERION_LIMITS.description),
    speedType: choice(['hourlyMean', 'maxMeanGem']).openapi({
      description: 'hourlyMean, or maxMeanGem: max(mean, gust-equivalent mean) where turbulence is known',
    }),
    exceedanceComparison: choice(['atMost', 'lessThan'])
      .optional()
      .openapi({ description: 'atMost (default): met when P ≤ allowed (Lawson, Davenport); lessThan: met when P < allowed (NEN 8100)' }),
    classes: z
      .array(ComfortClassInput)
      .min(
        CRITERION_LIMITS.minClasses,
        `Give at least ${CRITERION_LIMITS.minClasses} classes: one or more with a threshold, and the last that catches the rest.`,
      )
      .max(CRITERION_LIMITS.maxClasses, `Ensure this field has no more than ${CRITERION_LIMITS.maxClasses} classes.`),
    safety: z.array(SafetyLimitInput).max(CRITERION_LIMITS.maxSafety, `Ensure this field has no more than ${CRITERION_LIMITS.maxSafety} limits.`).optional(),
  })
  .superRefine((c, ctx) => {
    const last = c.classes.length - 1;
    c.classes.forEach((row, i) => {
      for (const field of ['thresholdMs', 'allowedExceedance'] as const) {
        if (i === last && row[field] !== null) {
          ctx.addIssue({
            code: 'custom',
            path: ['classes', i, field],
            message: 'The last class catches every remaining point: leave its threshold and exceedance empty (null).',
          });
        }
        if (i !== last && row[field] === null)
          ctx.addIssue({ code: 'custom', path: ['classes', i, field], message: 'This field may not be null: every class but the last needs it.' });
      }
    });
    checkOrder(c.classes, 'classes', ctx);
    checkOrder(c.safety ?? [], 'safety', ctx);
    const seen = new Map<string, number>();
    c.classes.forEach((row, i) => {
      const key = row.label.toLowerCase();
      if (seen.has(key))
        ctx.addIssue({ code: 'custom', path: ['classes', i, 'label'], message: `"${row.label}" is already the label of class ${seen.get(key)! + 1}.` });
      else seen.set(key, i);
    });
  })
  .openapi('CompanyCriterionInput');

export type CompanyCriterionInput = z.input<typeof CompanyCriterionInputSchema>;

export const CompanyCriterionSchema = z
  .object({
    id: z.string().openapi({ description: 'The criterion id: company-<pk>', example: 'company-3' }),
    pk: z.number().int(),
    origin: z.literal('company'),
    name: z.string(),
    description: z.string().optional(),
    source: z.string().optional(),
    speedType: z.enum(['hourlyMean', 'maxMeanGem']),
    exceedanceComparison: z.enum(['atMost', 'lessThan']),
    classes: z.array(
      z.object({
        label: z.string(),
        description: z.string().optional(),
        thresholdMs: z.number().nullable(),
        allowedExceedance: z.number().nullable(),
        colour: z.string(),
      }),
    ),
    safety: z.array(
      z.object({ label: z.string(), description: z.string().optional(), thresholdMs: z.number(), allowedExceedance: z.number(), colour: z.string() }),
    ),
    revision: z.number().int().openapi({ description: 'Starts at 1, one more on every change' }),
    created: z.string(),
    modified: z.string(),
  })
  .openapi('CompanyCriterion');

export const CompanyCriterionPageSchema = paginated(CompanyCriterionSchema, 'CompanyCriterionPage');

export type CompanyCriterion = z.infer<typeof CompanyCriterionSchema>;
export type CompanyCriterionPage = z.infer<typeof CompanyCriterionPageSchema>;

export const NAME_TAKEN = 'Your company already has a criterion table with this name.';
