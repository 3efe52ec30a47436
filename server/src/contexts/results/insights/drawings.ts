/**
 * Drawings (SPEC §3, §7: POST and PUT /api/drawings, DELETE /api/drawings/{id}). The paths name no
 * project, so every call walks drawing → scene view → insight → study → project and applies the
 * insight rules there: a scene view the user cannot see is an unknown pk (400) on POST; a drawing
 * the user cannot see is 404; seeing without the right to change is 403.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { drawings, insights, sceneViews, studies } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { Drawing, DrawingCreate, DrawingUpdate } from '@canopy/contract/insights.ts';
import { drawingView } from './represent.ts';
import { insightScope, visibleStatus } from './visibility.ts';

/** The scene view's insight scope, or null when the user may not see it (or it does not exist). */
async function sceneViewScope(db: Db, user: AuthUser, sceneViewId: number) {
  const [row] = await db
    .select({ projectId: studies.projectId, studyId: studies.id, status: insights.status })
    .from(sceneViews)
    .innerJoin(insights, eq(insights.id, sceneViews.insightId))
    .innerJoin(studies, eq(studies.id, insights.studyId))
    .where(eq(sceneViews.id, sceneViewId));
  if (!row) return null;
  const scope = await insightScope(db, user, row.projectId, row.studyId).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === 'not-found') return null;
    throw error;
  });
  if (!scope || !visibleStatus(scope, row.status)) return null;
  return scope;
}

async function changeableDrawing(db: Db, user: AuthUser, id: number) {
  const [row] = await db.select().from(drawings).where(eq(drawings.id, id));
  const scope = row ? await sceneViewScope(db, user, row.sceneViewId) : null;
  if (!row || !scope) throw DomainError.notFound();
  if (!scope.canChange) throw DomainError.forbidden();
  return row;
}

export async function createDrawing(db: Db, user: AuthUser, input: DrawingCreate): Promise<Drawing> {
  const scope = await sceneViewScope(db, user, input.scene_view);
  if (!scope) throw DomainError.field('scene_view', `Invalid pk "${input.scene_view}" - object does not exist.`);
  if (!scope.canChange) throw DomainError.forbidden();
  const [row] = await db
    .insert(drawings)
    .values({
      sceneViewId: input.scene_view,
      name: input.name ?? '',
      drawingJson: input.drawing_json,
      horizontalTranslationFactor: input.horizontal_translation_factor ?? 0,
    })
    .returning();
  return drawingView(row!);
}

export async function updateDrawing(db: Db, user: AuthUser, input: DrawingUpdate): Promise<Drawing> {
  const current = await changeableDrawing(db, user, input.id);
  const patch: Partial<typeof drawings.$inferInsert> = {};
  if (input.name !== undefined) patch.name = input.name;
  if (input.drawing_json !== undefined) patch.drawingJson = input.drawing_json;
  if (input.horizontal_translation_factor !== undefined) patch.horizontalTranslationFactor = input.horizontal_translation_factor;
  const [row] = Object.keys(patch).length ? await db.update(drawings).set(patch).where(eq(drawings.id, input.id)).returning() : [current];
  return drawingView(row!);
}

export async function deleteDrawing(db: Db, user: AuthUser, id: number): Promise<void> {
  await changeableDrawing(db, user, id);
  await db.delete(drawings).where(eq(drawings.id, id));
}
