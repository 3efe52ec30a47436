/**
 * What a user keeps in the viewer between visits: the study's camera positions (shared by the study's
 * users), the layers each user chose per simulation and view, and the project's post-processing tags.
 * Reading needs the project to be visible; saving layers is the user's own state, so seeing the
 * project is enough (a read-only share still keeps its own layer choice); cameras and tags change the
 * project and need the right to change it.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { cameraPositions, postProcessingTags, userSelectedLayers } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import { requireChangeableProject, requireVisibleProject } from '../../projects/index.ts';
import { requireStudy, requireStudySimulation } from './scope.ts';

export interface Camera {
  position: [number, number, number];
  target: [number, number, number];
  up?: [number, number, number];
  fov?: number;
}

export interface CameraPositionView {
  id: number;
  name: string;
  camera: Camera;
}

type CameraRow = typeof cameraPositions.$inferSelect;
const cameraView = (row: CameraRow): CameraPositionView => ({ id: row.id, name: row.name, camera: row.camera as Camera });

export async function listCameraPositions(db: Db, user: AuthUser, projectId: number, studyId: number): Promise<CameraPositionView[]> {
  await requireStudy(db, user, projectId, studyId, 'see');
  return (await db.select().from(cameraPositions).where(eq(cameraPositions.studyId, studyId)).orderBy(asc(cameraPositions.id))).map(cameraView);
}

export async function createCameraPosition(
  db: Db,
  user: AuthUser,
  projectId: number,
  studyId: number,
  input: { name?: string; camera: Camera },
): Promise<CameraPositionView> {
  await requireStudy(db, user, projectId, studyId, 'change');
  const [row] = await db
    .insert(cameraPositions)
    .values({ studyId, name: input.name ?? '', camera: input.camera, createdBy: user.id })
    .returning();
  return cameraView(row!);
}

export async function updateCameraPosition(
  db: Db,
  user: AuthUser,
  ids: { projectId: number; studyId: number; cameraId: number },
  input: { name?: string; camera?: Camera },
): Promise<CameraPositionView> {
  await requireStudy(db, user, ids.projectId, ids.studyId, 'change');
  const patch = { ...(input.name !== undefined ? { name: input.name } : {}), ...(input.camera ? { camera: input.camera } : {}) };
  const where = and(eq(cameraPositions.id, ids.cameraId), eq(cameraPositions.studyId, ids.studyId));
  const [row] = Object.keys(patch).length
    ? await db.update(cameraPositions).set(patch).where(where).returning()
    : await db.select().from(cameraPositions).where(where);
  if (!row) throw DomainError.notFound();
  return cameraView(row);
}

export async function deleteCameraPosition(db: Db, user: AuthUser, ids: { projectId: number; studyId: number; cameraId: number }): Promise<void> {
  await requireStudy(db, user, ids.projectId, ids.studyId, 'change');
  const gone = await db
    .delete(cameraPositions)
    .where(and(eq(cameraPositions.id, ids.cameraId), eq(cameraPositions.studyId, ids.studyId)))
    .returning({ id: cameraPositions.id });
  if (gone.length === 0) throw DomainError.notFound();
}

export interface UserLayerView {
  id: number;
  simulation_id: number;
  identifier: string;
  view_id: string;
}

type LayerRow = typeof userSelectedLayers.$inferSelect;
const layerView = (row: LayerRow): UserLayerView => ({ id: row.id, simulation_id: row.simulationId, identifier: row.identifier, view_id: row.viewId });

/** The user's layers of the study's simulation `simulationId`, or of every simulation of the study when absent. */
export async function listUserLayers(db: Db, user: AuthUser, projectId: number, studyId: number, simulationId?: number): Promise<UserLayerView[]> {
  if (simulationId === undefined) {
    await requireStudy(db, user, projectId, studyId, 'see');
    const rows = await db.select().from(userSelectedLayers).where(eq(userSelectedLayers.userId, user.id)).orderBy(asc(userSelectedLayers.id));
    // keep only the study's simulations: check each distinct one once
    const own: LayerRow[] = [];
    const allowed = new Map<number, boolean>();
    for (const row of rows) {
      if (!allowed.has(row.simulationId)) {
        allowed.set(
          row.simulationId,
          await requireStudySimulation(db, user, projectId, studyId, row.simulationId, 'see').then(
            () => true,
            () => false,
          ),
        );
      }
      if (allowed.get(row.simulationId)) own.push(row);
    }
    return own.map(layerView);
  }
  await requireStudySimulation(db, user, projectId, studyId, simulationId, 'see');
  const rows = await db
    .select()
    .from(userSelectedLayers)
    .where(and(eq(userSelectedLayers.simulationId, simulationId), eq(userSelectedLayers.userId, user.id)))
    .orderBy(asc(userSelectedLayers.id));
  return rows.map(layerView);
}

