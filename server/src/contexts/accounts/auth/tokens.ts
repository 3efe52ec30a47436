/**
 * simplejwt's token pair with rotation and reuse detection. Every issued refresh token is recorded
 * by jti inside a family (one family per sign-in). Refreshing marks the presented token used and
 * issues its successor in the same family; presenting a token that was already used means a copy
 * leaked, so the whole family is revoked and the legitimate holder must sign in again too.
 *
 * One exception, as in the token services that rotate (Okta's "grace period for token rotation",
 * Auth0's "reuse interval"): a token presented again within REFRESH_REUSE_GRACE_MS of its first use
 * gets a pair of its own in the same family. Two tabs of one browser refresh at the same moment, and
 * the browser does not promise that the second sees the first's new token in localStorage when it
 * takes the cross-tab lock (Chromium propagates storage between renderer processes asynchronously):
 * revoking then signed both tabs out.
 */
import { and, eq, inArray, isNull, lt } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../../db/database.ts';
import type { AppDeps } from '../../../deps.ts';
import { refreshTokenFamilies, refreshTokens, users } from '../../../db/schema/index.ts';
import { signToken, TokenInvalidError, verifyToken, type TokenClaims } from '../../../crypto/jwt.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';

export interface TokenPair {
  access: string;
  refresh: string;
}

/** simplejwt's body for a refused token on its token views: 401 code token_not_valid. */
export function tokenNotValid(detail: string): DomainError {
  return new DomainError('unauthenticated', { detail, code: 'token_not_valid' });
}

async function issueRefresh(db: Db, deps: AppDeps, userId: number, familyId: string, now: Date): Promise<string> {
  const { token, claims } = await signToken(deps.secretKey, 'refresh', userId, deps.config.REFRESH_TOKEN_LIFETIME, now, {
    fam: familyId,
  });
  await db.insert(refreshTokens).values({ jti: claims.jti, familyId, expiresAt: new Date(claims.exp * 1000) });
  return token;
}

async function issueAccess(deps: AppDeps, userId: number, now: Date): Promise<string> {
  return (await signToken(deps.secretKey, 'access', userId, deps.config.ACCESS_TOKEN_LIFETIME, now)).token;
}

/** A new sign-in: a new family, and `last_login` moves (which also voids pending reset links). */
export async function issueTokensForLogin(db: Db, deps: AppDeps, userId: number): Promise<TokenPair> {
  const now = deps.clock.now();
  const familyId = randomUUID();
  await db.update(users).set({ lastLogin: now }).where(eq(users.id, userId));
  await db.insert(refreshTokenFamilies).values({ id: familyId, userId, createdAt: now });
  // Rows of expired tokens are never needed again; dropping the user's own keeps the table small.
  await db
    .delete(refreshTokens)
    .where(
      and(
        lt(refreshTokens.expiresAt, now),
        inArray(refreshTokens.familyId, db.select({ id: refreshTokenFamilies.id }).from(refreshTokenFamilies).where(eq(refreshTokenFamilies.userId, userId))),
      ),
    );
  return { access: await issueAccess(deps, userId, now), refresh: await issueRefresh(db, deps, userId, familyId, now) };
}

async function verifyOrRefuse(deps: AppDeps, token: string, type: 'access' | 'refresh'): Promise<TokenClaims> {
  try {
    return await verifyToken(deps.secretKey, token, type, deps.clock.now());
  } catch (error) {
    if (error instanceof TokenInvalidError) throw tokenNotValid(error.message);
    throw error;
  }
}

export async function revokeFamily(db: Db, familyId: string, reason: string, now: Date): Promise<void> {
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(refreshTokenFamilies.id, familyId), isNull(refreshTokenFamilies.revokedAt)));
}

export async function revokeAllForUser(db: Db, userId: number, reason: string, now: Date): Promise<void> {
  await db
    .update(refreshTokenFamilies)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(refreshTokenFamilies.userId, userId), isNull(refreshTokenFamilies.revokedAt)));
}

/** How long after its first use a refresh token may come back without revoking its family. */
export const REFRESH_REUSE_GRACE_MS = 10_000;

type RefreshState = { state: 'live' | 'revoked' | 'unknown' } | { state: 'used'; usedAt: Date };

/** Whether a refresh token is still the live head of a live family (for verify and refresh). */
async function refreshState(db: Db, claims: TokenClaims): Promise<RefreshState> {
  const [row] = await db
    .select({ usedAt: refreshTokens.usedAt, revokedAt: refreshTokenFamilies.revokedAt, familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .innerJoin(refreshTokenFamilies, eq(refreshTokenFamilies.id, refreshTokens.familyId))
    .where(eq(refreshTokens.jti, claims.jti));
  if (!row || row.familyId !== claims.fam) return { state: 'unknown' };
  if (row.revokedAt) return { state: 'revoked' };
  return row.usedAt ? { state: 'used', usedAt: row.usedAt } : { state: 'live' };
}

/** POST /authjwt/refresh/: rotate, or revoke the family when a used token comes back. */
export async function rotateRefreshToken(db: Db, deps: AppDeps, token: string): Promise<TokenPair> {
  const claims = await verifyOrRefuse(deps, token, 'refresh');
  const now = deps.clock.now();
  // The conditional update is the single point of truth: of two requests racing with one token,
  // exactly one sees a row come back.
  const claimed = await db
    .update(refreshTokens)
    .set({ usedAt: now })
    .where(and(eq(refreshTokens.jti, claims.jti), isNull(refreshTokens.usedAt)))
    .returning({ familyId: refreshTokens.familyId });
  let familyId = claimed[0]?.familyId;
  if (!familyId || familyId !== claims.fam) {
    const found = await refreshState(db, claims);
    if (found.state === 'used' && claims.fam && now.getTime() - found.usedAt.getTime() < REFRESH_REUSE_GRACE_MS) {
      familyId = claims.fam;
    } else {
      if (found.state === 'used' && claims.fam) await revokeFamily(db, claims.fam, 'reuse', now);
      throw tokenNotValid(found.state === 'unknown' ? 'Token is invalid' : 'Token is blacklisted');
    }
  }
  const [family] = await db
    .select({ revokedAt: refreshTokenFamilies.revokedAt, userId: refreshTokenFamilies.userId })
    .from(refreshTokenFamilies)
    .where(eq(refreshTokenFamilies.id, familyId));
  if (!family || family.revokedAt) throw tokenNotValid('Token is blacklisted');
  const [user] = await db.select({ isActive: users.isActive }).from(users).where(eq(users.id, family.userId));
  if (!user?.isActive) throw tokenNotValid('Token is invalid');
  return { access: await issueAccess(deps, family.userId, now), refresh: await issueRefresh(db, deps, family.userId, familyId, now) };
}

/** POST /authjwt/verify/: any of our tokens that is signed, unexpired and (if refresh) live. */
export async function verifyAnyToken(db: Db, deps: AppDeps, token: string): Promise<void> {
  let claims: TokenClaims;
  try {
    claims = await verifyToken(deps.secretKey, token, 'access', deps.clock.now());
  } catch (error) {
    if (!(error instanceof TokenInvalidError) || error.message !== 'Token has wrong type') {
      throw error instanceof TokenInvalidError ? tokenNotValid(error.message) : error;
    }
    claims = await verifyOrRefuse(deps, token, 'refresh');
    const { state } = await refreshState(db, claims);
    if (state !== 'live') throw tokenNotValid(state === 'unknown' ? 'Token is invalid' : 'Token is blacklisted');
  }
}
