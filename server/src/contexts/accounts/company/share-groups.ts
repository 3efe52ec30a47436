/**
 * Share groups. Members of the company see them; custom_auth.change_sharegroup changes them. Making
 * a group the default (on create or update) clears the previous default in the same transaction,
 * under the company lock, so two admins switching at once still leave exactly one default.
 */
import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { shareGroupMembers, shareGroups, users } from '../../../db/schema/index.ts';
import { isUniqueViolation } from '../../../db/unique-violation.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { ListQuery } from '../../../kernel/list-query.ts';
import type { ShareGroup, ShareGroupCreate, ShareGroupMember, ShareGroupUpdate } from '@canopy/contract/share-groups.ts';
import { displayName } from '../users/names.ts';
import { lockCompany, ownCompanyId, requireCompanyMember, requireCompanyPermission, requirePermission } from './guards.ts';

export const GROUP_NAME_TAKEN = 'A share group with this name already exists.';

const memberCount = sql<number>`(select count(*) from ${shareGroupMembers} where ${shareGroupMembers.shareGroupId} = ${shareGroups.id})`.mapWith(Number);

function selectGroups(db: Db) {
  return db
    .select({
      id: shareGroups.id,
      companyId: shareGroups.companyId,
      name: shareGroups.name,
      isDefault: shareGroups.defaultForNewProjects,
      createdAt: shareGroups.createdAt,
      members: memberCount,
    })
    .from(shareGroups);
}

type Row = Awaited<ReturnType<typeof selectGroups>>[number];

function represent(row: Row): ShareGroup {
  return { id: row.id, name: row.name, default_for_new_projects: row.isDefault, member_count: row.members, created: row.createdAt.toISOString() };
}

export function listShareGroups(db: Db, user: AuthUser): ListQuery<ShareGroup> {
  const where = eq(shareGroups.companyId, ownCompanyId(user));
  return {
    count: async () => (await db.select({ n: count() }).from(shareGroups).where(where))[0]?.n ?? 0,
    page: async (limit, offset) =>
      (
        await selectGroups(db)
          .where(where)
          .orderBy(asc(sql`lower(${shareGroups.name})`), asc(shareGroups.id))
          .limit(limit)
          .offset(offset)
      ).map(represent),
  };
}

async function oneGroup(db: Db, id: number): Promise<ShareGroup> {
  const [row] = await selectGroups(db).where(eq(shareGroups.id, id));
  if (!row) throw DomainError.notFound();
  return represent(row);
}

async function groupCompany(db: Db, groupId: number): Promise<number> {
  const [row] = await db.select({ companyId: shareGroups.companyId }).from(shareGroups).where(eq(shareGroups.id, groupId));
  if (!row) throw DomainError.notFound();
  return row.companyId;
}

/** Members must be active users of the group's company; unknown ids read as "does not exist". */
async function checkMembers(db: Db, companyId: number, ids: readonly number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return [];
  const found = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, unique), eq(users.companyId, companyId), eq(users.isActive, true)));
  const known = new Set(found.map((r) => r.id));
  const missing = unique.filter((id) => !known.has(id));
  if (missing.length > 0) throw DomainError.fields({ users: missing.map((id) => `Invalid pk "${id}" - object does not exist.`) });
  return unique;
}

async function makeDefault(tx: Db, companyId: number, groupId: number): Promise<void> {
  await tx
    .update(shareGroups)
    .set({ defaultForNewProjects: false })
    .where(and(eq(shareGroups.companyId, companyId), eq(shareGroups.defaultForNewProjects, true), ne(shareGroups.id, groupId)));
  await tx.update(shareGroups).set({ defaultForNewProjects: true }).where(eq(shareGroups.id, groupId));
}

async function nameTaken<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error, 'share_groups_company_name')) throw DomainError.field('name', GROUP_NAME_TAKEN);
    throw error;
  }
}

