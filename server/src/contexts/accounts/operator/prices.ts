/**
 * The operator sets prices: credits each analysis debits per job level, and what each
 * subscription plan costs. A price says what an offered analysis costs; whether it is offered at all
 * is the capability list's (contexts/scenarios/capabilities.ts).
 */
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { simulationPrices, subscriptionTypePrices } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { SimulationPrice, SubscriptionTypePrice } from '@canopy/contract/subscriptions.ts';
import type { SimulationPriceCreate, SimulationPriceUpdate, SubscriptionTypePriceUpdate } from '@canopy/contract/operator.ts';

const simulationPrice = (r: typeof simulationPrices.$inferSelect): SimulationPrice => ({
  id: r.id,
  simulation_type: r.simulationType,
  credit_type: r.creditType,
  credits: r.credits,
  description: r.description,
});

export async function createSimulationPrice(db: Db, input: SimulationPriceCreate): Promise<SimulationPrice> {
  const [exists] = await db
    .select({ id: simulationPrices.id })
    .from(simulationPrices)
    .where(and(eq(simulationPrices.simulationType, input.simulation_type), eq(simulationPrices.creditType, input.credit_type)));
  if (exists) throw DomainError.field('simulation_type', `${input.simulation_type} already has a ${input.credit_type} price: change that one.`);
  const [row] = await db
    .insert(simulationPrices)
    .values({ simulationType: input.simulation_type, creditType: input.credit_type, credits: input.credits, description: input.description ?? '' })
    .returning();
  return simulationPrice(row!);
}

export async function updateSimulationPrice(db: Db, id: number, input: SimulationPriceUpdate): Promise<SimulationPrice> {
  const [row] = await db
    .update(simulationPrices)
    .set({ ...(input.credits !== undefined ? { credits: input.credits } : {}), ...(input.description !== undefined ? { description: input.description } : {}) })
    .where(eq(simulationPrices.id, id))
    .returning();
  if (!row) throw DomainError.notFound();
  return simulationPrice(row);
}

export async function updateSubscriptionTypePrice(db: Db, id: number, input: SubscriptionTypePriceUpdate): Promise<SubscriptionTypePrice> {
  const [r] = await db
    .update(subscriptionTypePrices)
    .set({
      ...(input.credits_per_period !== undefined ? { creditsPerPeriod: input.credits_per_period } : {}),
      ...(input.price_cents !== undefined ? { priceCents: input.price_cents } : {}),
      ...(input.currency !== undefined ? { currency: input.currency } : {}),
    })
    .where(eq(subscriptionTypePrices.id, id))
    .returning();
  if (!r) throw DomainError.notFound();
  return {
    id: r.id,
    plan: r.plan,
    credit_type: r.creditType,
    credits_per_period: r.creditsPerPeriod,
    period: r.period,
    price: r.priceCents / 100,
    price_cents: r.priceCents,
    currency: r.currency,
  };
}
