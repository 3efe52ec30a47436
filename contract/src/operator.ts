/**
 * The operator's routes, /api/operator/…, superusers only: every company, a company's
 * subscriptions, changing a subscription's credits, the two price tables, and publishing a new
 * end-user agreement. Issuing a subscription (POST /api/company/subscriptions) and bad stations
 * (/api/bad-stations) are the existing operator routes and are reused.
 */
import { z } from '@hono/zod-openapi';
import { CREDIT_TYPE_VALUES } from './subscriptions.ts';
import { ANALYSIS_TYPES } from './parameter-sets.ts';
import { choice, flag, optionalText, paginated, text } from './common.ts';

const integer = (min: number, max: number) =>
  z
    .number({ error: (i) => (i.input === undefined ? undefined : 'A valid integer is required.') })
    .int('A valid integer is required.')
    .min(min, `Ensure this value is greater than or equal to ${min}.`)
    .max(max, `Ensure this value is less than or equal to ${max}.`);

const atLeastOne = { path: ['non_field_errors'], message: 'Give at least one field to change.' };

export const OperatorCompanySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    is_rwdi: z.boolean(),
    user_count: z.number().int(),
    subscription_count: z.number().int(),
    created: z.string(),
  })
  .openapi('OperatorCompany');
export const OperatorCompanyPageSchema = paginated(OperatorCompanySchema, 'OperatorCompanyPage');

export const OperatorCompanyCreateSchema = z
  .object({
    name: text(200),
    is_rwdi: flag().optional(),
  })
  .strict()
  .openapi('OperatorCompanyCreate', { description: 'A new company; it gets the starter subscriptions when STARTER_SUBSCRIPTION is on.' });

export const SubscriptionUpdateSchema = z
  .object({
    plan: text(100).optional(),
    credits_per_period: integer(1, 1_000_000).optional(),
    refill_day: integer(1, 28).optional(),
    expires_at: z.iso.datetime({ offset: true, message: 'Enter a date and time as ISO 8601 (e.g. 2026-12-31T23:59:59Z).' }).nullable().optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, atLeastOne)
  .openapi('SubscriptionUpdate');

export const SimulationPriceCreateSchema = z
  .object({
    simulation_type: choice(ANALYSIS_TYPES),
    credit_type: choice(CREDIT_TYPE_VALUES),
    credits: integer(1, 100_000),
    description: optionalText(300),
  })
  .strict()
  .openapi('SimulationPriceCreate');

export const SimulationPriceUpdateSchema = z
  .object({ credits: integer(1, 100_000).optional(), description: optionalText(300) })
  .strict()
  .refine((v) => Object.keys(v).length > 0, atLeastOne)
  .openapi('SimulationPriceUpdate');

export const SubscriptionTypePriceUpdateSchema = z
  .object({
    credits_per_period: integer(1, 1_000_000).optional(),
    price_cents: integer(0, 100_000_000).optional(),
    currency: z
      .string()
      .trim()
      .regex(/^[A-Z]{3}$/, 'Enter a three-letter ISO 4217 currency code (e.g. USD).')
      .optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, atLeastOne)
  .openapi('SubscriptionTypePriceUpdate');

export const EulaVersionSchema = z
  .object({ id: z.number().int(), version: z.string(), title: z.string(), body: z.string(), published_at: z.string(), agreed_count: z.number().int() })
  .openapi('EulaVersion');
export const EulaVersionPageSchema = paginated(EulaVersionSchema, 'EulaVersionPage');

export const EulaPublishSchema = z
  .object({ version: text(50), title: text(200), body: text(100_000) })
  .strict()
  .openapi('EulaPublish', { description: 'Published now: every user is asked to agree to it at their next sign-in.' });

export type OperatorCompany = z.infer<typeof OperatorCompanySchema>;
export type OperatorCompanyPage = z.infer<typeof OperatorCompanyPageSchema>;
export type OperatorCompanyCreate = z.infer<typeof OperatorCompanyCreateSchema>;
export type SubscriptionUpdate = z.infer<typeof SubscriptionUpdateSchema>;
export type SimulationPriceCreate = z.infer<typeof SimulationPriceCreateSchema>;
export type SimulationPriceUpdate = z.infer<typeof SimulationPriceUpdateSchema>;
export type SubscriptionTypePriceUpdate = z.infer<typeof SubscriptionTypePriceUpdateSchema>;
export type EulaVersion = z.infer<typeof EulaVersionSchema>;
export type EulaVersionPage = z.infer<typeof EulaVersionPageSchema>;
export type EulaPublish = z.infer<typeof EulaPublishSchema>;

/** A company's limits (the operator's, or the installation's defaults) and what it uses of them now. */
export const CompanyLimitsSchema = z
  .object({
    company_id: z.number().int(),
    max_running_jobs: z.number().int(),
    max_running_jobs_is_default: z.boolean(),
    running_jobs: z.number().int(),
    monthly_compute_hours: z.number().int(),
    monthly_compute_hours_is_default: z.boolean(),
    compute_hours_this_month: z.number(),
    storage_bytes: z.number().int(),
    storage_bytes_is_default: z.boolean(),
    stored_bytes: z.number().int(),
  })
  .openapi('CompanyLimits');

export const CompanyLimitsUpdateSchema = z
  .object({
    max_running_jobs: integer(1, 10_000).nullable().optional(),
    monthly_compute_hours: integer(1, 1_000_000).nullable().optional(),
    storage_bytes: integer(1024 * 1024, Number.MAX_SAFE_INTEGER)
      .nullable()
      .optional(),
  })
  .strict()
  .refine((v) => Object.keys(v).length > 0, atLeastOne)
  .openapi('CompanyLimitsUpdate', { description: 'A number sets the company’s own limit; null returns it to the installation’s default.' });
export type CompanyLimits = z.infer<typeof CompanyLimitsSchema>;
export type CompanyLimitsUpdate = z.infer<typeof CompanyLimitsUpdateSchema>;
