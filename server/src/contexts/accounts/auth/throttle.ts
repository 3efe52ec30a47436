/**
 * Rate limits for the guessable sign-in steps, per account and per client address, with the
 * counters in the database so every server process sees the same numbers (PGlite and PostgreSQL
 * alike: one atomic INSERT … ON CONFLICT DO UPDATE per key, no advisory locks or extensions).
 *
 * Fixed windows: the first hit of a key opens a window of `windowSeconds`. Every attempt is counted
 * before the secret is checked (so parallel guesses cannot slip in between a read and a write); a
 * sign-in that succeeds then gives its hit back, so only failures use up the allowance and people
 * who sign in often are never throttled for it. Mail-sending requests keep their hit.
 */
import { createHash } from 'node:crypto';
import { eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { rateLimitCounters } from '../../../db/schema/index.ts';
import { DomainError, MESSAGES } from '../../../kernel/domain-errors.ts';

export interface ThrottleRule {
  limit: number;
  windowSeconds: number;
}

export type ThrottleScope = 'login' | 'otpGenerate' | 'otpVerify' | 'resetPassword' | 'sharePassword';

/**
 * Per account the limits stop guessing one user's secret; per address they are looser, because an
 * office behind one NAT address signs in together at nine o'clock.
 */
export const THROTTLE_RULES: Record<ThrottleScope, { account: ThrottleRule; address: ThrottleRule }> = {
  login: { account: { limit: 10, windowSeconds: 300 }, address: { limit: 100, windowSeconds: 300 } },
  otpGenerate: { account: { limit: 5, windowSeconds: 600 }, address: { limit: 30, windowSeconds: 600 } },
  otpVerify: { account: { limit: 10, windowSeconds: 600 }, address: { limit: 100, windowSeconds: 600 } },
  resetPassword: { account: { limit: 5, windowSeconds: 3600 }, address: { limit: 30, windowSeconds: 3600 } },
  // A share link's password: the "account" is the link, so guesses at one link are bounded however
  // many addresses they come from.
  sharePassword: { account: { limit: 10, windowSeconds: 300 }, address: { limit: 50, windowSeconds: 300 } },
};

/**
 * What the caller typed, normalised; over-long input (the routes cap it, this is the backstop) is
 * hashed so a key always fits the primary-key index.
 */
export function accountKey(account: string): string {
  const normalised = account.trim().toLowerCase();
  return normalised.length <= 254 ? normalised : `sha256:${createHash('sha256').update(normalised).digest('hex')}`;
}

interface Hit {
  hits: number;
  resetAt: Date;
}

async function hit(db: Db, key: string, rule: ThrottleRule, now: Date): Promise<Hit> {
  const nowIso = now.toISOString();
  const resetAt = new Date(now.getTime() + rule.windowSeconds * 1000);
  const expired = sql`${rateLimitCounters.resetAt} <= ${nowIso}::timestamptz`;
  const [row] = await db
    .insert(rateLimitCounters)
    .values({ key, hits: 1, resetAt })
    .onConflictDoUpdate({
      target: rateLimitCounters.key,
      set: {
        hits: sql`case when ${expired} then 1 else ${rateLimitCounters.hits} + 1 end`,
        resetAt: sql`case when ${expired} then excluded.reset_at else ${rateLimitCounters.resetAt} end`,
      },
    })
    .returning({ hits: rateLimitCounters.hits, resetAt: rateLimitCounters.resetAt });
  return row!;
}

export function throttled(retryAfterSeconds: number): DomainError {
  return new DomainError('too-many', { detail: MESSAGES.throttled(retryAfterSeconds) }, { retryAfterSeconds });
}

/**
 * Counts one attempt against the account key and the address key of `scope`; throws 429 with
 * Retry-After when either is over its limit. The account is whatever the caller typed
 * (normalised), known or not, so a 429 never tells whether an account exists.
 */
export interface ThrottleTicket {
  /** Gives the hits back (after a successful sign-in). */
  refund(): Promise<void>;
}

export async function throttle(db: Db, scope: ThrottleScope, subject: { account?: string; address: string }, now: Date): Promise<ThrottleTicket> {
  const rules = THROTTLE_RULES[scope];
  const checks: Array<[string, ThrottleRule]> = [[`${scope}:address:${subject.address}`, rules.address]];
  if (subject.account) checks.push([`${scope}:account:${accountKey(subject.account)}`, rules.account]);
  let retryAfter = 0;
  let opened = false;
  for (const [key, rule] of checks) {
    const { hits, resetAt } = await hit(db, key, rule, now);
    opened ||= hits === 1;
    if (hits > rule.limit) {
      retryAfter = Math.max(retryAfter, Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000)));
    }
  }
  // Every new window is a moment to drop the counters whose windows closed long ago; nothing else
  // ever deletes them, and without it each address ever seen would stay for good.
  if (opened) await db.delete(rateLimitCounters).where(lt(rateLimitCounters.resetAt, new Date(now.getTime() - 3600_000)));
  if (retryAfter > 0) throw throttled(retryAfter);
  return {
    async refund() {
      for (const [key] of checks) {
        await db
          .update(rateLimitCounters)
          .set({ hits: sql`greatest(${rateLimitCounters.hits} - 1, 0)` })
          .where(eq(rateLimitCounters.key, key));
      }
    },
  };
}
