/**
 * Insight CRUD and ordering. Lists and lookups apply the draft rule (visibility.ts): an insight the
 * user may not see answers 404 on every route, exactly like a missing one.
 *
 * Ordering: the study's insights are kept numbered 0..n-1 by sort_order; a PUT with a new
 * sort_order moves the insight there and renumbers the rest, in one transaction under a lock on the
 * study row, so two concurrent drags cannot leave duplicates or gaps.
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { insights, studies } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { Insight, InsightCreate, InsightUpdate } from '@canopy/contract/insights.ts';
import { categoryByKey } from './reference.ts';
import { representInsight, representInsights, type InsightRow } from './represent.ts';
import { changeScope, insightScope, visibleStatus, type InsightScope } from './visibility.ts';

export interface StudyIds {
  projectId: number;
  studyId: number;
}

function checkCategory(category: string | null | undefined): void {
  if (category === undefined || category === null) return;
  if (!categoryByKey(category)) throw DomainError.field('category', `Invalid pk "${category}" - object does not exist.`);
}

/** The insight of the scope's study, if the scope may see it; 404 otherwise. */
export async function requireInsight(db: Db, scope: InsightScope, insightId: number): Promise<InsightRow> {
  const [row] = await db
    .select()
    .from(insights)
    .where(and(eq(insights.id, insightId), eq(insights.studyId, scope.studyId)));
  if (!row || !visibleStatus(scope, row.status)) throw DomainError.notFound();
  return row;
}

/** The insight for a change: 404 when unseen, 403 when the user may see but not change. */
export async function requireChangeableInsight(db: Db, user: AuthUser, ids: StudyIds, insightId: number): Promise<{ scope: InsightScope; row: InsightRow }> {
  const scope = await insightScope(db, user, ids.projectId, ids.studyId);
  const row = await requireInsight(db, scope, insightId);
  if (!scope.canChange) throw DomainError.forbidden();
  return { scope, row };
}

/** The study's insights the user may see, by sort_order. */
export async function visibleInsightRows(db: Db, scope: InsightScope): Promise<InsightRow[]> {
  const where = scope.seesDrafts ? eq(insights.studyId, scope.studyId) : and(eq(insights.studyId, scope.studyId), eq(insights.status, 'Published'));
  return db.select().from(insights).where(where).orderBy(asc(insights.sortOrder), asc(insights.id));
}

export async function listInsights(db: Db, user: AuthUser, ids: StudyIds): Promise<Insight[]> {
  const scope = await insightScope(db, user, ids.projectId, ids.studyId);
  return representInsights(db, await visibleInsightRows(db, scope));
}

export async function getInsight(db: Db, user: AuthUser, ids: StudyIds, insightId: number): Promise<Insight> {
  const scope = await insightScope(db, user, ids.projectId, ids.studyId);
  return representInsight(db, await requireInsight(db, scope, insightId));
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

async function lockStudy(tx: Tx, studyId: number): Promise<void> {
  await tx.select({ id: studies.id }).from(studies).where(eq(studies.id, studyId)).for('update');
}

/** Moves `insightId` to position `target` (clamped) among the study's insights and renumbers all 0..n-1. */
async function placeAt(tx: Tx, studyId: number, insightId: number, target: number): Promise<void> {
  const rows = await tx.select({ id: insights.id }).from(insights).where(eq(insights.studyId, studyId)).orderBy(asc(insights.sortOrder), asc(insights.id));
  const order = rows.map((r) => r.id).filter((id) => id !== insightId);
  order.splice(Math.min(Math.max(target, 0), order.length), 0, insightId);
  for (const [index, id] of order.entries()) {
    await tx
      .update(insights)
      .set({ sortOrder: index })
      .where(and(eq(insights.id, id), sql`${insights.sortOrder} <> ${index}`));
  }
}

export async function createInsight(db: Db, user: AuthUser, ids: StudyIds, input: InsightCreate): Promise<Insight> {
  await changeScope(db, user, ids.projectId, ids.studyId);
  checkCategory(input.category);
  const row = await db.transaction(async (tx) => {
    await lockStudy(tx, ids.studyId);
    const [{ n } = { n: 0 }] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(insights)
      .where(eq(insights.studyId, ids.studyId));
    const [created] = await tx
      .insert(insights)
      .values({
        studyId: ids.studyId,
        sortOrder: n,
        status: input.insight_status ?? 'Draft',
        category: input.category ?? null,
        title: input.title,
        text: input.text ?? '',
        createdBy: user.id,
      })
      .returning();
    if (input.sort_order !== undefined && input.sort_order < n) await placeAt(tx, ids.studyId, created!.id, input.sort_order);
    const [fresh] = await tx.select().from(insights).where(eq(insights.id, created!.id));
    return fresh!;
  });
  return representInsight(db, row);
}

export async function updateInsight(db: Db, user: AuthUser, ids: StudyIds, insightId: number, input: InsightUpdate): Promise<Insight> {
  await requireChangeableInsight(db, user, ids, insightId);
  checkCategory(input.category);
  const row = await db.transaction(async (tx) => {
    await lockStudy(tx, ids.studyId);
    const patch: Partial<typeof insights.$inferInsert> = { updatedAt: new Date() };
    if (input.title !== undefined) patch.title = input.title;
    if (input.text !== undefined) patch.text = input.text;
    if (input.category !== undefined) patch.category = input.category;
    if (input.insight_status !== undefined) patch.status = input.insight_status;
    await tx.update(insights).set(patch).where(eq(insights.id, insightId));
    if (input.sort_order !== undefined) await placeAt(tx, ids.studyId, insightId, input.sort_order);
    const [fresh] = await tx.select().from(insights).where(eq(insights.id, insightId));
    return fresh!;
  });
  return representInsight(db, row);
}

export async function deleteInsight(db: Db, user: AuthUser, ids: StudyIds, insightId: number): Promise<void> {
  await requireChangeableInsight(db, user, ids, insightId);
  await db.transaction(async (tx) => {
    await lockStudy(tx, ids.studyId);
    await tx.delete(insights).where(eq(insights.id, insightId));
    // close the gap so the order stays 0..n-1
    const rest = await tx
      .select({ id: insights.id })
      .from(insights)
      .where(eq(insights.studyId, ids.studyId))
      .orderBy(asc(insights.sortOrder), asc(insights.id));
    for (const [index, r] of rest.entries())
      await tx
        .update(insights)
        .set({ sortOrder: index })
        .where(and(eq(insights.id, r.id), sql`${insights.sortOrder} <> ${index}`));
  });
}
