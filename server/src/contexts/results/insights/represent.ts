/**
 * Rows → API shapes (contract/src/insights.ts), and loading insights with their children in a fixed
 * number of queries whatever the number of insights (one per child table).
 */
import { asc, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { drawings, imageViews, insightPins, insightPinTypes, type insights, sceneViews, users } from '../../../db/schema/index.ts';
import type { Drawing, ImageView, Insight, Legend, Pin, PinItem, PinType, SceneView, SelectedLayer, ViewJson } from '@canopy/contract/insights.ts';

export type InsightRow = typeof insights.$inferSelect;
type SceneViewRow = typeof sceneViews.$inferSelect;
type DrawingRow = typeof drawings.$inferSelect;
type PinRow = typeof insightPins.$inferSelect;
type PinTypeRow = typeof insightPinTypes.$inferSelect;
type ImageViewRow = typeof imageViews.$inferSelect;

export const drawingView = (row: DrawingRow): Drawing => ({
  id: row.id,
  scene_view: { id: row.sceneViewId },
  name: row.name,
  drawing_json: row.drawingJson as Record<string, unknown>,
  horizontal_translation_factor: row.horizontalTranslationFactor,
});

export const sceneViewView = (row: SceneViewRow, drawingRows: DrawingRow[]): SceneView => ({
  id: row.id,
  insight: { id: row.insightId },
  name: row.name,
  sort_order: row.sortOrder,
  camera_position: row.cameraPositionId === null ? null : { id: row.cameraPositionId },
  camera: (row.camera as SceneView['camera']) ?? null,
  layer_selection: row.layerSelection as SelectedLayer[],
  simulation_id: row.simulationId,
  asset_id: row.assetId,
  legend: (row.legend as Legend | null) ?? null,
  study_image_id: row.studyImageId,
  view_json: (row.viewJson as ViewJson | null) ?? null,
  drawings: drawingRows.map(drawingView),
});

export const pinView = (row: PinRow): Pin => ({
  id: row.id,
  insight: { id: row.insightId },
  insight_pin_type_id: row.pinTypeId,
  scene_view_id: row.sceneViewId,
  item: row.item as PinItem,
  title: row.title,
  note: row.note,
  sort_order: row.sortOrder,
});

export const pinTypeView = (row: PinTypeRow): PinType => ({
  id: row.id,
  insight: { id: row.insightId },
  name: row.name,
  colour: row.colour,
  icon: row.icon,
  template_id: row.templateId,
});

export const imageViewView = (row: ImageViewRow): ImageView => ({
  id: row.id,
  insight: { id: row.insightId },
  study_image_id: row.studyImageId,
  scene_view_id: row.sceneViewId,
  caption: row.caption,
  sort_order: row.sortOrder,
});

function groupBy<T, K>(rows: T[], key: (row: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const row of rows) {
    const k = key(row);
    const list = out.get(k);
    if (list) list.push(row);
    else out.set(k, [row]);
  }
  return out;
}

/** The scene views of `insightIds` with their drawings, grouped by insight. */
export async function loadSceneViews(db: Db, insightIds: number[]): Promise<Map<number, SceneView[]>> {
  if (insightIds.length === 0) return new Map();
  const views = await db.select().from(sceneViews).where(inArray(sceneViews.insightId, insightIds)).orderBy(asc(sceneViews.sortOrder), asc(sceneViews.id));
  const drawingRows = views.length
    ? await db
        .select()
        .from(drawings)
        .where(
          inArray(
            drawings.sceneViewId,
            views.map((v) => v.id),
          ),
        )
        .orderBy(asc(drawings.id))
    : [];
  const drawingsByView = groupBy(drawingRows, (d) => d.sceneViewId);
  const out = new Map<number, SceneView[]>();
  for (const [insightId, rows] of groupBy(views, (v) => v.insightId))
    out.set(
      insightId,
      rows.map((v) => sceneViewView(v, drawingsByView.get(v.id) ?? [])),
    );
  return out;
}

/** Full representations of `rows`, in the given order. */
export async function representInsights(db: Db, rows: InsightRow[]): Promise<Insight[]> {
  const ids = rows.map((r) => r.id);
  if (ids.length === 0) return [];
  const authorIds = [...new Set(rows.map((r) => r.createdBy).filter((id): id is number => id !== null))];
  const [views, pinRows, typeRows, imageRows, authors] = await Promise.all([
    loadSceneViews(db, ids),
    db.select().from(insightPins).where(inArray(insightPins.insightId, ids)).orderBy(asc(insightPins.sortOrder), asc(insightPins.id)),
    db.select().from(insightPinTypes).where(inArray(insightPinTypes.insightId, ids)).orderBy(asc(insightPinTypes.id)),
    db.select().from(imageViews).where(inArray(imageViews.insightId, ids)).orderBy(asc(imageViews.sortOrder), asc(imageViews.id)),
    authorIds.length
      ? db
          .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(inArray(users.id, authorIds))
      : Promise.resolve([]),
  ]);
  const pins = groupBy(pinRows, (p) => p.insightId);
  const types = groupBy(typeRows, (t) => t.insightId);
  const images = groupBy(imageRows, (i) => i.insightId);
  const names = new Map(authors.map((a) => [a.id, `${a.firstName} ${a.lastName}`.trim() || a.username]));
  return rows.map((row) => ({
    id: row.id,
    study_id: row.studyId,
    sort_order: row.sortOrder,
    insight_status: row.status,
    category: row.category,
    title: row.title,
    text: row.text,
    created_by: row.createdBy === null ? null : { id: row.createdBy, name: names.get(row.createdBy) ?? '' },
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    sceneview_set: views.get(row.id) ?? [],
    imageview_set: (images.get(row.id) ?? []).map(imageViewView),
    pins: (pins.get(row.id) ?? []).map(pinView),
    pin_types: (types.get(row.id) ?? []).map(pinTypeView),
  }));
}

export async function representInsight(db: Db, row: InsightRow): Promise<Insight> {
  return (await representInsights(db, [row]))[0]!;
}
