/** Price tables: what a subscription plan costs, and how many credits each kind of simulation debits. */
import { integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { CREDIT_TYPES } from './subscriptions.ts';

export const subscriptionTypePrices = pgTable(
  'subscription_type_prices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    plan: text('plan').notNull(),
    creditType: text('credit_type', { enum: CREDIT_TYPES }).notNull(),
    creditsPerPeriod: integer('credits_per_period').notNull(),
    /** 'month' | 'year' */
    period: text('period').notNull(),
    /** In the currency's minor unit, so sums stay exact. */
    priceCents: integer('price_cents').notNull(),
    currency: text('currency').notNull(),
  },
  (t) => [uniqueIndex('subscription_type_prices_plan').on(t.plan, t.creditType, t.period)],
);

export const simulationPrices = pgTable(
  'simulation_prices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    simulationType: text('simulation_type').notNull(),
    creditType: text('credit_type', { enum: CREDIT_TYPES }).notNull(),
    credits: integer('credits').notNull(),
    description: text('description').notNull().default(''),
  },
  (t) => [uniqueIndex('simulation_prices_type').on(t.simulationType, t.creditType)],
);
