/**
 * A study's zones (contract/src/zones.ts): every user who may see the project reads them, drawing,
 * renaming and deleting change the project and need the right to change it, as camera positions do.
 * A path naming another project's study is a 404 (scope.ts).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { studyZones } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import { requireStudy } from '../viewer/scope.ts';
import type { Zone, ZoneUse } from '@canopy/contract/zones.ts';

type ZoneRow = typeof studyZones.$inferSelect;

export interface ZoneIds {
  projectId: number;
  studyId: number;
  zoneId: number;
}

const zoneView = (row: ZoneRow): Zone => ({
  id: row.id,
  name: row.name,
  use: row.use as ZoneUse,
  polygon: row.polygon as Array<[number, number]>,
  author: row.authorId,
  created_at: row.createdAt.toISOString(),
  updated_at: row.updatedAt.toISOString(),
});

export async function listZones(db: Db, user: AuthUser, projectId: number, studyId: number): Promise<Zone[]> {
  await requireStudy(db, user, projectId, studyId, 'see');
  return (await db.select().from(studyZones).where(eq(studyZones.studyId, studyId)).orderBy(asc(studyZones.id))).map(zoneView);
}

export async function createZone(
  db: Db,
  user: AuthUser,
  projectId: number,
  studyId: number,
  input: { name: string; use: ZoneUse; polygon: number[][] },
): Promise<Zone> {
  await requireStudy(db, user, projectId, studyId, 'change');
  const [row] = await db.insert(studyZones).values({ studyId, name: input.name, use: input.use, polygon: input.polygon, authorId: user.id }).returning();
  return zoneView(row!);
}

export async function updateZone(db: Db, user: AuthUser, ids: ZoneIds, input: { name?: string; use?: ZoneUse; polygon?: number[][] }): Promise<Zone> {
  await requireStudy(db, user, ids.projectId, ids.studyId, 'change');
  const patch = {
    ...(input.name !== undefined ? { name: input.name } : {}),
    ...(input.use !== undefined ? { use: input.use } : {}),
    ...(input.polygon !== undefined ? { polygon: input.polygon } : {}),
  };
  const where = and(eq(studyZones.id, ids.zoneId), eq(studyZones.studyId, ids.studyId));
  const [row] = Object.keys(patch).length
    ? await db
        .update(studyZones)
        .set({ ...patch, updatedAt: new Date() })
        .where(where)
        .returning()
    : await db.select().from(studyZones).where(where);
  if (!row) throw DomainError.notFound();
  return zoneView(row);
}

export async function deleteZone(db: Db, user: AuthUser, ids: ZoneIds): Promise<void> {
  await requireStudy(db, user, ids.projectId, ids.studyId, 'change');
  const gone = await db
    .delete(studyZones)
    .where(and(eq(studyZones.id, ids.zoneId), eq(studyZones.studyId, ids.studyId)))
    .returning({ id: studyZones.id });
  if (gone.length === 0) throw DomainError.notFound();
}
