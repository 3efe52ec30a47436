/** Image views: a study image placed in an insight with a caption and an order (SPEC §3). */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { imageViews } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { ImageView, ImageViewCreate, ImageViewUpdate } from '@canopy/contract/insights.ts';
import { requireChangeableInsight, requireInsight, type StudyIds } from './insights.ts';
import { checkSceneView, checkStudyImage } from './refs.ts';
import { imageViewView } from './represent.ts';
import { insightScope } from './visibility.ts';

async function row(db: Db, insightId: number, id: number) {
  const [found] = await db
    .select()
    .from(imageViews)
    .where(and(eq(imageViews.id, id), eq(imageViews.insightId, insightId)));
  if (!found) throw DomainError.notFound();
  return found;
}

export async function listImageViews(db: Db, user: AuthUser, ids: StudyIds, insightId: number): Promise<ImageView[]> {
  await requireInsight(db, await insightScope(db, user, ids.projectId, ids.studyId), insightId);
  return (await db.select().from(imageViews).where(eq(imageViews.insightId, insightId)).orderBy(asc(imageViews.sortOrder), asc(imageViews.id))).map(
    imageViewView,
  );
}

export async function getImageView(db: Db, user: AuthUser, ids: StudyIds, insightId: number, id: number): Promise<ImageView> {
  await requireInsight(db, await insightScope(db, user, ids.projectId, ids.studyId), insightId);
  return imageViewView(await row(db, insightId, id));
}

export async function createImageView(db: Db, user: AuthUser, ids: StudyIds, insightId: number, input: ImageViewCreate): Promise<ImageView> {
  await requireChangeableInsight(db, user, ids, insightId);
  await checkStudyImage(db, ids.studyId, input.study_image_id);
  await checkSceneView(db, insightId, input.scene_view_id);
  const [created] = await db
    .insert(imageViews)
    .values({
      insightId,
      studyImageId: input.study_image_id,
      sceneViewId: input.scene_view_id ?? null,
      caption: input.caption ?? '',
      sortOrder: input.sort_order ?? 0,
    })
    .returning();
  return imageViewView(created!);
}

export async function updateImageView(db: Db, user: AuthUser, ids: StudyIds, insightId: number, id: number, input: ImageViewUpdate): Promise<ImageView> {
  await requireChangeableInsight(db, user, ids, insightId);
  const current = await row(db, insightId, id);
  await checkStudyImage(db, ids.studyId, input.study_image_id);
  await checkSceneView(db, insightId, input.scene_view_id);
  const patch: Partial<typeof imageViews.$inferInsert> = {};
  if (input.study_image_id !== undefined) patch.studyImageId = input.study_image_id;
  if (input.scene_view_id !== undefined) patch.sceneViewId = input.scene_view_id;
  if (input.caption !== undefined) patch.caption = input.caption;
  if (input.sort_order !== undefined) patch.sortOrder = input.sort_order;
  const [updated] = Object.keys(patch).length ? await db.update(imageViews).set(patch).where(eq(imageViews.id, id)).returning() : [current];
  return imageViewView(updated!);
}

export async function deleteImageView(db: Db, user: AuthUser, ids: StudyIds, insightId: number, id: number): Promise<void> {
  await requireChangeableInsight(db, user, ids, insightId);
  await row(db, insightId, id);
  await db.delete(imageViews).where(eq(imageViews.id, id));
}
