/**
 * A project owner's share links: make one for a Published insight or report of the project (with an
 * expiry, an optional password and the origins that may frame it), list the live ones with their
 * last use, revoke one. The token is answered once, at creation; only its hash is kept.
 */
import { and, desc, eq, gt, isNull, sql, type SQL } from 'drizzle-orm';
import type { AppDeps } from '../../../deps.ts';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { hashPassword } from '../../../crypto/passwords.ts';
import { insights, reports, shareLinks, studies, users } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import { SHARE_LINK_MAX_DAYS, type ShareLink, type ShareLinkCreate, type ShareLinkCreated, type ShareLinkUpdate } from '@canopy/contract/share-links.ts';
import { requireProjectOwner } from './owner.ts';
import { linkTokenHash, newLinkToken } from './tokens.ts';

type LinkRow = typeof shareLinks.$inferSelect;
type Author = { id: number; username: string; firstName: string; lastName: string } | null;

function linkView(row: LinkRow, author: Author): ShareLink {
  return {
    id: row.id,
    study_id: row.studyId,
    insight_id: row.insightId,
    report_id: row.reportId,
    expires_at: row.expiresAt.toISOString(),
    has_password: row.passwordHash !== null,
    frame_ancestors: row.frameAncestors,
    last_used_at: row.lastUsedAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
    created_by: author ? { id: author.id, name: `${author.firstName} ${author.lastName}`.trim() || author.username } : null,
  };
}

const missing = (field: string, id: number) => DomainError.field(field, `Invalid pk "${id}" - object does not exist.`);

/** The shared object's study, after checking it belongs to the project and is Published. */
async function targetStudy(db: Db, projectId: number, input: ShareLinkCreate): Promise<number> {
  const [field, table, id] =
    input.insight_id !== undefined ? (['insight_id', insights, input.insight_id] as const) : (['report_id', reports, input.report_id!] as const);
  const [row] = await db
    .select({ studyId: table.studyId, status: table.status })
    .from(table)
    .innerJoin(studies, eq(studies.id, table.studyId))
    .where(and(eq(table.id, id), eq(studies.projectId, projectId)));
  if (!row) throw missing(field, id);
  if (row.status !== 'Published') throw DomainError.field(field, `Only a published ${field === 'insight_id' ? 'insight' : 'report'} can be shared.`);
  return row.studyId;
}

function checkExpiry(expiresAt: Date, now: Date): void {
  if (expiresAt.getTime() <= now.getTime()) throw DomainError.field('expires_at', 'Ensure this date is in the future.');
  if (expiresAt.getTime() > now.getTime() + SHARE_LINK_MAX_DAYS * 86_400_000) {
    throw DomainError.field('expires_at', `Ensure this date is at most ${SHARE_LINK_MAX_DAYS} days ahead.`);
  }
}

export async function createShareLink(deps: AppDeps, db: Db, user: AuthUser, projectId: number, input: ShareLinkCreate): Promise<ShareLinkCreated> {
  await requireProjectOwner(db, user, projectId);
  const studyId = await targetStudy(db, projectId, input);
  const expiresAt = new Date(input.expires_at);
  checkExpiry(expiresAt, deps.clock.now());
  const token = newLinkToken();
  const [row] = await db
    .insert(shareLinks)
    .values({
      projectId,
      studyId,
      insightId: input.insight_id ?? null,
      reportId: input.report_id ?? null,
      tokenHash: linkTokenHash(token),
      // hashed on the hashing threads (crypto/hash-threads.ts), never on the request thread
      passwordHash: input.password === undefined ? null : await hashPassword(input.password),
      expiresAt,
      frameAncestors: [...new Set(input.frame_ancestors ?? [])],
      createdBy: user.id,
    })
    .returning();
  const [author] = await db
    .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, user.id));
  return { ...linkView(row!, author ?? null), token, url: `/shared/${token}` };
}

/** A query parameter naming an id: absent, or a positive integer (400 naming it otherwise). */
function queryId(field: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^\d{1,10}$/.test(value) || Number(value) < 1 || Number(value) > 2_147_483_647) throw DomainError.field(field, 'A valid integer is required.');
  return Number(value);
}

/** The project's live links (neither revoked nor expired), newest first, optionally of one insight or report. */
export async function listShareLinks(
  deps: AppDeps,
  db: Db,
  user: AuthUser,
  projectId: number,
  query: { insight_id?: string | undefined; report_id?: string | undefined },
): Promise<ShareLink[]> {
  await requireProjectOwner(db, user, projectId);
  const insightId = queryId('insight_id', query.insight_id);
  const reportId = queryId('report_id', query.report_id);
  const conditions: SQL[] = [eq(shareLinks.projectId, projectId), isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, deps.clock.now())];
  if (insightId !== undefined) conditions.push(eq(shareLinks.insightId, insightId));
  if (reportId !== undefined) conditions.push(eq(shareLinks.reportId, reportId));
  const rows = await db
    .select({ link: shareLinks, author: { id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName } })
    .from(shareLinks)
    .leftJoin(users, eq(users.id, shareLinks.createdBy))
    .where(and(...conditions))
    .orderBy(desc(shareLinks.createdAt), desc(shareLinks.id));
  return rows.map((r) => linkView(r.link, r.author));
}

/** Revokes a live link of the project; from then on it opens nothing. An unknown or already revoked link is 404. */
export async function revokeShareLink(deps: AppDeps, db: Db, user: AuthUser, projectId: number, linkId: number): Promise<void> {
  await requireProjectOwner(db, user, projectId);
  const revoked = await db
    .update(shareLinks)
    .set({ revokedAt: sql`${deps.clock.now().toISOString()}::timestamptz` })
    .where(and(eq(shareLinks.id, linkId), eq(shareLinks.projectId, projectId), isNull(shareLinks.revokedAt)))
    .returning({ id: shareLinks.id });
  if (revoked.length === 0) throw DomainError.notFound();
}

/** Sets the origins that may embed a live link of the project (CSP frame-ancestors of /embed/{token}). */
export async function updateShareLink(deps: AppDeps, db: Db, user: AuthUser, projectId: number, linkId: number, input: ShareLinkUpdate): Promise<ShareLink> {
  await requireProjectOwner(db, user, projectId);
  const [row] = await db
    .update(shareLinks)
    .set({ frameAncestors: [...new Set(input.frame_ancestors)] })
    .where(and(eq(shareLinks.id, linkId), eq(shareLinks.projectId, projectId), isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, deps.clock.now())))
    .returning();
  if (!row) throw DomainError.notFound();
  const [author] =
    row.createdBy === null
      ? []
      : await db
          .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(eq(users.id, row.createdBy));
  return linkView(row, author ?? null);
}
