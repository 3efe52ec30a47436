/**
 * The shape of a wind comfort criterion (see criteria.ts for the meaning and the built-in ones),
 * as a zod schema: the single definition behind the TypeScript type, the API's validation of
 * user-defined criteria, and the browser's form checks.
 */
import { z } from 'zod';
import type { SpeedType } from './gem.ts';

const hexColour = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'colour must be #rrggbb');

export const comfortClassSchema = z.object({
  label: z.string().trim().min(1).max(60),
  description: z.string().max(300).optional(),
  /** null only for the last, catch-all class. */
  thresholdMs: z.number().positive().max(100).nullable(),
  /** Share of hours (0–1), not percent; null only for the last class. */
  allowedExceedance: z.number().min(0).max(1).nullable(),
  colour: hexColour,
});

export const safetyLimitSchema = z.object({
  label: z.string().trim().min(1).max(60),
  description: z.string().max(300).optional(),
  thresholdMs: z.number().positive().max(100),
  allowedExceedance: z.number().min(0).max(1),
  colour: hexColour,
});

type Ordered = { thresholdMs: number | null; allowedExceedance: number | null };

/** Index of the first entry that breaks the non-decreasing order, or -1. */
function firstOutOfOrder(items: readonly Ordered[]): number {
  for (let i = 1; i < items.length; i++) {
    const [a, b] = [items[i - 1], items[i]];
    if (a.thresholdMs === null || b.thresholdMs === null || a.allowedExceedance === null || b.allowedExceedance === null) continue;
    if (b.thresholdMs < a.thresholdMs || b.allowedExceedance < a.allowedExceedance) return i;
  }
  return -1;
}

export const criterionSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9-]{0,59}$/, 'id: lower-case letters, digits and hyphens'),
    name: z.string().trim().min(1).max(100),
    /** Citation of the published table. */
    source: z.string().max(300).optional(),
    speedType: z.enum(['hourlyMean', 'maxMeanGem'] satisfies SpeedType[]),
    /** 'atMost': met when P ≤ allowed (Lawson, Davenport). 'lessThan': met when P < allowed (NEN 8100). */
    exceedanceComparison: z.enum(['atMost', 'lessThan']).default('atMost'),
    /** Most comfortable first; the last is the catch-all (thresholdMs and allowedExceedance null). */
    classes: z.array(comfortClassSchema).min(2).max(12),
    /** Least severe first. A point breaking limit i has safety level i + 1. */
    safety: z.array(safetyLimitSchema).max(6).default([]),
  })
  .superRefine((criterion, ctx) => {
    const last = criterion.classes.length - 1;
    criterion.classes.forEach((c, i) => {
      const isLast = i === last;
      if (isLast !== (c.thresholdMs === null) || isLast !== (c.allowedExceedance === null)) {
        ctx.addIssue({
          code: 'custom',
          path: ['classes', i],
          message: isLast
            ? 'the last class catches all remaining points: its thresholdMs and allowedExceedance must be null'
            : 'every class but the last needs a thresholdMs and an allowedExceedance',
        });
      }
    });
    const classOrder = firstOutOfOrder(criterion.classes);
    if (classOrder >= 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['classes', classOrder],
        message: 'classes go from most to least comfortable: thresholds and allowed exceedances must not decrease',
      });
    }
    const safetyOrder = firstOutOfOrder(criterion.safety);
    if (safetyOrder >= 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['safety', safetyOrder],
        message: 'safety limits go from least to most severe: thresholds and allowed exceedances must not decrease',
      });
    }
    const labels = criterion.classes.map((c) => c.label);
    const duplicate = labels.findIndex((label, i) => labels.indexOf(label) !== i);
    if (duplicate >= 0) ctx.addIssue({ code: 'custom', path: ['classes', duplicate, 'label'], message: 'class labels must be unique' });
  });

export type Criterion = z.output<typeof criterionSchema>;
export type CriterionInput = z.input<typeof criterionSchema>;

/**
 * Five comfort colours, most comfortable first: ColorBrewer "RdYlBu" 5-class reversed, flagged
 * colour-blind safe by Brewer & Harrower, ColorBrewer 2.0 (colorbrewer2.org).
 */
export const COMFORT_COLOURS = ['#2c7bb6', '#abd9e9', '#ffffbf', '#fdae61', '#d7191c'] as const;
/** Safety colours, least severe first: ColorBrewer "PuOr" purples, distinct from the comfort ramp. */
export const SAFETY_COLOURS = ['#8073ac', '#2d004b'] as const;

/**
 * Every threshold the criterion needs an exceedance for (classes and safety limits), ascending
 * and without repeats: the `thresholdsMs` to give `exceedanceProbabilities` before `classifyComfort`.
 */
export function comfortThresholdsMs(criterion: Criterion): number[] {
  const all = new Set<number>();
  for (const c of criterion.classes) if (c.thresholdMs !== null) all.add(c.thresholdMs);
  for (const s of criterion.safety) all.add(s.thresholdMs);
  return [...all].sort((a, b) => a - b);
}
