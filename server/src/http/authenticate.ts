/**
 * Bearer-token authentication with simplejwt's responses: no header → 401 "Authentication
 * credentials were not provided."; a bad or expired access token → 401 code token_not_valid —
 * never 403, because the client refreshes on 401.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { eq, sql } from 'drizzle-orm';
import { DomainError } from '../kernel/domain-errors.ts';
import { TokenInvalidError, verifyToken } from '../crypto/jwt.ts';
import { users } from '../db/schema/index.ts';
import type { AppEnv } from '../deps.ts';
import type { Db } from '../db/database.ts';
import { prepared } from '../db/prepared.ts';
import { requestHeader } from './node-request.ts';
import type { AuthUser } from '../kernel/auth-user.ts';

export type { AuthUser };

export function tokenNotValid(message: string): DomainError {
  return new DomainError('unauthenticated', {
    detail: 'Given token not valid for any token type',
    code: 'token_not_valid',
    messages: [{ token_class: 'AccessToken', token_type: 'access', message }],
  });
}

/** The token's user, on every authenticated request: a prepared statement. */
function tokenUser(db: Db) {
  return prepared(db, 'token_user_v2', (d, name) =>
    d
      .select({
        id: users.id,
        username: users.username,
        email: users.email,
        companyId: users.companyId,
        roleId: users.roleId,
        isSuperuser: users.isSuperuser,
        isActive: users.isActive,
        // Names the database state for answers that may be reused while it holds (http/snapshot-cache.ts).
        snapshot: sql<string>`pg_current_snapshot()::text`,
      })
      .from(users)
      .where(eq(users.id, sql.placeholder('userId')))
      .prepare(name),
  );
}

/** The signed-in user of this request, or null when there is no Authorization header. */
export async function authenticate(c: Context<AppEnv>): Promise<AuthUser | null> {
  const cached = c.get('user');
  if (cached) return cached;
  const header = requestHeader(c, 'authorization');
  if (!header) return null;
  const [scheme, token] = header.split(' ');
  if (!/^(Bearer|JWT)$/i.test(scheme ?? '') || !token) {
    throw tokenNotValid('Authorization header must contain two space-delimited values');
  }
  const deps = c.get('deps');
  let userId: number;
  try {
    const claims = await verifyToken(deps.secretKey, token, 'access', deps.clock.now());
    userId = Number(claims.user_id);
  } catch (error) {
    if (error instanceof TokenInvalidError) throw tokenNotValid(error.message);
    throw error;
  }
  const [row] = await tokenUser(c.get('db')).execute({ userId });
  if (!row) throw new DomainError('unauthenticated', { detail: 'User not found', code: 'user_not_found' });
  if (!row.isActive) throw new DomainError('unauthenticated', { detail: 'User is inactive', code: 'user_inactive' });
  const { isActive: _active, snapshot, ...user } = row;
  c.set('user', user);
  c.set('snapshot', snapshot);
  return user;
}

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  const user = await authenticate(c);
  if (!user) throw DomainError.notAuthenticated();
  await next();
};

export const requireSuperuser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.var.user?.isSuperuser) throw DomainError.forbidden();
  await next();
};

/** The signed-in user inside a handler whose route requires one. */
export function currentUser(c: Context<AppEnv>): AuthUser {
  const user = c.get('user');
  if (!user) throw DomainError.notAuthenticated();
  return user;
}
