/**
 * Reports (SPEC §3): cover data, Draft/Published like insights, and ordered report views — each an
 * image view of an insight with its own caption. The draft rule applies twice: to the report, and
 * to each view's insight (a Published report never shows a Draft insight's image to someone who
 * may not see drafts).
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { imageViews, insights, projects, reports, reportViews, studies, users } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { Report, ReportCover, ReportCreate, ReportUpdate, ReportView } from '@canopy/contract/insights.ts';
import type { StudyIds } from './insights.ts';
import { imageViewView } from './represent.ts';
import { insightScope, visibleStatus, type InsightScope } from './visibility.ts';

export type ReportRow = typeof reports.$inferSelect;

/** The report's views the scope may see (their insight visible), by sort_order. */
export async function visibleReportViews(db: Db, scope: InsightScope, reportIds: number[]): Promise<ReportView[]> {
  if (reportIds.length === 0) return [];
  const rows = await db
    .select({ view: reportViews, image: imageViews, status: insights.status })
    .from(reportViews)
    .innerJoin(imageViews, eq(imageViews.id, reportViews.imageViewId))
    .innerJoin(insights, eq(insights.id, imageViews.insightId))
    .where(inArray(reportViews.reportId, reportIds))
    .orderBy(asc(reportViews.sortOrder), asc(reportViews.id));
  return rows
    .filter((r) => visibleStatus(scope, r.status))
    .map((r) => ({
      id: r.view.id,
      report: { id: r.view.reportId },
      insight: { id: r.image.insightId },
      image_view: imageViewView(r.image),
      caption: r.view.caption,
      sort_order: r.view.sortOrder,
    }));
}

async function represent(db: Db, scope: InsightScope, rows: ReportRow[]): Promise<Report[]> {
  const views = await visibleReportViews(
    db,
    scope,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({
    id: row.id,
    study_id: row.studyId,
    title: row.title,
    report_status: row.status,
    page_size: row.pageSize,
    cover: row.cover as ReportCover,
    report_views: views.filter((v) => v.report.id === row.id),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

/** The study's report if the scope may see it; 404 otherwise. */
export async function requireReport(db: Db, scope: InsightScope, reportId: number): Promise<ReportRow> {
  const [row] = await db
    .select()
    .from(reports)
    .where(and(eq(reports.id, reportId), eq(reports.studyId, scope.studyId)));
  if (!row || !visibleStatus(scope, row.status)) throw DomainError.notFound();
  return row;
}

export async function listReports(db: Db, user: AuthUser, ids: StudyIds): Promise<Report[]> {
  const scope = await insightScope(db, user, ids.projectId, ids.studyId);
  const where = scope.seesDrafts ? eq(reports.studyId, ids.studyId) : and(eq(reports.studyId, ids.studyId), eq(reports.status, 'Published'));
  return represent(db, scope, await db.select().from(reports).where(where).orderBy(asc(reports.id)));
}

export async function getReport(db: Db, user: AuthUser, ids: StudyIds, reportId: number): Promise<Report> {
  const scope = await insightScope(db, user, ids.projectId, ids.studyId);
  return (await represent(db, scope, [await requireReport(db, scope, reportId)]))[0]!;
}

/**
 * A report by the project alone, for the report page (`/projects/{id}/report/{report}/` names no
 * study): the answer carries its study_id. Same visibility as under the study.
 */
export async function getProjectReport(db: Db, user: AuthUser, projectId: number, reportId: number): Promise<Report> {
  const [row] = await db
    .select({ studyId: reports.studyId })
    .from(reports)
    .innerJoin(studies, eq(studies.id, reports.studyId))
    .where(and(eq(reports.id, reportId), eq(studies.projectId, projectId)));
  const scope = await insightScope(db, user, projectId, row?.studyId ?? 0).catch((error: unknown) => {
    // unknown report and invisible project answer alike
    throw error instanceof DomainError ? DomainError.notFound() : error;
  });
  return (await represent(db, scope, [await requireReport(db, scope, reportId)]))[0]!;
}

/** Loads a report for the PDF: the scope and the visible representation. */
export async function reportForExport(db: Db, scope: InsightScope, reportId: number): Promise<Report> {
  return (await represent(db, scope, [await requireReport(db, scope, reportId)]))[0]!;
}

async function defaultCover(db: Db, user: AuthUser, projectId: number, now: Date): Promise<ReportCover> {
  const [project] = await db.select({ name: projects.name, location: projects.location }).from(projects).where(eq(projects.id, projectId));
  const [author] = await db.select({ username: users.username, firstName: users.firstName, lastName: users.lastName }).from(users).where(eq(users.id, user.id));
  return {
    project: project?.name ?? '',
    location: project?.location ?? '',
    author: author ? `${author.firstName} ${author.lastName}`.trim() || author.username : '',
    version: '1',
    date: now.toISOString().slice(0, 10),
  };
}

export async function createReport(db: Db, user: AuthUser, ids: StudyIds, input: ReportCreate, now: Date): Promise<Report> {
  const scope = await insightScope(db, user, ids.projectId, ids.studyId);
  if (!scope.canChange) throw DomainError.forbidden();
  const cover = { ...(await defaultCover(db, user, ids.projectId, now)), ...stripUndefined(input.cover ?? {}) };
  const [row] = await db
    .insert(reports)
    .values({ studyId: ids.studyId, title: input.title, status: input.report_status ?? 'Draft', pageSize: input.page_size ?? 'A4', cover, createdBy: user.id })
    .returning();
  return (await represent(db, scope, [row!]))[0]!;
}

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export async function updateReport(db: Db, user: AuthUser, ids: StudyIds, reportId: number, input: ReportUpdate): Promise<Report> {
  const scope = await insightScope(db, user, ids.projectId, ids.studyId);
  const current = await requireReport(db, scope, reportId);
  if (!scope.canChange) throw DomainError.forbidden();
  const row = await db.transaction(async (tx) => {
    if (input.report_view_order) {
      const existing = await tx.select({ id: reportViews.id }).from(reportViews).where(eq(reportViews.reportId, reportId));
      const want = new Set(input.report_view_order);
      const same = want.size === input.report_view_order.length && existing.length === want.size && existing.every((e) => want.has(e.id));
      if (!same) throw DomainError.field('report_view_order', 'List every report view id of the report exactly once.');
      for (const [index, id] of input.report_view_order.entries()) await tx.update(reportViews).set({ sortOrder: index }).where(eq(reportViews.id, id));
    }
    const patch: Partial<typeof reports.$inferInsert> = { updatedAt: new Date() };
    if (input.title !== undefined) patch.title = input.title;
    if (input.report_status !== undefined) patch.status = input.report_status;
    if (input.page_size !== undefined) patch.pageSize = input.page_size;
    if (input.cover !== undefined) patch.cover = { ...(current.cover as ReportCover), ...stripUndefined(input.cover) };
    const [updated] = await tx.update(reports).set(patch).where(eq(reports.id, reportId)).returning();
    return updated!;
  });
  return (await represent(db, scope, [row]))[0]!;
}

export async function deleteReport(db: Db, user: AuthUser, ids: StudyIds, reportId: number): Promise<void> {
  const scope = await insightScope(db, user, ids.projectId, ids.studyId);
  await requireReport(db, scope, reportId);
  if (!scope.canChange) throw DomainError.forbidden();
  await db.delete(reports).where(eq(reports.id, reportId));
}
