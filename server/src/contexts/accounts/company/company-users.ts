/**
 * The company's users (company/users): every member may list them (sharing and administrator
 * pickers need colleagues); adding, changing role or subscription, and removing need
 * custom_auth.change_user. Removing a user detaches and deactivates the account instead of deleting
 * it: nothing they made — in this company or any other — disappears with them.
 */
import { and, asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AppDeps } from '../../../deps.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { projectAdministrators, projects, roles, shareGroupMembers, shareGroups, subscriptions, users } from '../../../db/schema/index.ts';
import { isUniqueViolation } from '../../../db/unique-violation.ts';
import { DomainError, type FieldErrors } from '../../../kernel/domain-errors.ts';
import type { ListQuery } from '../../../kernel/list-query.ts';
import type { CompanyUser, CompanyUserCreate, CompanyUserUpdate } from '@canopy/contract/company.ts';
import { USERNAME_TAKEN, EMAIL_TAKEN } from '../auth/signup.ts';
import { setPasswordLink } from '../auth/password-reset.ts';
import { lockCompany, ownCompanyId, requireCompanyPermission, requirePermission } from './guards.ts';
import { assignSubscription } from './subscriptions.ts';

function selectCompanyUsers(db: Db) {
  return db
    .select({
      id: users.id,
      username: users.username,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      roleId: users.roleId,
      roleName: roles.name,
      subscriptionId: subscriptions.id,
      isActive: users.isActive,
      dateJoined: users.dateJoined,
      lastLogin: users.lastLogin,
      companyId: users.companyId,
    })
    .from(users)
    .leftJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(subscriptions, eq(subscriptions.userId, users.id));
}

type Row = Awaited<ReturnType<typeof selectCompanyUsers>>[number];

function represent(row: Row): CompanyUser {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    first_name: row.firstName,
    last_name: row.lastName,
    role: row.roleId,
    role_name: row.roleName,
    subscription: row.subscriptionId,
    is_active: row.isActive,
    date_joined: row.dateJoined.toISOString(),
    last_login: row.lastLogin?.toISOString() ?? null,
  };
}

