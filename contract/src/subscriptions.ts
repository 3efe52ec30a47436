/** Subscriptions, their usage history, and the two price tables. */
import { z } from '@hono/zod-openapi';
import { PageQuery, choice, idField, paginated, text } from './common.ts';

export const CREDIT_TYPE_VALUES = ['AI', 'CFD'] as const;

export const SubscriptionSchema = z
  .object({
    id: z.number().int(),
    company_id: z.number().int(),
    plan: z.string(),
    credit_type: z.enum(CREDIT_TYPE_VALUES),
    credits_per_period: z.number().int(),
    refill_day: z.number().int().openapi({ description: 'Day of the month the credits refill (1–28)' }),
    expires_at: z.string().nullable(),
    is_expired: z.boolean(),
    user: z.number().int().nullable().openapi({ description: 'The holder (at most one), or null' }),
    user_name: z.string().nullable(),
    period_start: z.string(),
    next_refill: z.string(),
    credits_used: z.number().int().openapi({ description: 'Debited since period_start' }),
    credits_reserved: z
      .number()
      .int()
      .openapi({ description: 'Held for analyses waiting for external results: debited when they arrive, returned if cancelled' }),
    credits_left: z.number().int().openapi({ description: 'credits_per_period − credits_used − credits_reserved (not below 0)' }),
  })
  .openapi('Subscription');

export const SubscriptionPageSchema = paginated(SubscriptionSchema, 'SubscriptionPage');

export const SubscriptionCreateSchema = z
  .object({
    company_id: idField(),
    plan: text(100),
    credit_type: choice(CREDIT_TYPE_VALUES),
    credits_per_period: z
      .number()
      .int('A valid integer is required.')
      .min(1, 'Ensure this value is greater than or equal to 1.')
      .max(1_000_000, 'Ensure this value is less than or equal to 1000000.'),
    refill_day: z
      .number()
      .int('A valid integer is required.')
      .min(1, 'Ensure this value is greater than or equal to 1.')
      .max(28, 'Ensure this value is less than or equal to 28.')
      .optional(),
    expires_at: z.iso.datetime({ offset: true, message: 'Enter a date and time as ISO 8601 (e.g. 2026-12-31T23:59:59Z).' }).nullable().optional(),
  })
  .openapi('SubscriptionCreate', { description: 'Operators (superusers) issue subscriptions to companies.' });

export const USAGE_ORDERINGS = [
  'date',
  '-date',
  'credits_used',
  '-credits_used',
  'label',
  '-label',
  'credit_type',
  '-credit_type',
  'used_by',
  '-used_by',
] as const;
export type UsageOrdering = (typeof USAGE_ORDERINGS)[number];

export const UsageQuery = PageQuery.extend({
  order_by: choice(USAGE_ORDERINGS).optional().openapi({ description: 'Default -date' }),
});

export const SubscriptionUsageSchema = z
  .object({
    id: z.number().int(),
    label: z.string(),
    used_by: z.string().openapi({ description: "The user's name when the credits were used" }),
    used_by_id: z.number().int().nullable(),
    credit_type: z.enum(CREDIT_TYPE_VALUES),
    date: z.string(),
    credits_used: z.number().int(),
    configuration: z.number().int().nullable(),
    subscription: z.number().int().nullable(),
  })
  .openapi('SubscriptionUsage');

export const SubscriptionUsagePageSchema = paginated(SubscriptionUsageSchema, 'SubscriptionUsagePage');

export const SubscriptionTypePriceSchema = z
  .object({
    id: z.number().int(),
    plan: z.string(),
    credit_type: z.enum(CREDIT_TYPE_VALUES),
    credits_per_period: z.number().int(),
    period: z.string(),
    price: z.number().openapi({ description: 'In the currency (price_cents / 100)' }),
    price_cents: z.number().int(),
    currency: z.string(),
  })
  .openapi('SubscriptionTypePrice');

export const SimulationPriceSchema = z
  .object({
    id: z.number().int(),
    simulation_type: z.string(),
    credit_type: z.enum(CREDIT_TYPE_VALUES),
    credits: z.number().int(),
    description: z.string(),
  })
  .openapi('SimulationPrice');

export const SubscriptionTypePricePageSchema = paginated(SubscriptionTypePriceSchema, 'SubscriptionTypePricePage');
export const SimulationPricePageSchema = paginated(SimulationPriceSchema, 'SimulationPricePage');

export type Subscription = z.infer<typeof SubscriptionSchema>;
export type SubscriptionPage = z.infer<typeof SubscriptionPageSchema>;
export type SubscriptionCreate = z.infer<typeof SubscriptionCreateSchema>;
export type UsageQuery = z.infer<typeof UsageQuery>;
export type SubscriptionUsage = z.infer<typeof SubscriptionUsageSchema>;
export type SubscriptionUsagePage = z.infer<typeof SubscriptionUsagePageSchema>;
export type SubscriptionTypePrice = z.infer<typeof SubscriptionTypePriceSchema>;
export type SimulationPrice = z.infer<typeof SimulationPriceSchema>;
