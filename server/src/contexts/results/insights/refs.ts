/**
 * Checks that ids named in a body belong where they must (the study, the insight): a foreign id is
 * a 400 naming the field, as DRF answers an unknown primary key — never a silent cross-study link.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { assets, cameraPositions, configurations, insightPinTypes, sceneViews, simulations, studyImages } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';

const missing = (field: string, id: number) => DomainError.field(field, `Invalid pk "${id}" - object does not exist.`);

export async function checkCameraPosition(db: Db, studyId: number, id: number | null | undefined, field = 'camera_position'): Promise<void> {
  if (id == null) return;
  const [row] = await db
    .select({ id: cameraPositions.id })
    .from(cameraPositions)
    .where(and(eq(cameraPositions.id, id), eq(cameraPositions.studyId, studyId)));
  if (!row) throw missing(field, id);
}

export async function checkSimulation(db: Db, studyId: number, id: number | null | undefined, field = 'simulation_id'): Promise<void> {
  if (id == null) return;
  const [row] = await db
    .select({ id: simulations.id })
    .from(simulations)
    .innerJoin(configurations, eq(configurations.id, simulations.configurationId))
    .where(and(eq(simulations.id, id), eq(configurations.studyId, studyId)));
  if (!row) throw missing(field, id);
}

/** Every simulation a layer selection names belongs to the study; errors name the entry. */
export async function checkLayerSelection(
  db: Db,
  studyId: number,
  layers: ReadonlyArray<{ simulation_id: number }> | undefined,
  field = 'layer_selection',
): Promise<void> {
  if (!layers?.length) return;
  const named = [...new Set(layers.map((layer) => layer.simulation_id))];
  const rows = await db
    .select({ id: simulations.id })
    .from(simulations)
    .innerJoin(configurations, eq(configurations.id, simulations.configurationId))
    .where(and(inArray(simulations.id, named), eq(configurations.studyId, studyId)));
  const known = new Set(rows.map((row) => row.id));
  const index = layers.findIndex((layer) => !known.has(layer.simulation_id));
  if (index >= 0) throw missing(`${field}.${index}.simulation_id`, layers[index]!.simulation_id);
}

/** An asset of a simulation of the study (of `simulationId` when given). */
export async function checkAsset(
  db: Db,
  studyId: number,
  id: number | null | undefined,
  simulationId: number | null | undefined,
  field = 'asset_id',
): Promise<void> {
  if (id == null) return;
  const [row] = await db
    .select({ simulationId: assets.simulationId })
    .from(assets)
    .innerJoin(simulations, eq(simulations.id, assets.simulationId))
    .innerJoin(configurations, eq(configurations.id, simulations.configurationId))
    .where(and(eq(assets.id, id), eq(configurations.studyId, studyId)));
  if (!row) throw missing(field, id);
  if (simulationId != null && row.simulationId !== simulationId) throw DomainError.field(field, 'The asset is not a result of simulation_id.');
}

export async function checkStudyImage(db: Db, studyId: number, id: number | null | undefined, field = 'study_image_id'): Promise<void> {
  if (id == null) return;
  const [row] = await db
    .select({ id: studyImages.id })
    .from(studyImages)
    .where(and(eq(studyImages.id, id), eq(studyImages.studyId, studyId)));
  if (!row) throw missing(field, id);
}

export async function checkSceneView(db: Db, insightId: number, id: number | null | undefined, field = 'scene_view_id'): Promise<void> {
  if (id == null) return;
  const [row] = await db
    .select({ id: sceneViews.id })
    .from(sceneViews)
    .where(and(eq(sceneViews.id, id), eq(sceneViews.insightId, insightId)));
  if (!row) throw missing(field, id);
}

export async function checkPinType(db: Db, insightId: number, id: number | undefined, field = 'insight_pin_type_id'): Promise<void> {
  if (id === undefined) return;
  const [row] = await db
    .select({ id: insightPinTypes.id })
    .from(insightPinTypes)
    .where(and(eq(insightPinTypes.id, id), eq(insightPinTypes.insightId, insightId)));
  if (!row) throw missing(field, id);
}