export function listCompanyUsers(db: Db, user: AuthUser): ListQuery<CompanyUser> {
  const where = eq(users.companyId, ownCompanyId(user));
  return {
    count: async () => (await db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0,
    page: async (limit, offset) => (await selectCompanyUsers(db).where(where).orderBy(asc(users.id)).limit(limit).offset(offset)).map(represent),
  };
}

async function oneCompanyUser(db: Db, id: number): Promise<CompanyUser> {
  const [row] = await selectCompanyUsers(db).where(eq(users.id, id));
  if (!row) throw DomainError.notFound();
  return represent(row);
}

async function checkRole(db: Db, roleId: number | null | undefined): Promise<void> {
  if (roleId === undefined || roleId === null) return;
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
  if (!role) throw DomainError.field('role', `Invalid pk "${roleId}" - object does not exist.`);
}

export async function createCompanyUser(db: Db, deps: AppDeps, actor: AuthUser, input: CompanyUserCreate): Promise<CompanyUser> {
  const companyId = ownCompanyId(actor);
  await requirePermission(db, actor, 'custom_auth.change_user');
  const errors: FieldErrors = {};
  const [byName] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${input.username})`);
  if (byName) errors.username = [USERNAME_TAKEN];
  const [byEmail] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${input.email})`);
  if (byEmail) errors.email = [EMAIL_TAKEN];
  if (Object.keys(errors).length > 0) throw DomainError.fields(errors);
  await checkRole(db, input.role);
  const now = deps.clock.now();
  let userId: number;
  try {
    userId = await db.transaction(async (tx) => {
      await lockCompany(tx, companyId);
      const [row] = await tx
        .insert(users)
        .values({
          username: input.username,
          email: input.email,
          firstName: input.first_name ?? '',
          lastName: input.last_name ?? '',
          companyId,
          roleId: input.role ?? null,
        })
        .returning({ id: users.id });
      if (input.subscription !== undefined && input.subscription !== null) await assignSubscription(tx, companyId, row!.id, input.subscription, now);
      return row!.id;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw DomainError.field('username', USERNAME_TAKEN);
    throw error;
  }
  // The new account has no password: the mail carries a one-time set-password link (the reset
  // token over the empty hash dies as soon as a password is set).
  const link = setPasswordLink(deps, { id: userId, passwordHash: '', lastLogin: null, email: input.email }, now);
  await deps.mailer.send({
    to: input.email,
    subject: 'Your Canopy account',
    text: [
      `${actor.username} created a Canopy account for you with the username "${input.username}".`,
      '',
      `Choose your password here: ${link}`,
      '',
      `The link works once and for three days. After that, ask for a new one at ${deps.config.publicUrl}/reset_password/`,
    ].join('\n'),
  });
  return oneCompanyUser(db, userId);
}

async function targetUser(db: Db, id: number): Promise<{ id: number; companyId: number; isSuperuser: boolean }> {
  const [row] = await db.select({ id: users.id, companyId: users.companyId, isSuperuser: users.isSuperuser }).from(users).where(eq(users.id, id));
  // A user without a company belongs to no company's administration.
  if (!row || row.companyId === null) throw DomainError.notFound();
  return { id: row.id, companyId: row.companyId, isSuperuser: row.isSuperuser };
}

export async function updateCompanyUser(db: Db, deps: AppDeps, actor: AuthUser, targetId: number, input: CompanyUserUpdate): Promise<CompanyUser> {
  const target = await targetUser(db, targetId);
  await requireCompanyPermission(db, actor, target.companyId, 'custom_auth.change_user');
  if (input.role !== undefined) {
    // An administrator demoting themselves could leave the company with no one to undo it.
    if (target.id === actor.id) throw DomainError.field('role', 'You cannot change your own role.');
    if (target.isSuperuser && !actor.isSuperuser) throw DomainError.forbidden();
    await checkRole(db, input.role);
  }
  const now = deps.clock.now();
  await db.transaction(async (tx) => {
    // The company lock first, as every company-administration transaction takes it: a common
    // order means a concurrent removal of this user waits instead of deadlocking.
    await lockCompany(tx, target.companyId);
    if (input.role !== undefined) await tx.update(users).set({ roleId: input.role }).where(eq(users.id, target.id));
    if (input.subscription !== undefined) await assignSubscription(tx, target.companyId, target.id, input.subscription, now);
  });
  return oneCompanyUser(db, target.id);
}

export async function removeCompanyUser(db: Db, actor: AuthUser, targetId: number): Promise<void> {
  const target = await targetUser(db, targetId);
  await requireCompanyPermission(db, actor, target.companyId, 'custom_auth.change_user');
  if (target.id === actor.id) throw DomainError.detail('invalid', 'You cannot remove yourself from the company.');
  if (target.isSuperuser && !actor.isSuperuser) throw DomainError.forbidden();
  const companyId = target.companyId;
  await db.transaction(async (tx) => {
    await lockCompany(tx, companyId);
    await tx.update(subscriptions).set({ userId: null }).where(eq(subscriptions.userId, target.id));
    await tx
      .delete(shareGroupMembers)
      .where(
        and(
          eq(shareGroupMembers.userId, target.id),
          inArray(shareGroupMembers.shareGroupId, tx.select({ id: shareGroups.id }).from(shareGroups).where(eq(shareGroups.companyId, companyId))),
        ),
      );
    // Only this company's projects: administrator rows on other companies' projects are theirs to manage.
    await tx
      .delete(projectAdministrators)
      .where(
        and(
          eq(projectAdministrators.userId, target.id),
          inArray(projectAdministrators.projectId, tx.select({ id: projects.id }).from(projects).where(eq(projects.companyId, companyId))),
        ),
      );
    await tx.update(users).set({ companyId: null, roleId: null, isActive: false }).where(eq(users.id, target.id));
  });
}
