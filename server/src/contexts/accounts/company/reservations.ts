/**
 * Credit reservations (db/schema/reservations.ts): approval holds the credits of each analysis that
 * waits for external results; ingestion of its results turns the hold into a usage row (the debit);
 * cancelling the simulation or deleting its scenario returns them. A held reservation counts against
 * the subscription's balance, so credits cannot be promised twice.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { creditReservations, subscriptionUsage } from '../../../db/schema/index.ts';

/** Credits held (not yet debited or returned) per subscription. */
export async function creditsReserved(db: Db, subscriptionIds: readonly number[]): Promise<Map<number, number>> {
  const held = new Map<number, number>();
  if (subscriptionIds.length === 0) return held;
  const rows = await db
    .select({ id: creditReservations.subscriptionId, n: sql<number>`coalesce(sum(${creditReservations.credits}), 0)`.mapWith(Number) })
    .from(creditReservations)
    .where(and(inArray(creditReservations.subscriptionId, [...subscriptionIds]), eq(creditReservations.status, 'held')))
    .groupBy(creditReservations.subscriptionId);
  for (const r of rows) if (r.id !== null) held.set(r.id, r.n);
  return held;
}

export type NewReservation = Omit<typeof creditReservations.$inferInsert, 'id' | 'status' | 'settledAt' | 'usageId'>;

export async function reserveCredits(tx: Db, rows: NewReservation[]): Promise<void> {
  if (rows.length) await tx.insert(creditReservations).values(rows);
}

/**
 * Results arrived for these simulations: each held reservation becomes a usage row dated now (the
 * period the results arrive in pays). Call in the transaction that marks the simulations completed;
 * the row lock (FOR UPDATE) makes a second ingestion of the same results find nothing held.
 */
export async function debitReservations(tx: Db, simulationIds: readonly number[], now: Date): Promise<number> {
  if (simulationIds.length === 0) return 0;
  const held = await tx
    .select()
    .from(creditReservations)
    .where(and(inArray(creditReservations.simulationId, [...simulationIds]), eq(creditReservations.status, 'held')))
    .for('update');
  for (const r of held) {
    const [usage] = await tx
      .insert(subscriptionUsage)
      .values({
        subscriptionId: r.subscriptionId,
        companyId: r.companyId,
        label: r.label,
        usedBy: r.reservedBy,
        usedByName: r.reservedByName,
        creditType: r.creditType,
        usedAt: now,
        creditsUsed: r.credits,
        configurationId: r.configurationId,
      })
      .returning({ id: subscriptionUsage.id });
    await tx.update(creditReservations).set({ status: 'debited', settledAt: now, usageId: usage!.id }).where(eq(creditReservations.id, r.id));
  }
  return held.reduce((sum, r) => sum + r.credits, 0);
}

/** Returns the held credits of these simulations, or of a whole scenario; the credits returned. */
export async function refundReservations(tx: Db, target: { simulationIds: readonly number[] } | { configurationId: number }, now: Date): Promise<number> {
  const which =
    'configurationId' in target
      ? eq(creditReservations.configurationId, target.configurationId)
      : target.simulationIds.length
        ? inArray(creditReservations.simulationId, [...target.simulationIds])
        : undefined;
  if (!which) return 0;
  const returned = await tx
    .update(creditReservations)
    .set({ status: 'refunded', settledAt: now })
    .where(and(which, eq(creditReservations.status, 'held')))
    .returning({ credits: creditReservations.credits });
  return returned.reduce((sum, r) => sum + r.credits, 0);
}
