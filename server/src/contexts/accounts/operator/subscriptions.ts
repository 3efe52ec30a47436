/**
 * The operator's side of subscriptions: any company's list with balances, and changing
 * a subscription's plan, credits per period, refill day or expiry. Credits left follow at once,
 * since they are derived (contexts/accounts/company/subscriptions.ts), never stored.
 */
import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { companies, subscriptions } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { ListQuery } from '../../../kernel/list-query.ts';
import type { Subscription } from '@canopy/contract/subscriptions.ts';
import type { SubscriptionUpdate } from '@canopy/contract/operator.ts';
import { oneSubscription } from '../company/subscriptions.ts';

export async function companySubscriptions(db: Db, companyId: number, now: Date): Promise<ListQuery<Subscription>> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId));
  if (!company) throw DomainError.notFound();
  const where = eq(subscriptions.companyId, companyId);
  return {
    count: async () => (await db.select({ n: count() }).from(subscriptions).where(where))[0]?.n ?? 0,
    async page(limit, offset) {
      const ids = await db.select({ id: subscriptions.id }).from(subscriptions).where(where).orderBy(asc(subscriptions.id)).limit(limit).offset(offset);
      return Promise.all(ids.map((r) => oneSubscription(db, r.id, now)));
    },
  };
}

export async function updateSubscription(db: Db, id: number, input: SubscriptionUpdate, now: Date): Promise<Subscription> {
  const changed = await db
    .update(subscriptions)
    .set({
      ...(input.plan !== undefined ? { plan: input.plan } : {}),
      ...(input.credits_per_period !== undefined ? { creditsPerPeriod: input.credits_per_period } : {}),
      ...(input.refill_day !== undefined ? { refillDay: input.refill_day } : {}),
      ...(input.expires_at !== undefined ? { expiresAt: input.expires_at === null ? null : new Date(input.expires_at) } : {}),
    })
    .where(eq(subscriptions.id, id))
    .returning({ id: subscriptions.id });
  if (changed.length === 0) throw DomainError.notFound();
  return oneSubscription(db, id, now);
}
