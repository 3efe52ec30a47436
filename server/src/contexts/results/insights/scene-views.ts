/**
 * Scene views of an insight: camera (saved position and snapshot), layer selection, the shown
 * simulation and data asset (the PDF's provenance comes from them), legend, captured image and the
 * client's view JSON. Seeing follows the insight; changing needs the right to change insights.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { drawings, sceneViews } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { SceneView, SceneViewCreate, SceneViewUpdate } from '@canopy/contract/insights.ts';
import { requireChangeableInsight, requireInsight, type StudyIds } from './insights.ts';
import { checkAsset, checkCameraPosition, checkLayerSelection, checkSimulation, checkStudyImage } from './refs.ts';
import { loadSceneViews, sceneViewView } from './represent.ts';
import { insightScope } from './visibility.ts';

type Row = typeof sceneViews.$inferSelect;

async function represent(db: Db, row: Row): Promise<SceneView> {
  return sceneViewView(row, await db.select().from(drawings).where(eq(drawings.sceneViewId, row.id)).orderBy(asc(drawings.id)));
}

async function checkRefs(db: Db, studyId: number, input: SceneViewUpdate, current?: Row): Promise<void> {
  await checkCameraPosition(db, studyId, input.camera_position);
  await checkSimulation(db, studyId, input.simulation_id);
  await checkLayerSelection(db, studyId, input.layer_selection);
  const simulationId = input.simulation_id !== undefined ? input.simulation_id : current?.simulationId;
  await checkAsset(db, studyId, input.asset_id, simulationId);
  await checkStudyImage(db, studyId, input.study_image_id);
}

function columns(input: SceneViewUpdate): Partial<typeof sceneViews.$inferInsert> {
  const out: Partial<typeof sceneViews.$inferInsert> = {};
  if (input.name !== undefined) out.name = input.name;
  if (input.sort_order !== undefined) out.sortOrder = input.sort_order;
  if (input.camera_position !== undefined) out.cameraPositionId = input.camera_position;
  if (input.camera !== undefined) out.camera = input.camera;
  if (input.layer_selection !== undefined) out.layerSelection = input.layer_selection;
  if (input.simulation_id !== undefined) out.simulationId = input.simulation_id;
  if (input.asset_id !== undefined) out.assetId = input.asset_id;
  if (input.legend !== undefined) out.legend = input.legend;
  if (input.study_image_id !== undefined) out.studyImageId = input.study_image_id;
  if (input.view_json !== undefined) out.viewJson = input.view_json;
  return out;
}

export async function listSceneViews(db: Db, user: AuthUser, ids: StudyIds, insightId: number): Promise<SceneView[]> {
  const scope = await insightScope(db, user, ids.projectId, ids.studyId);
  await requireInsight(db, scope, insightId);
  return (await loadSceneViews(db, [insightId])).get(insightId) ?? [];
}

async function requireRow(db: Db, insightId: number, viewId: number): Promise<Row> {
  const [row] = await db
    .select()
    .from(sceneViews)
    .where(and(eq(sceneViews.id, viewId), eq(sceneViews.insightId, insightId)));
  if (!row) throw DomainError.notFound();
  return row;
}

export async function getSceneView(db: Db, user: AuthUser, ids: StudyIds, insightId: number, viewId: number): Promise<SceneView> {
  const scope = await insightScope(db, user, ids.projectId, ids.studyId);
  await requireInsight(db, scope, insightId);
  return represent(db, await requireRow(db, insightId, viewId));
}

export async function createSceneView(db: Db, user: AuthUser, ids: StudyIds, insightId: number, input: SceneViewCreate): Promise<SceneView> {
  await requireChangeableInsight(db, user, ids, insightId);
  await checkRefs(db, ids.studyId, input);
  const [row] = await db
    .insert(sceneViews)
    .values({ insightId, ...columns(input) })
    .returning();
  return represent(db, row!);
}

export async function updateSceneView(db: Db, user: AuthUser, ids: StudyIds, insightId: number, viewId: number, input: SceneViewUpdate): Promise<SceneView> {
  await requireChangeableInsight(db, user, ids, insightId);
  const current = await requireRow(db, insightId, viewId);
  await checkRefs(db, ids.studyId, input, current);
  const patch = columns(input);
  const [row] = Object.keys(patch).length ? await db.update(sceneViews).set(patch).where(eq(sceneViews.id, viewId)).returning() : [current];
  return represent(db, row!);
}

export async function deleteSceneView(db: Db, user: AuthUser, ids: StudyIds, insightId: number, viewId: number): Promise<void> {
  await requireChangeableInsight(db, user, ids, insightId);
  await requireRow(db, insightId, viewId);
  await db.delete(sceneViews).where(eq(sceneViews.id, viewId));
}
