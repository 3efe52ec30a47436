/**
 * The share links of the authorization world: a live link to the Published insight, and
 * per role one to revoke. Written straight to the table: the routes' own behaviour is tested in
 * server/src/routes/share-links/share-links.test.ts.
 */
import type { Db } from '../src/db/database.ts';
import { shareLinks } from '../src/db/schema/index.ts';
import { linkTokenHash, newLinkToken } from '../src/contexts/accounts/share-links/tokens.ts';
import type { MatrixRole } from './world.ts';

export interface WorldShareLinks {
  /** The token of a live link (no password) to the world's Published insight, and its id. */
  token: string;
  linkId: number;
  /** Per role, a live link of the project to revoke. */
  toRevoke: Record<MatrixRole, number>;
}

export async function buildWorldShareLinks(
  db: Db,
  ids: { projectId: number; studyId: number; insightId: number; ownerId: number; roles: readonly MatrixRole[] },
): Promise<WorldShareLinks> {
  const expiresAt = new Date(Date.now() + 30 * 86_400_000);
  const token = newLinkToken();
  const base = { projectId: ids.projectId, studyId: ids.studyId, insightId: ids.insightId, expiresAt, createdBy: ids.ownerId };
  const [main] = await db
    .insert(shareLinks)
    .values({ ...base, tokenHash: linkTokenHash(token) })
    .returning({ id: shareLinks.id });
  const rows = await db
    .insert(shareLinks)
    .values(ids.roles.map(() => ({ ...base, tokenHash: linkTokenHash(newLinkToken()) })))
    .returning({ id: shareLinks.id });
  const toRevoke = Object.fromEntries(ids.roles.map((role, i) => [role, rows[i]!.id])) as Record<MatrixRole, number>;
  return { token, linkId: main!.id, toRevoke };
}