export async function createShareGroup(db: Db, user: AuthUser, input: ShareGroupCreate): Promise<ShareGroup> {
  const companyId = ownCompanyId(user);
  await requirePermission(db, user, 'custom_auth.change_sharegroup');
  const members = await checkMembers(db, companyId, input.users ?? []);
  const id = await nameTaken(() =>
    db.transaction(async (tx) => {
      await lockCompany(tx, companyId);
      const [row] = await tx.insert(shareGroups).values({ companyId, name: input.name }).returning({ id: shareGroups.id });
      if (input.default_for_new_projects) await makeDefault(tx, companyId, row!.id);
      if (members.length > 0) await tx.insert(shareGroupMembers).values(members.map((userId) => ({ shareGroupId: row!.id, userId })));
      return row!.id;
    }),
  );
  return oneGroup(db, id);
}

export async function updateShareGroup(db: Db, user: AuthUser, groupId: number, input: ShareGroupUpdate): Promise<ShareGroup> {
  const companyId = await groupCompany(db, groupId);
  await requireCompanyPermission(db, user, companyId, 'custom_auth.change_sharegroup');
  await nameTaken(() =>
    db.transaction(async (tx) => {
      await lockCompany(tx, companyId);
      if (input.name !== undefined) await tx.update(shareGroups).set({ name: input.name }).where(eq(shareGroups.id, groupId));
      if (input.default_for_new_projects === true) await makeDefault(tx, companyId, groupId);
      if (input.default_for_new_projects === false) await tx.update(shareGroups).set({ defaultForNewProjects: false }).where(eq(shareGroups.id, groupId));
    }),
  );
  return oneGroup(db, groupId);
}

export async function deleteShareGroup(db: Db, user: AuthUser, groupId: number): Promise<void> {
  const companyId = await groupCompany(db, groupId);
  await requireCompanyPermission(db, user, companyId, 'custom_auth.change_sharegroup');
  await db.delete(shareGroups).where(eq(shareGroups.id, groupId));
}

export async function listShareGroupMembers(db: Db, user: AuthUser, groupId: number): Promise<ListQuery<ShareGroupMember>> {
  requireCompanyMember(user, await groupCompany(db, groupId));
  const where = eq(shareGroupMembers.shareGroupId, groupId);
  return {
    count: async () => (await db.select({ n: count() }).from(shareGroupMembers).where(where))[0]?.n ?? 0,
    page: async (limit, offset) =>
      (
        await db
          .select({ id: users.id, username: users.username, firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(shareGroupMembers)
          .innerJoin(users, eq(users.id, shareGroupMembers.userId))
          .where(where)
          .orderBy(asc(users.id))
          .limit(limit)
          .offset(offset)
      ).map((r) => ({ id: r.id, username: r.username, name: displayName(r), email: r.email })),
  };
}

async function memberIds(db: Db, groupId: number): Promise<number[]> {
  const rows = await db
    .select({ id: shareGroupMembers.userId })
    .from(shareGroupMembers)
    .where(eq(shareGroupMembers.shareGroupId, groupId))
    .orderBy(asc(shareGroupMembers.userId));
  return rows.map((r) => r.id);
}

export async function addShareGroupMembers(db: Db, user: AuthUser, groupId: number, ids: readonly number[]): Promise<{ users: number[] }> {
  const companyId = await groupCompany(db, groupId);
  await requireCompanyPermission(db, user, companyId, 'custom_auth.change_sharegroup');
  const members = await checkMembers(db, companyId, ids);
  await db
    .insert(shareGroupMembers)
    .values(members.map((userId) => ({ shareGroupId: groupId, userId })))
    .onConflictDoNothing();
  return { users: await memberIds(db, groupId) };
}

export async function removeShareGroupMember(db: Db, user: AuthUser, groupId: number, userId: number): Promise<void> {
  const companyId = await groupCompany(db, groupId);
  await requireCompanyPermission(db, user, companyId, 'custom_auth.change_sharegroup');
  const removed = await db
    .delete(shareGroupMembers)
    .where(and(eq(shareGroupMembers.shareGroupId, groupId), eq(shareGroupMembers.userId, userId)))
    .returning({ userId: shareGroupMembers.userId });
  if (removed.length === 0) throw DomainError.notFound();
}
