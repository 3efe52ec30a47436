/**
 * Bad stations (SPEC §3, §7 GET bad-stations): stations automatic choice must skip — a moved
 * anemometer, a sheltered site, a broken series — by WMO number, with the reason. Everyone signed
 * in may read the list (the weather form explains a skipped station); only superusers change it.
 */
import { asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { badStations } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { ListQuery } from '../../../kernel/list-query.ts';
import type { BadStation } from '@canopy/contract/weather.ts';

type Row = typeof badStations.$inferSelect;

function represent(row: Row): BadStation {
  return { id: row.id, wmo: row.wmo, name: row.name, reason: row.reason, created_by: row.createdBy, created_at: row.createdAt.toISOString() };
}

export function listBadStations(db: Db): ListQuery<BadStation> {
  return {
    count: async () => (await db.select({ n: count() }).from(badStations))[0]?.n ?? 0,
    page: async (limit, offset) => (await db.select().from(badStations).orderBy(asc(badStations.wmo)).limit(limit).offset(offset)).map(represent),
  };
}

export async function addBadStation(db: Db, user: AuthUser, input: { wmo: string; name?: string | undefined; reason: string }): Promise<BadStation> {
  const [row] = await db
    .insert(badStations)
    .values({ wmo: input.wmo, name: input.name ?? '', reason: input.reason, createdBy: user.id })
    .onConflictDoNothing()
    .returning();
  if (!row) throw DomainError.field('wmo', 'A bad station with this WMO number already exists.');
  return represent(row);
}

export async function removeBadStation(db: Db, id: number): Promise<void> {
  const deleted = await db.delete(badStations).where(eq(badStations.id, id)).returning({ id: badStations.id });
  if (deleted.length === 0) throw DomainError.notFound();
}
