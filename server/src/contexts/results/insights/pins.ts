/**
 * Pin types (per insight, usually made from a template) and pins (SPEC §3: insight_pin_type_id,
 * item — the model point from the viewer's ray query — plus a title and note the PDF lists).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { insightPins, insightPinTypes } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { Pin, PinCreate, PinType, PinTypeCreate, PinTypeUpdate, PinUpdate } from '@canopy/contract/insights.ts';
import { requireChangeableInsight, requireInsight, type StudyIds } from './insights.ts';
import { checkPinType, checkSceneView } from './refs.ts';
import { pinTypeTemplate } from './reference.ts';
import { pinTypeView, pinView } from './represent.ts';
import { insightScope } from './visibility.ts';

async function seeInsight(db: Db, user: AuthUser, ids: StudyIds, insightId: number): Promise<void> {
  const scope = await insightScope(db, user, ids.projectId, ids.studyId);
  await requireInsight(db, scope, insightId);
}

// Pin types ------------------------------------------------------------------------------------

export async function listPinTypes(db: Db, user: AuthUser, ids: StudyIds, insightId: number): Promise<PinType[]> {
  await seeInsight(db, user, ids, insightId);
  return (await db.select().from(insightPinTypes).where(eq(insightPinTypes.insightId, insightId)).orderBy(asc(insightPinTypes.id))).map(pinTypeView);
}

export async function createPinType(db: Db, user: AuthUser, ids: StudyIds, insightId: number, input: PinTypeCreate): Promise<PinType> {
  await requireChangeableInsight(db, user, ids, insightId);
  const template = input.template_id == null ? undefined : pinTypeTemplate(input.template_id);
  if (input.template_id != null && !template) throw DomainError.field('template_id', `Invalid pk "${input.template_id}" - object does not exist.`);
  const name = input.name || template?.name;
  if (!name) throw DomainError.field('name', 'This field is required.');
  const [row] = await db
    .insert(insightPinTypes)
    .values({
      insightId,
      name,
      colour: input.colour ?? template?.colour ?? '#1f6feb',
      icon: input.icon || template?.icon || 'info',
      templateId: template?.id ?? null,
    })
    .returning();
  return pinTypeView(row!);
}

async function pinTypeRow(db: Db, insightId: number, id: number) {
  const [row] = await db
    .select()
    .from(insightPinTypes)
    .where(and(eq(insightPinTypes.id, id), eq(insightPinTypes.insightId, insightId)));
  if (!row) throw DomainError.notFound();
  return row;
}

export async function getPinType(db: Db, user: AuthUser, ids: StudyIds, insightId: number, id: number): Promise<PinType> {
  await seeInsight(db, user, ids, insightId);
  return pinTypeView(await pinTypeRow(db, insightId, id));
}

export async function updatePinType(db: Db, user: AuthUser, ids: StudyIds, insightId: number, id: number, input: PinTypeUpdate): Promise<PinType> {
  await requireChangeableInsight(db, user, ids, insightId);
  const current = await pinTypeRow(db, insightId, id);
  const patch = {
    ...(input.name ? { name: input.name } : {}),
    ...(input.colour ? { colour: input.colour } : {}),
    ...(input.icon ? { icon: input.icon } : {}),
  };
  const [row] = Object.keys(patch).length ? await db.update(insightPinTypes).set(patch).where(eq(insightPinTypes.id, id)).returning() : [current];
  return pinTypeView(row!);
}

/** Deleting a pin type deletes its pins (they have no type without it). */
export async function deletePinType(db: Db, user: AuthUser, ids: StudyIds, insightId: number, id: number): Promise<void> {
  await requireChangeableInsight(db, user, ids, insightId);
  await pinTypeRow(db, insightId, id);
  await db.delete(insightPinTypes).where(eq(insightPinTypes.id, id));
}

// Pins -----------------------------------------------------------------------------------------

export async function listPins(db: Db, user: AuthUser, ids: StudyIds, insightId: number): Promise<Pin[]> {
  await seeInsight(db, user, ids, insightId);
  return (await db.select().from(insightPins).where(eq(insightPins.insightId, insightId)).orderBy(asc(insightPins.sortOrder), asc(insightPins.id))).map(
    pinView,
  );
}

async function pinRow(db: Db, insightId: number, id: number) {
  const [row] = await db
    .select()
    .from(insightPins)
    .where(and(eq(insightPins.id, id), eq(insightPins.insightId, insightId)));
  if (!row) throw DomainError.notFound();
  return row;
}

export async function getPin(db: Db, user: AuthUser, ids: StudyIds, insightId: number, id: number): Promise<Pin> {
  await seeInsight(db, user, ids, insightId);
  return pinView(await pinRow(db, insightId, id));
}

export async function createPin(db: Db, user: AuthUser, ids: StudyIds, insightId: number, input: PinCreate): Promise<Pin> {
  await requireChangeableInsight(db, user, ids, insightId);
  await checkPinType(db, insightId, input.insight_pin_type_id);
  await checkSceneView(db, insightId, input.scene_view_id);
  const [row] = await db
    .insert(insightPins)
    .values({
      insightId,
      pinTypeId: input.insight_pin_type_id,
      sceneViewId: input.scene_view_id ?? null,
      item: input.item,
      title: input.title ?? '',
      note: input.note ?? '',
      sortOrder: input.sort_order ?? 0,
    })
    .returning();
  return pinView(row!);
}

export async function updatePin(db: Db, user: AuthUser, ids: StudyIds, insightId: number, id: number, input: PinUpdate): Promise<Pin> {
  await requireChangeableInsight(db, user, ids, insightId);
  const current = await pinRow(db, insightId, id);
  await checkPinType(db, insightId, input.insight_pin_type_id);
  await checkSceneView(db, insightId, input.scene_view_id);
  const patch: Partial<typeof insightPins.$inferInsert> = {};
  if (input.insight_pin_type_id !== undefined) patch.pinTypeId = input.insight_pin_type_id;
  if (input.scene_view_id !== undefined) patch.sceneViewId = input.scene_view_id;
  if (input.item !== undefined) patch.item = input.item;
  if (input.title !== undefined) patch.title = input.title;
  if (input.note !== undefined) patch.note = input.note;
  if (input.sort_order !== undefined) patch.sortOrder = input.sort_order;
  const [row] = Object.keys(patch).length ? await db.update(insightPins).set(patch).where(eq(insightPins.id, id)).returning() : [current];
  return pinView(row!);
}

export async function deletePin(db: Db, user: AuthUser, ids: StudyIds, insightId: number, id: number): Promise<void> {
  await requireChangeableInsight(db, user, ids, insightId);
  await pinRow(db, insightId, id);
  await db.delete(insightPins).where(eq(insightPins.id, id));
}
