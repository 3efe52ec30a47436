/**
 * Report views, addressed under the insight whose image view they show
 * (`insight/{insightId}/report-view/`, SPEC §7): adding one puts an image view of the insight into a
 * report of the same study, with a caption and a place (default: last).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { imageViews, reports, reportViews } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { ReportView, ReportViewCreate, ReportViewUpdate } from '@canopy/contract/insights.ts';
import { requireChangeableInsight, requireInsight, type StudyIds } from './insights.ts';
import { imageViewView } from './represent.ts';
import { insightScope, visibleStatus } from './visibility.ts';

async function rowsOfInsight(db: Db, insightId: number, id?: number) {
  return db
    .select({ view: reportViews, image: imageViews })
    .from(reportViews)
    .innerJoin(imageViews, eq(imageViews.id, reportViews.imageViewId))
    .where(id === undefined ? eq(imageViews.insightId, insightId) : and(eq(imageViews.insightId, insightId), eq(reportViews.id, id)))
    .orderBy(asc(reportViews.reportId), asc(reportViews.sortOrder), asc(reportViews.id));
}

type Joined = Awaited<ReturnType<typeof rowsOfInsight>>[number];
const view = (r: Joined): ReportView => ({
  id: r.view.id,
  report: { id: r.view.reportId },
  insight: { id: r.image.insightId },
  image_view: imageViewView(r.image),
  caption: r.view.caption,
  sort_order: r.view.sortOrder,
});

async function one(db: Db, insightId: number, id: number): Promise<Joined> {
  const [row] = await rowsOfInsight(db, insightId, id);
  if (!row) throw DomainError.notFound();
  return row;
}

export async function listReportViews(db: Db, user: AuthUser, ids: StudyIds, insightId: number): Promise<ReportView[]> {
  const scope = await insightScope(db, user, ids.projectId, ids.studyId);
  await requireInsight(db, scope, insightId);
  const rows = await rowsOfInsight(db, insightId);
  // only views in reports the user may see
  const reportRows = rows.length ? await db.select({ id: reports.id, status: reports.status }).from(reports).where(eq(reports.studyId, ids.studyId)) : [];
  const visible = new Set(reportRows.filter((r) => visibleStatus(scope, r.status)).map((r) => r.id));
  return rows.filter((r) => visible.has(r.view.reportId)).map(view);
}

export async function getReportView(db: Db, user: AuthUser, ids: StudyIds, insightId: number, id: number): Promise<ReportView> {
  const scope = await insightScope(db, user, ids.projectId, ids.studyId);
  await requireInsight(db, scope, insightId);
  const row = await one(db, insightId, id);
  const [report] = await db.select({ status: reports.status }).from(reports).where(eq(reports.id, row.view.reportId));
  if (!report || !visibleStatus(scope, report.status)) throw DomainError.notFound();
  return view(row);
}

export async function createReportView(db: Db, user: AuthUser, ids: StudyIds, insightId: number, input: ReportViewCreate): Promise<ReportView> {
  await requireChangeableInsight(db, user, ids, insightId);
  const [report] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(and(eq(reports.id, input.report_id), eq(reports.studyId, ids.studyId)));
  if (!report) throw DomainError.field('report_id', `Invalid pk "${input.report_id}" - object does not exist.`);
  const [image] = await db
    .select({ id: imageViews.id })
    .from(imageViews)
    .where(and(eq(imageViews.id, input.image_view_id), eq(imageViews.insightId, insightId)));
  if (!image) throw DomainError.field('image_view_id', `Invalid pk "${input.image_view_id}" - object does not exist.`);
  const [{ next } = { next: 0 }] = await db
    .select({ next: sql<number>`coalesce(max(${reportViews.sortOrder}) + 1, 0)::int` })
    .from(reportViews)
    .where(eq(reportViews.reportId, input.report_id));
  const [created] = await db
    .insert(reportViews)
    .values({ reportId: input.report_id, imageViewId: input.image_view_id, caption: input.caption ?? '', sortOrder: input.sort_order ?? next })
    .returning();
  return view(await one(db, insightId, created!.id));
}

export async function updateReportView(db: Db, user: AuthUser, ids: StudyIds, insightId: number, id: number, input: ReportViewUpdate): Promise<ReportView> {
  await requireChangeableInsight(db, user, ids, insightId);
  await one(db, insightId, id);
  const patch: Partial<typeof reportViews.$inferInsert> = {};
  if (input.caption !== undefined) patch.caption = input.caption;
  if (input.sort_order !== undefined) patch.sortOrder = input.sort_order;
  if (Object.keys(patch).length) await db.update(reportViews).set(patch).where(eq(reportViews.id, id));
  return view(await one(db, insightId, id));
}

export async function deleteReportView(db: Db, user: AuthUser, ids: StudyIds, insightId: number, id: number): Promise<void> {
  await requireChangeableInsight(db, user, ids, insightId);
  await one(db, insightId, id);
  await db.delete(reportViews).where(eq(reportViews.id, id));
}
