/**
 * POST /authjwt/create/ with a username and password. A wrong password, an unknown user and an
 * inactive user get the same 401 body, and each costs one scrypt verification, so neither the
 * answer nor its timing tells which it was.
 */
import type { Db } from '../../db/database.ts';
import type { AppDeps } from '../../deps.ts';
import { DUMMY_HASH, verifyPassword } from '../../auth/passwords.ts';
import { ApiError } from '../../http/errors.ts';
import { findByUsername } from './accounts.ts';
import { throttle } from './throttle.ts';
import { issueTokensForLogin, type TokenPair } from './tokens.ts';

export const NO_ACTIVE_ACCOUNT = 'No active account found with the given credentials';

export function noActiveAccount(): ApiError {
  return new ApiError(401, { detail: NO_ACTIVE_ACCOUNT }, { 'WWW-Authenticate': 'Bearer realm="api"' });
}

export async function loginWithPassword(
  db: Db,
  deps: AppDeps,
  input: { username: string; password: string; address: string },
): Promise<TokenPair> {
  const ticket = await throttle(db, 'login', { account: input.username, address: input.address }, deps.clock.now());
  const user = await findByUsername(db, input.username);
  // SSO-only accounts have no hash; they are checked against the dummy so they take as long.
  const matches = await verifyPassword(input.password, user?.passwordHash || DUMMY_HASH);
  if (!user || !user.passwordHash || !matches || !user.isActive) throw noActiveAccount();
  await ticket.refund();
  return issueTokensForLogin(db, deps, user.id);
}
