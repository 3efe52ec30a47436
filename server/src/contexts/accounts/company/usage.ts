/**
 * Subscription usage: the history (company administrators see the company's, everyone else their
 * own) and `debitSubscription`, which the scenarios capability calls when a simulation is run.
 */
import { and, asc, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { subscriptions, subscriptionUsage, users, type CreditType } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { ListQuery } from '../../../kernel/list-query.ts';
import type { SubscriptionUsage, UsageOrdering } from '@canopy/contract/subscriptions.ts';
import { displayName } from '../users/names.ts';
import { hasPermission, ownCompanyId } from './guards.ts';
import { periodStart } from './subscriptions.ts';
import { creditsReserved } from './reservations.ts';

function orderOf(ordering: UsageOrdering | undefined): SQL[] {
  const by: Record<string, SQL> = {
    date: sql`${subscriptionUsage.usedAt}`,
    credits_used: sql`${subscriptionUsage.creditsUsed}`,
    label: sql`lower(${subscriptionUsage.label})`,
    credit_type: sql`${subscriptionUsage.creditType}`,
    used_by: sql`lower(${subscriptionUsage.usedByName})`,
  };
  const key = ordering ?? '-date';
  const descending = key.startsWith('-');
  const column = by[descending ? key.slice(1) : key]!;
  return descending ? [desc(column), desc(subscriptionUsage.id)] : [asc(column), asc(subscriptionUsage.id)];
}

type Row = typeof subscriptionUsage.$inferSelect;

function represent(row: Row): SubscriptionUsage {
  return {
    id: row.id,
    label: row.label,
    used_by: row.usedByName,
    used_by_id: row.usedBy,
    credit_type: row.creditType,
    date: row.usedAt.toISOString(),
    credits_used: row.creditsUsed,
    configuration: row.configurationId,
    subscription: row.subscriptionId,
  };
}

export async function listUsage(db: Db, user: AuthUser, ordering: UsageOrdering | undefined): Promise<ListQuery<SubscriptionUsage>> {
  const companyId = ownCompanyId(user);
  const seesAll = await hasPermission(db, user, 'custom_auth.change_user');
  const where = and(eq(subscriptionUsage.companyId, companyId), seesAll ? undefined : eq(subscriptionUsage.usedBy, user.id));
  return {
    count: async () => (await db.select({ n: count() }).from(subscriptionUsage).where(where))[0]?.n ?? 0,
    page: async (limit, offset) =>
      (
        await db
          .select()
          .from(subscriptionUsage)
          .where(where)
          .orderBy(...orderOf(ordering))
          .limit(limit)
          .offset(offset)
      ).map(represent),
  };
}

export interface Debit {
  /** The user running the simulation; their subscription is debited. */
  userId: number;
  credits: number;
  label: string;
  /** When given, the user's subscription must be of this type. */
  creditType?: CreditType;
  configurationId?: number | null;
  at: Date;
}

export interface DebitResult {
  usage: SubscriptionUsage;
  subscriptionId: number;
  creditsLeft: number;
}

/**
 * Debits the credits from the user's subscription and records the usage row, or refuses with a 400
 * on `subscription`. The subscription row is locked for the check and the insert, so two simulations
 * submitted at once cannot both spend the last credits.
 */
export async function debitSubscription(db: Db, debit: Debit): Promise<DebitResult> {
  if (!Number.isInteger(debit.credits) || debit.credits < 1) throw new RangeError('credits must be a positive integer');
  return db.transaction(async (tx) => {
    const [sub] = await tx.select().from(subscriptions).where(eq(subscriptions.userId, debit.userId)).for('update');
    if (!sub) throw DomainError.field('subscription', 'You have no subscription: ask your company administrator to assign one.');
    if (debit.creditType && sub.creditType !== debit.creditType) {
      throw DomainError.field('subscription', `This needs ${debit.creditType} credits; your subscription has ${sub.creditType} credits.`);
    }
    if (sub.expiresAt !== null && sub.expiresAt <= debit.at) throw DomainError.field('subscription', 'Your subscription has expired.');
    const since = periodStart(debit.at, sub.refillDay);
    const [spent] = await tx
      .select({ n: sql<number>`coalesce(sum(${subscriptionUsage.creditsUsed}), 0)`.mapWith(Number) })
      .from(subscriptionUsage)
      .where(and(eq(subscriptionUsage.subscriptionId, sub.id), gte(subscriptionUsage.usedAt, since)));
    const held = (await creditsReserved(tx, [sub.id])).get(sub.id) ?? 0;
    const left = sub.creditsPerPeriod - (spent?.n ?? 0) - held;
    if (debit.credits > left) throw DomainError.field('subscription', `Not enough credits: ${left} left, ${debit.credits} needed.`);
    const [person] = await tx
      .select({ username: users.username, firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, debit.userId));
    const [row] = await tx
      .insert(subscriptionUsage)
      .values({
        subscriptionId: sub.id,
        companyId: sub.companyId,
        label: debit.label,
        usedBy: debit.userId,
        usedByName: person ? displayName(person) : '',
        creditType: sub.creditType,
        usedAt: debit.at,
        creditsUsed: debit.credits,
        configurationId: debit.configurationId ?? null,
      })
      .returning();
    return { usage: represent(row!), subscriptionId: sub.id, creditsLeft: left - debit.credits };
  });
}
