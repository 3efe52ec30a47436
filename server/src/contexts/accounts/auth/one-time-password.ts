/**
 * Sign-in by a six-digit code sent by mail: valid ten minutes, single use, dead after five wrong
 * tries. Asking for a new code replaces the previous one. Codes are stored as an HMAC keyed by the
 * server secret, so reading the table does not hand out live codes.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AppDeps } from '../../../deps.ts';
import { oneTimePasswords } from '../../../db/schema/index.ts';
import { runInBackground } from '../../../jobs/background.ts';
import { findByEmail } from './accounts.ts';
import { noActiveAccount } from './login.ts';
import { throttle } from './throttle.ts';
import { issueTokensForLogin, type TokenPair } from './tokens.ts';

export const OTP_LIFETIME_SECONDS = 10 * 60;
export const OTP_MAX_FAILED_ATTEMPTS = 5;

function codeHash(secret: Uint8Array, userId: number, code: string): string {
  return createHmac('sha256', Buffer.concat([Buffer.from('canopy.one-time-password:'), Buffer.from(secret)]))
    .update(`${userId}:${code}`)
    .digest('base64url');
}

/** POST /api/one-time-password/generate: 204 whatever happens, the mail goes out afterwards. */
export async function requestOneTimePassword(db: Db, deps: AppDeps, email: string, address: string): Promise<void> {
  await throttle(db, 'otpGenerate', { account: email, address }, deps.clock.now());
  runInBackground(deps, 'one-time password mail', () => sendOneTimePassword(db, deps, email));
}

async function sendOneTimePassword(db: Db, deps: AppDeps, email: string): Promise<void> {
  const user = await findByEmail(db, email);
  if (!user || !user.isActive) return;
  const now = deps.clock.now();
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await db.transaction(async (tx) => {
    await tx.delete(oneTimePasswords).where(eq(oneTimePasswords.userId, user.id));
    await tx.insert(oneTimePasswords).values({
      userId: user.id,
      codeHash: codeHash(deps.secretKey, user.id, code),
      expiresAt: new Date(now.getTime() + OTP_LIFETIME_SECONDS * 1000),
      createdAt: now,
    });
  });
  await deps.mailer.send({
    to: user.email,
    subject: 'Your Canopy sign-in code',
    text: [
      `Your Canopy sign-in code is ${code}`,
      '',
      `It is valid for ${OTP_LIFETIME_SECONDS / 60} minutes and can be used once.`,
      `Sign in at ${deps.config.publicUrl}/otp-login`,
      '',
      'If you did not ask for it, ignore this message: nobody can sign in without the code.',
    ].join('\n'),
  });
}

/** POST /authjwt/create/ with {email, otp}. Every failure is the password login's 401. */
export async function loginWithOneTimePassword(db: Db, deps: AppDeps, input: { email: string; otp: string; address: string }): Promise<TokenPair> {
  const now = deps.clock.now();
  const ticket = await throttle(db, 'otpVerify', { account: input.email, address: input.address }, now);
  const user = await findByEmail(db, input.email);
  if (!user) throw noActiveAccount();
  const [live] = await db
    .select({ id: oneTimePasswords.id, codeHash: oneTimePasswords.codeHash })
    .from(oneTimePasswords)
    .where(
      and(
        eq(oneTimePasswords.userId, user.id),
        isNull(oneTimePasswords.usedAt),
        gt(oneTimePasswords.expiresAt, now),
        lt(oneTimePasswords.failedAttempts, OTP_MAX_FAILED_ATTEMPTS),
      ),
    )
    .orderBy(desc(oneTimePasswords.id))
    .limit(1);
  if (!live) throw noActiveAccount();
  const expected = Buffer.from(live.codeHash);
  const given = Buffer.from(codeHash(deps.secretKey, user.id, input.otp.trim()));
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    await db
      .update(oneTimePasswords)
      .set({ failedAttempts: sql`${oneTimePasswords.failedAttempts} + 1` })
      .where(eq(oneTimePasswords.id, live.id));
    throw noActiveAccount();
  }
  // Conditional on still being unused and under the attempt limit: two racing requests with the
  // right code get one sign-in between them.
  const claimed = await db
    .update(oneTimePasswords)
    .set({ usedAt: now })
    .where(and(eq(oneTimePasswords.id, live.id), isNull(oneTimePasswords.usedAt), lt(oneTimePasswords.failedAttempts, OTP_MAX_FAILED_ATTEMPTS)))
    .returning({ id: oneTimePasswords.id });
  if (claimed.length === 0 || !user.isActive) throw noActiveAccount();
  await ticket.refund();
  return issueTokensForLogin(db, deps, user.id);
}
