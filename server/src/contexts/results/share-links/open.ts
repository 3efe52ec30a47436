/**
 * Opening a share link, for anyone holding its token. A link that is unknown, revoked, expired, or
 * whose insight or report is no longer Published answers 404 `Not found.` on every route — the same
 * answer in every case, so a dead link tells nothing about what it was. A live link reads its one
 * insight or report (Published views only), and the files those reference: the captured and uploaded
 * images of its scene and image views, and the result layers of the simulations its scene views show.
 * Nothing else: every file route checks the id against that set. Password guesses are counted per
 * link and per address (contexts/accounts/auth/throttle.ts) and checked on the hashing threads.
 */
import { and, asc, eq, gt, inArray, isNull } from 'drizzle-orm';
import type { AppDeps } from '../../../deps.ts';
import type { Db } from '../../../db/database.ts';
import { verifyPassword } from '../../../crypto/passwords.ts';
import { assets, configurations, imageViews, insights, reports, sceneViews, shareLinks, simulations } from '../../../db/schema/index.ts';
import { DomainError, MESSAGES } from '../../../kernel/domain-errors.ts';
import type { Insight } from '@canopy/contract/insights.ts';
import type { SharedContent, SharedLinkInfo } from '@canopy/contract/share-links.ts';
import { linkTokenHash, signLinkAccess, throttle, verifyLinkAccess } from '../../accounts/index.ts';
import { reportForExport } from '../insights/reports.ts';
import { representInsights, type InsightRow } from '../insights/represent.ts';
import { studyImageBytes } from '../insights/study-images.ts';
import { publicScope } from '../insights/visibility.ts';
import { assetView, type AssetRow } from '../viewer/assets.ts';
import { openFile, type FileDownload } from '../viewer/simulations.ts';

export type LinkRow = typeof shareLinks.$inferSelect;

/** The live link of `token` whose object is still Published; 404 otherwise. */
export async function liveLink(db: Db, token: string, now: Date): Promise<LinkRow> {
  // A token is 43 base64url characters; anything else cannot be one (and is not hashed or looked up).
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) throw DomainError.notFound();
  const [row] = await db
    .select({ link: shareLinks, insightStatus: insights.status, reportStatus: reports.status })
    .from(shareLinks)
    .leftJoin(insights, eq(insights.id, shareLinks.insightId))
    .leftJoin(reports, eq(reports.id, shareLinks.reportId))
    .where(and(eq(shareLinks.tokenHash, linkTokenHash(token)), isNull(shareLinks.revokedAt), gt(shareLinks.expiresAt, now)));
  if (!row || (row.insightStatus ?? row.reportStatus) !== 'Published') throw DomainError.notFound();
  return row.link;
}

export function linkInfo(link: LinkRow): SharedLinkInfo {
  return { kind: link.insightId !== null ? 'insight' : 'report', requires_password: link.passwordHash !== null, expires_at: link.expiresAt.toISOString() };
}

/** The password check of a password link; 400 naming `password` when it is missing or wrong, 429 past the limit. */
async function checkPassword(db: Db, link: LinkRow, password: string | undefined, address: string, now: Date): Promise<void> {
  if (link.passwordHash === null) return;
  if (password === undefined || password === '') throw DomainError.field('password', MESSAGES.required);
  const ticket = await throttle(db, 'sharePassword', { account: `share-link:${link.id}`, address }, now);
  if (!(await verifyPassword(password, link.passwordHash))) throw DomainError.field('password', 'The password is incorrect.');
  await ticket.refund();
}

/** What a link shows: its insight, or its report with the Published insights of its views. */
async function sharedObjects(db: Db, link: LinkRow): Promise<{ insightRows: InsightRow[]; report: SharedContent['report'] }> {
  if (link.insightId !== null) {
    const rows = await db
      .select()
      .from(insights)
      .where(and(eq(insights.id, link.insightId), eq(insights.status, 'Published')));
    return { insightRows: rows, report: null };
  }
  const report = await reportForExport(db, publicScope(link.projectId, link.studyId), link.reportId!);
  const ids = [...new Set(report.report_views.map((v) => v.insight.id))];
  const rows = ids.length
    ? await db
        .select()
        .from(insights)
        .where(and(inArray(insights.id, ids), eq(insights.status, 'Published')))
        .orderBy(asc(insights.sortOrder), asc(insights.id))
    : [];
  return { insightRows: rows, report };
}

/** The simulations the insights' scene views show: their own, and those of their chosen layers. */
function simulationIds(shown: Insight[]): number[] {
  const ids = new Set<number>();
  for (const insight of shown) {
    for (const view of insight.sceneview_set) {
      if (view.simulation_id !== null) ids.add(view.simulation_id);
      for (const layer of view.layer_selection) if (typeof layer.simulation_id === 'number') ids.add(layer.simulation_id);
    }
  }
  return [...ids];
}

