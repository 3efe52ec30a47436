/**
 * djoser's reset_password / reset_password_confirm. The request always answers 204 and does its
 * lookup and mailing after the response, so an address with an account cannot be told from one
 * without, by the answer or by its timing.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AppDeps } from '../../../deps.ts';
import { users } from '../../../db/schema/index.ts';
import { hashPassword } from '../../../crypto/passwords.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import { runInBackground } from '../../../jobs/background.ts';
import { findById } from './accounts.ts';
import { passwordProblems } from './password-policy.ts';
import { checkResetToken, decodeUid, encodeUid, makeResetToken, type ResetTokenSubject } from './reset-token.ts';
import { throttle } from './throttle.ts';
import { revokeAllForUser } from './tokens.ts';

export const INVALID_UID = "Invalid user id or user doesn't exist.";
export const INVALID_TOKEN = 'Invalid token for given user.';

export function resetLink(publicUrl: string, uid: string, token: string): string {
  return `${publicUrl}/password/reset/confirm/${uid}/${token}`;
}

/** A one-time link to /password/reset/confirm/{uid}/{token}: dies once the password changes, or after three days. */
export function setPasswordLink(deps: Pick<AppDeps, 'config' | 'secretKey'>, account: ResetTokenSubject, now: Date): string {
  return resetLink(deps.config.publicUrl, encodeUid(account.id), makeResetToken(deps.secretKey, account, now));
}

export async function requestPasswordReset(db: Db, deps: AppDeps, email: string, address: string): Promise<void> {
  await throttle(db, 'resetPassword', { account: email, address }, deps.clock.now());
  runInBackground(deps, 'password reset mail', () => sendResetMails(db, deps, email));
}

async function sendResetMails(db: Db, deps: AppDeps, email: string): Promise<void> {
  const normalized = email.trim();
  if (!normalized) return;
  // Every active account with this address gets its own link — including accounts without a
  // password yet (added by a company administrator, or made by single sign-on): the link is how
  // they choose one.
  const accounts = await db
    .select({ id: users.id, username: users.username, email: users.email, passwordHash: users.passwordHash, lastLogin: users.lastLogin })
    .from(users)
    .where(and(sql`lower(${users.email}) = lower(${normalized})`, eq(users.isActive, true)));
  const now = deps.clock.now();
  for (const account of accounts) {
    const link = setPasswordLink(deps, account, now);
    await deps.mailer.send({
      to: account.email,
      subject: 'Reset your Canopy password',
      text: [
        `Someone asked to reset the password of the Canopy account "${account.username}".`,
        '',
        `To choose a new password, open: ${link}`,
        '',
        'The link works once and for three days. If you did not ask for it, ignore this message.',
      ].join('\n'),
    });
  }
}

export async function confirmPasswordReset(db: Db, deps: AppDeps, input: { uid: string; token: string; newPassword: string }): Promise<void> {
  const id = decodeUid(input.uid);
  const user = id === null ? undefined : await findById(db, id);
  if (!user || !user.isActive) throw DomainError.field('uid', INVALID_UID);
  const now = deps.clock.now();
  if (!checkResetToken(deps.secretKey, user, input.token, now)) throw DomainError.field('token', INVALID_TOKEN);
  const problems = passwordProblems(input.newPassword, user);
  if (problems.length > 0) throw DomainError.fields({ new_password: problems });
  const passwordHash = await hashPassword(input.newPassword);
  // Conditional on the hash the token was checked against: of two confirmations racing with one
  // link, only the first changes the password.
  const changed = await db
    .update(users)
    .set({ passwordHash, passwordChangedAt: now })
    .where(and(eq(users.id, user.id), eq(users.passwordHash, user.passwordHash)))
    .returning({ id: users.id });
  if (changed.length === 0) throw DomainError.field('token', INVALID_TOKEN);
  await revokeAllForUser(db, user.id, 'password_reset', now);
}
