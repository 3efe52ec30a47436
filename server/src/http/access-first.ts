/**
 * Access before validation. Handlers decide access in their services, but the
 * validator runs first, so a caller who may not see an object got a 400 for a bad body where a good
 * one gets 404 — confirming the object exists. On a validation failure the app's hook (app.ts)
 * therefore asks here whether the caller may see the object the path names, and answers 404 if
 * not. Only failures pay for this look-up; valid requests are checked by their services as before.
 */
import type { Context } from 'hono';
import { and, eq } from 'drizzle-orm';
import type { AppEnv } from '../deps.ts';
import type { AuthUser } from './authenticate.ts';
import type { Db } from '../db/database.ts';
import { projectShares, shareGroups, users } from '../db/schema/index.ts';
import { requireVisibleProject } from '../contexts/projects/access.ts';
import { ApiError } from './errors.ts';
import { pathId } from './params.ts';

type Check = (db: Db, user: AuthUser, id: number) => Promise<boolean>;

const sameCompany = (user: AuthUser, companyId: number | null | undefined) => user.isSuperuser || (companyId != null && companyId === user.companyId);

/** Objects named by the first id of a path, by the path's prefix. */
const CHECKS: Array<[RegExp, Check]> = [
  [/^\/api\/project\/([^/]+)\/./, async (db, user, id) => Boolean(await requireVisibleProject(db, user, id).catch(() => null))],
  [
    /^\/api\/company\/users\/([^/]+)/,
    async (db, user, id) => sameCompany(user, (await db.select({ companyId: users.companyId }).from(users).where(eq(users.id, id)))[0]?.companyId),
  ],
  [
    /^\/api\/company\/share-groups\/([^/]+)/,
    async (db, user, id) =>
      sameCompany(user, (await db.select({ companyId: shareGroups.companyId }).from(shareGroups).where(eq(shareGroups.id, id)))[0]?.companyId),
  ],
  [
    /^\/api\/user\/project-shares\/([^/]+)/,
    async (db, user, id) =>
      (
        await db
          .select({ id: projectShares.id })
          .from(projectShares)
          .where(and(eq(projectShares.id, id), eq(projectShares.userId, user.id)))
      ).length > 0,
  ],
];

/** The 404 to answer instead of a validation error, or undefined when the caller may see the object. */
export async function hiddenFromCaller(c: Context<AppEnv>): Promise<ApiError | undefined> {
  const user = c.var.user;
  if (!user) return undefined;
  for (const [pattern, check] of CHECKS) {
    const match = pattern.exec(c.req.path);
    if (!match) continue;
    let id: number;
    try {
      id = pathId(decodeURIComponent(match[1]!));
    } catch {
      return ApiError.notFound();
    }
    return (await check(c.var.db, user, id)) ? undefined : ApiError.notFound();
  }
  return undefined;
}