async function layerRows(db: Db, link: LinkRow, shown: Insight[]): Promise<AssetRow[]> {
  const ids = simulationIds(shown);
  if (ids.length === 0) return [];
  // Only simulations of the link's own study: a scene view cannot point elsewhere, but the file
  // routes must not trust that.
  return db
    .select({ asset: assets })
    .from(assets)
    .innerJoin(simulations, eq(simulations.id, assets.simulationId))
    .innerJoin(configurations, eq(configurations.id, simulations.configurationId))
    .where(and(inArray(assets.simulationId, ids), eq(configurations.studyId, link.studyId)))
    .orderBy(asc(assets.id))
    .then((rows) => rows.map((r) => r.asset));
}

/** Without the author: a public reader learns the content, not who in the company wrote it. */
const anonymous = (insight: Insight): Insight => ({ ...insight, created_by: null });

interface Reader {
  token: string;
  now: Date;
}

/** POST open: checks the password, records the use, and answers the content. */
export async function openLink(deps: AppDeps, db: Db, reader: Reader & { password: string | undefined; address: string }): Promise<SharedContent> {
  const link = await liveLink(db, reader.token, reader.now);
  await checkPassword(db, link, reader.password, reader.address, reader.now);
  await db.update(shareLinks).set({ lastUsedAt: reader.now }).where(eq(shareLinks.id, link.id));
  const { insightRows, report } = await sharedObjects(db, link);
  const shown = (await representInsights(db, insightRows)).map(anonymous);
  return {
    ...linkInfo(link),
    access: link.passwordHash === null ? null : signLinkAccess(deps.secretKey, link.id, link.expiresAt, reader.now),
    insights: shown,
    report,
    layers: (await layerRows(db, link, shown)).map(assetView),
  };
}

/** A live link for a file route: a password link also needs the `access` its opening gave. */
async function readableLink(deps: AppDeps, db: Db, reader: Reader & { access: string | undefined }): Promise<LinkRow> {
  const link = await liveLink(db, reader.token, reader.now);
  if (link.passwordHash !== null && !verifyLinkAccess(deps.secretKey, link.id, reader.access, reader.now)) throw DomainError.notFound();
  return link;
}

/** The ids of the study images the link's objects show (scene views' captures, image views). */
async function imageIds(db: Db, link: LinkRow): Promise<Set<number>> {
  const { insightRows, report } = await sharedObjects(db, link);
  const ids = new Set<number>();
  if (report) {
    for (const view of report.report_views) ids.add(view.image_view.study_image_id);
    const sceneIds = report.report_views.map((v) => v.image_view.scene_view_id).filter((id): id is number => id !== null);
    if (sceneIds.length) {
      for (const row of await db.select({ id: sceneViews.studyImageId }).from(sceneViews).where(inArray(sceneViews.id, sceneIds)))
        if (row.id !== null) ids.add(row.id);
    }
    return ids;
  }
  const insightIds = insightRows.map((r) => r.id);
  if (insightIds.length === 0) return ids;
  for (const row of await db.select({ id: sceneViews.studyImageId }).from(sceneViews).where(inArray(sceneViews.insightId, insightIds)))
    if (row.id !== null) ids.add(row.id);
  for (const row of await db.select({ id: imageViews.studyImageId }).from(imageViews).where(inArray(imageViews.insightId, insightIds))) ids.add(row.id);
  return ids;
}

export async function sharedImage(
  deps: AppDeps,
  db: Db,
  reader: Reader & { access: string | undefined; imageId: number },
): Promise<{ contentType: string; bytes: Uint8Array }> {
  const link = await readableLink(deps, db, reader);
  if (!(await imageIds(db, link)).has(reader.imageId)) throw DomainError.notFound();
  const found = await studyImageBytes(deps, db, link.studyId, reader.imageId);
  if (!found) throw DomainError.notFound();
  return { contentType: found.row.contentType, bytes: found.bytes };
}

export async function sharedLayerFile(deps: AppDeps, db: Db, reader: Reader & { access: string | undefined; assetId: number }): Promise<FileDownload> {
  const link = await readableLink(deps, db, reader);
  const { insightRows } = await sharedObjects(db, link);
  const row = (await layerRows(db, link, await representInsights(db, insightRows))).find((a) => a.id === reader.assetId);
  if (!row) throw DomainError.notFound();
  return openFile(deps, { filename: row.filename, blobKey: row.blobKey });
}
