/**
 * The password sign-in policy (docs/login-throttling.md). It slows an
 * attacker without letting one lock the owner out:
 *
 * 1. Every attempt from an address counts against a short budget (LOGIN_POLICY.attemptsPerAddress),
 *    whatever its outcome — hashing is costly, and successes were unthrottled. Clients that signed in
 *    before (device cookie, device-cookie.ts) get a larger budget, and refused attempts are not
 *    counted, so an attacker sharing their address cannot use it up for them.
 * 2. Failures of one account from one client (the device, else the address) earn growing delays:
 *    after `freeFailures`, 1 s, 2 s, 4 s … up to `maxDelaySeconds`; a success clears them. Attempts
 *    are admitted atomically, so parallel guesses cannot slip in between delays.
 * 3. Clients without a device cookie also meet the older per-account and per-address failure
 *    limits (THROTTLE_RULES.login, short windows): the only check a distributed attack can trip for
 *    everyone — and a browser the owner signed in with before is exempt from it.
 *
 * Counters live in rate_limit_counters, shared by every server process, on PGlite and PostgreSQL.
 */
import { and, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { rateLimitCounters } from '../../../db/schema/index.ts';
import { throttled } from './throttle.ts';

export const LOGIN_POLICY = {
  /** All attempts from one address per minute; trusted clients (device cookie) get `trustedLimit`. */
  attemptsPerAddress: { limit: 30, trustedLimit: 120, windowSeconds: 60 },
  /** Failures of one account from one client before delays start, and how they grow. */
  freeFailures: 5,
  maxDelaySeconds: 60,
  /** A client's failures are forgotten this long after its last one. */
  failureMemorySeconds: 900,
  /** Sign-ups from one address per hour (each costs a hash and makes an account). */
  signUpsPerAddress: { limit: 20, windowSeconds: 3600 },
} as const;

const seconds = (n: number) => sql`(${n} * interval '1 second')`;

function retryAfter(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 1000));
}

async function resetAtOf(db: Db, key: string): Promise<Date | undefined> {
  const [row] = await db.select({ resetAt: rateLimitCounters.resetAt }).from(rateLimitCounters).where(eq(rateLimitCounters.key, key));
  return row?.resetAt;
}

/** Opens a fresh window for `key` when it has none or its window has ended; true when it did. */
async function openWindow(db: Db, key: string, resetAt: Date, now: Date): Promise<boolean> {
  const rows = await db
    .insert(rateLimitCounters)
    .values({ key, hits: 1, resetAt })
    .onConflictDoUpdate({ target: rateLimitCounters.key, set: { hits: 1, resetAt }, setWhere: lte(rateLimitCounters.resetAt, now) })
    .returning({ hits: rateLimitCounters.hits });
  return rows.length > 0;
}

/**
 * Admits one attempt into a fixed window of `limit`, counting only admitted ones; throws 429 with
 * the window's remaining time otherwise. Two atomic statements, retried once if they raced.
 */
export async function admitWithin(db: Db, key: string, limit: number, windowSeconds: number, now: Date): Promise<void> {
  for (let round = 0; round < 2; round++) {
    const counted = await db
      .update(rateLimitCounters)
      .set({ hits: sql`${rateLimitCounters.hits} + 1` })
      .where(and(eq(rateLimitCounters.key, key), gt(rateLimitCounters.resetAt, now), lt(rateLimitCounters.hits, limit)))
      .returning({ hits: rateLimitCounters.hits });
    if (counted.length > 0) return;
    if (await openWindow(db, key, new Date(now.getTime() + windowSeconds * 1000), now)) return;
  }
  const resetAt = await resetAtOf(db, key);
  throw throttled(resetAt ? retryAfter(resetAt, now) : 1);
}

/**
 * Admits one attempt of a client on an account unless it is inside the delay its earlier failures
 * earned. The window slides: reset_at is always last attempt + failureMemorySeconds, so the last
 * attempt's time is reset_at minus that, and the delay follows from the count.
 */
export async function admitAfterDelay(db: Db, key: string, now: Date): Promise<void> {
  const { freeFailures, maxDelaySeconds, failureMemorySeconds } = LOGIN_POLICY;
  const memory = seconds(failureMemorySeconds);
  const delay = sql`least(power(2, greatest(${rateLimitCounters.hits} - ${freeFailures}, 0)), ${maxDelaySeconds}) * interval '1 second'`;
  const nowTs = sql`${now.toISOString()}::timestamptz`;
  const resetAt = new Date(now.getTime() + failureMemorySeconds * 1000);
  for (let round = 0; round < 2; round++) {
    const counted = await db
      .update(rateLimitCounters)
      .set({ hits: sql`${rateLimitCounters.hits} + 1`, resetAt })
      .where(
        and(
          eq(rateLimitCounters.key, key),
          gt(rateLimitCounters.resetAt, now),
          sql`(${rateLimitCounters.hits} < ${freeFailures} or ${nowTs} >= ${rateLimitCounters.resetAt} - ${memory} + ${delay})`,
        ),
      )
      .returning({ hits: rateLimitCounters.hits });
    if (counted.length > 0) return;
    if (await openWindow(db, key, resetAt, now)) return;
  }
  const [row] = await db
    .select({ until: sql<string>`${rateLimitCounters.resetAt} - ${memory} + ${delay}` })
    .from(rateLimitCounters)
    .where(eq(rateLimitCounters.key, key));
  throw throttled(row ? retryAfter(new Date(row.until), now) : 1);
}

/** Dates a failure from its answer, not its admission: the delay a client waits starts when it learns it failed. */
export async function recordFailure(db: Db, key: string, now: Date): Promise<void> {
  await db
    .update(rateLimitCounters)
    .set({ resetAt: new Date(now.getTime() + LOGIN_POLICY.failureMemorySeconds * 1000) })
    .where(eq(rateLimitCounters.key, key));
}

export async function forget(db: Db, key: string): Promise<void> {
  await db.delete(rateLimitCounters).where(eq(rateLimitCounters.key, key));
}
