/**
 * POST /authjwt/create/ with a username and password. A wrong password, an unknown user and an
 * inactive user get the same 401 body, and each costs one scrypt verification, so neither the
 * answer nor its timing tells which it was. Throttling follows login-throttle.ts.
 */
import type { Db } from '../../../db/database.ts';
import type { AppDeps } from '../../../deps.ts';
import { DUMMY_HASH, verifyPassword } from '../../../crypto/passwords.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import { findByUsername } from './accounts.ts';
import { accountKey, throttle, type ThrottleTicket } from './throttle.ts';
import { LOGIN_POLICY, admitAfterDelay, admitWithin, forget, recordFailure } from './login-throttle.ts';
import { deviceIdOf, newDeviceCookie } from './device-cookie.ts';
import { issueTokensForLogin, type TokenPair } from './tokens.ts';

export const NO_ACTIVE_ACCOUNT = 'No active account found with the given credentials';

export function noActiveAccount(): DomainError {
  return new DomainError('unauthenticated', { detail: NO_ACTIVE_ACCOUNT });
}

export interface PasswordLogin {
  username: string;
  password: string;
  address: string;
  /** The device cookie the client sent for an account, by user id (routes read it from the request). */
  deviceCookie: (userId: number) => string | undefined;
}

export interface PasswordLoginResult extends TokenPair {
  userId: number;
  /** The device cookie value to set (the same device id again, or a new one). */
  deviceCookie: string;
}

export async function loginWithPassword(db: Db, deps: AppDeps, input: PasswordLogin): Promise<PasswordLoginResult> {
  const now = deps.clock.now();
  const user = await findByUsername(db, input.username);
  const deviceId = user ? deviceIdOf(deps.secretKey, user.id, input.deviceCookie(user.id)) : undefined;
  const budget = LOGIN_POLICY.attemptsPerAddress;
  await admitWithin(db, `login:attempts:${input.address}`, deviceId ? budget.trustedLimit : budget.limit, budget.windowSeconds, now);
  // A known device is exempt from the limits an attacker elsewhere could trip for everyone.
  const ticket: ThrottleTicket | undefined = deviceId ? undefined : await throttle(db, 'login', { account: input.username, address: input.address }, now);
  const client = deviceId ? `device:${deviceId}` : `address:${input.address}`;
  const delayKey = `login:delay:${accountKey(input.username)}:${client}`;
  try {
    await admitAfterDelay(db, delayKey, now);
  } catch (error) {
    // Not tried, so not a failure of the per-account and per-address counters.
    await ticket?.refund();
    throw error;
  }
  // SSO-only accounts have no hash; they are checked against the dummy so they take as long.
  const matches = await verifyPassword(input.password, user?.passwordHash || DUMMY_HASH);
  if (!user || !user.passwordHash || !matches || !user.isActive) {
    await recordFailure(db, delayKey, deps.clock.now());
    throw noActiveAccount();
  }
  await ticket?.refund();
  await forget(db, delayKey);
  const pair = await issueTokensForLogin(db, deps, user.id);
  return { ...pair, userId: user.id, deviceCookie: newDeviceCookie(deps.secretKey, user.id, deviceId) };
}