/** SPEC §7 "POST replace": the user's list for the simulation becomes exactly `layers`, in one transaction. */
export async function replaceUserLayers(
  db: Db,
  user: AuthUser,
  ids: { projectId: number; studyId: number },
  input: { simulation_id: number; layers: Array<{ identifier: string; view_id: string }> },
): Promise<UserLayerView[]> {
  await requireStudySimulation(db, user, ids.projectId, ids.studyId, input.simulation_id, 'see');
  return db.transaction(async (tx) => {
    await tx.delete(userSelectedLayers).where(and(eq(userSelectedLayers.simulationId, input.simulation_id), eq(userSelectedLayers.userId, user.id)));
    if (input.layers.length === 0) return [];
    const rows = await tx
      .insert(userSelectedLayers)
      .values(input.layers.map((l) => ({ simulationId: input.simulation_id, userId: user.id, identifier: l.identifier, viewId: l.view_id })))
      .returning();
    return rows.map(layerView);
  });
}

export async function deleteUserLayer(db: Db, user: AuthUser, ids: { projectId: number; studyId: number; layerId: number }): Promise<void> {
  await requireStudy(db, user, ids.projectId, ids.studyId, 'see');
  const [row] = await db
    .select()
    .from(userSelectedLayers)
    .where(and(eq(userSelectedLayers.id, ids.layerId), eq(userSelectedLayers.userId, user.id)));
  if (!row) throw DomainError.notFound();
  await requireStudySimulation(db, user, ids.projectId, ids.studyId, row.simulationId, 'see');
  await db.delete(userSelectedLayers).where(eq(userSelectedLayers.id, row.id));
}

export async function deleteAllUserLayers(db: Db, user: AuthUser, ids: { projectId: number; studyId: number }, simulationId: number): Promise<void> {
  await requireStudySimulation(db, user, ids.projectId, ids.studyId, simulationId, 'see');
  await db.delete(userSelectedLayers).where(and(eq(userSelectedLayers.simulationId, simulationId), eq(userSelectedLayers.userId, user.id)));
}

export interface PostProcessingTagView {
  id: number;
  name: string;
  description: string;
  date: string | null;
}

type TagRow = typeof postProcessingTags.$inferSelect;
const tagView = (row: TagRow): PostProcessingTagView => ({ id: row.id, name: row.name, description: row.description, date: row.date });

export async function listPostProcessingTags(db: Db, user: AuthUser, projectId: number): Promise<PostProcessingTagView[]> {
  await requireVisibleProject(db, user, projectId);
  return (await db.select().from(postProcessingTags).where(eq(postProcessingTags.projectId, projectId)).orderBy(asc(postProcessingTags.id))).map(tagView);
}

export async function createPostProcessingTag(
  db: Db,
  user: AuthUser,
  projectId: number,
  input: { name: string; description?: string; date?: string | null },
): Promise<PostProcessingTagView> {
  await requireChangeableProject(db, user, projectId);
  const [taken] = await db
    .select({ id: postProcessingTags.id })
    .from(postProcessingTags)
    .where(and(eq(postProcessingTags.projectId, projectId), eq(postProcessingTags.name, input.name)));
  if (taken) throw DomainError.field('name', 'post processing tag with this name already exists.');
  const [row] = await db
    .insert(postProcessingTags)
    .values({ projectId, name: input.name, description: input.description ?? '', date: input.date ?? null })
    .returning();
  return tagView(row!);
}
