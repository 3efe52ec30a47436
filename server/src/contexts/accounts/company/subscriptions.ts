/**
 * Subscriptions: listing with the current period's balance, issuing (operators), and assigning one to
 * a user. Credits left are derived (credits per period − usage since the last refill day), never
 * stored, so a debit and the history cannot disagree.
 */
import { and, asc, count, eq, gt, gte, inArray, isNull, ne, or } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { companies, subscriptions, subscriptionUsage, users } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { ListQuery } from '../../../kernel/list-query.ts';
import type { Subscription, SubscriptionCreate } from '@canopy/contract/subscriptions.ts';
import { displayName } from '../users/names.ts';
import { ownCompanyId } from './guards.ts';
import { creditsReserved } from './reservations.ts';

/** The start of the credit period containing `now`: the last refill day at 00:00 UTC on or before it. */
export function periodStart(now: Date, refillDay: number): Date {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  return now.getUTCDate() >= refillDay ? new Date(Date.UTC(y, m, refillDay)) : new Date(Date.UTC(y, m - 1, refillDay));
}

export function nextRefill(start: Date, refillDay: number): Date {
  return new Date(Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + 1, refillDay));
}

/** Credits debited from each subscription since its own period start. */
export async function creditsUsed(db: Db, rows: ReadonlyArray<{ id: number; refillDay: number }>, now: Date): Promise<Map<number, number>> {
  const used = new Map<number, number>();
  if (rows.length === 0) return used;
  const starts = new Map(rows.map((r) => [r.id, periodStart(now, r.refillDay)]));
  const earliest = new Date(Math.min(...[...starts.values()].map((d) => d.getTime())));
  const usage = await db
    .select({ subscriptionId: subscriptionUsage.subscriptionId, usedAt: subscriptionUsage.usedAt, credits: subscriptionUsage.creditsUsed })
    .from(subscriptionUsage)
    .where(and(inArray(subscriptionUsage.subscriptionId, [...starts.keys()]), gte(subscriptionUsage.usedAt, earliest)));
  for (const u of usage) {
    if (u.subscriptionId === null || u.usedAt < starts.get(u.subscriptionId)!) continue;
    used.set(u.subscriptionId, (used.get(u.subscriptionId) ?? 0) + u.credits);
  }
  return used;
}

function selectSubscriptions(db: Db) {
  return db
    .select({
      id: subscriptions.id,
      companyId: subscriptions.companyId,
      plan: subscriptions.plan,
      creditType: subscriptions.creditType,
      creditsPerPeriod: subscriptions.creditsPerPeriod,
      refillDay: subscriptions.refillDay,
      expiresAt: subscriptions.expiresAt,
      userId: subscriptions.userId,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(subscriptions)
    .leftJoin(users, eq(users.id, subscriptions.userId));
}

type Row = Awaited<ReturnType<typeof selectSubscriptions>>[number];

function represent(row: Row, used: number, reserved: number, now: Date): Subscription {
  const start = periodStart(now, row.refillDay);
  return {
    id: row.id,
    company_id: row.companyId,
    plan: row.plan,
    credit_type: row.creditType,
    credits_per_period: row.creditsPerPeriod,
    refill_day: row.refillDay,
    expires_at: row.expiresAt?.toISOString() ?? null,
    is_expired: row.expiresAt !== null && row.expiresAt <= now,
    user: row.userId,
    user_name: row.username !== null ? displayName({ username: row.username, firstName: row.firstName ?? '', lastName: row.lastName ?? '' }) : null,
    period_start: start.toISOString(),
    next_refill: nextRefill(start, row.refillDay).toISOString(),
    credits_used: used,
    credits_reserved: reserved,
    credits_left: Math.max(0, row.creditsPerPeriod - used - reserved),
  };
}

/** The company's subscriptions; `availableOnly`: those nobody holds that have not expired. */
export function listSubscriptions(db: Db, user: AuthUser, now: Date, availableOnly = false): ListQuery<Subscription> {
  const companyId = ownCompanyId(user);
  const where = and(
    eq(subscriptions.companyId, companyId),
    availableOnly ? and(isNull(subscriptions.userId), or(isNull(subscriptions.expiresAt), gt(subscriptions.expiresAt, now))) : undefined,
  );
  return {
    count: async () => (await db.select({ n: count() }).from(subscriptions).where(where))[0]?.n ?? 0,
    async page(limit, offset) {
      const rows = await selectSubscriptions(db).where(where).orderBy(asc(subscriptions.id)).limit(limit).offset(offset);
      const used = await creditsUsed(db, rows, now);
      const reserved = await creditsReserved(
        db,
        rows.map((r) => r.id),
      );
      return rows.map((r) => represent(r, used.get(r.id) ?? 0, reserved.get(r.id) ?? 0, now));
    },
  };
}

export async function oneSubscription(db: Db, id: number, now: Date): Promise<Subscription> {
  const [row] = await selectSubscriptions(db).where(eq(subscriptions.id, id));
  if (!row) throw DomainError.notFound();
  const used = await creditsUsed(db, [row], now);
  const reserved = await creditsReserved(db, [row.id]);
  return represent(row, used.get(row.id) ?? 0, reserved.get(row.id) ?? 0, now);
}

export async function createSubscription(db: Db, input: SubscriptionCreate, now: Date): Promise<Subscription> {
  const [company] = await db.select({ id: companies.id }).from(companies).where(eq(companies.id, input.company_id));
  if (!company) throw DomainError.field('company_id', `Invalid pk "${input.company_id}" - object does not exist.`);
  const [row] = await db
    .insert(subscriptions)
    .values({
      companyId: company.id,
      plan: input.plan,
      creditType: input.credit_type,
      creditsPerPeriod: input.credits_per_period,
      refillDay: input.refill_day ?? 1,
      expiresAt: input.expires_at ? new Date(input.expires_at) : null,
    })
    .returning({ id: subscriptions.id });
  return oneSubscription(db, row!.id, now);
}

/**
 * Gives `subscriptionId` to `userId` (null: takes the user's subscription away). Call inside a
 * transaction that holds the company lock (guards.lockCompany): the holder is a column of the
 * subscription, so it has one holder by construction; the user's previous subscription is released
 * first so the user holds one at most (subscriptions_one_per_user).
 */
export async function assignSubscription(tx: Db, companyId: number, userId: number, subscriptionId: number | null, now: Date): Promise<void> {
  if (subscriptionId === null) {
    await tx.update(subscriptions).set({ userId: null }).where(eq(subscriptions.userId, userId));
    return;
  }
  const [sub] = await tx
    .select({ id: subscriptions.id, companyId: subscriptions.companyId, expiresAt: subscriptions.expiresAt })
    .from(subscriptions)
    .where(eq(subscriptions.id, subscriptionId));
  if (!sub || sub.companyId !== companyId) throw DomainError.field('subscription', `Invalid pk "${subscriptionId}" - object does not exist.`);
  if (sub.expiresAt !== null && sub.expiresAt <= now) throw DomainError.field('subscription', 'This subscription has expired.');
  await tx
    .update(subscriptions)
    .set({ userId: null })
    .where(and(eq(subscriptions.userId, userId), ne(subscriptions.id, subscriptionId)));
  await tx.update(subscriptions).set({ userId }).where(eq(subscriptions.id, subscriptionId));
}
