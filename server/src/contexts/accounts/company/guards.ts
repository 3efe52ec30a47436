/**
 * Company-level checks shared by the company routes. "My company" routes need the user to belong to
 * one (404 otherwise: there is no company to show). Objects of another company are 404 — never a
 * hint that they exist; objects of the user's own company without the permission are 403.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import { globalPermissions } from '../auth/permissions.ts';
import type { Permission } from '../roles.ts';

export async function hasPermission(db: Db, user: AuthUser, permission: Permission): Promise<boolean> {
  return user.isSuperuser || (await globalPermissions(db, user)).includes(permission);
}

export async function requirePermission(db: Db, user: AuthUser, permission: Permission): Promise<void> {
  if (!(await hasPermission(db, user, permission))) throw DomainError.forbidden();
}

export function ownCompanyId(user: AuthUser): number {
  if (user.companyId === null) throw DomainError.notFound();
  return user.companyId;
}

/**
 * For an object of company `companyId`: 404 unless it is the user's company (or a superuser),
 * then 403 without `permission`.
 */
export async function requireCompanyPermission(db: Db, user: AuthUser, companyId: number, permission: Permission): Promise<void> {
  if (user.isSuperuser) return;
  if (user.companyId !== companyId) throw DomainError.notFound();
  await requirePermission(db, user, permission);
}

export function requireCompanyMember(user: AuthUser, companyId: number): void {
  if (!user.isSuperuser && user.companyId !== companyId) throw DomainError.notFound();
}

/**
 * Serialises a company's administrative changes (default share group, subscription holders): the
 * second of two concurrent transactions waits here and then sees the first one's result, so
 * "exactly one default" and "exactly one holder" hold without retries. Admin edits are rare, so one
 * lock per company costs nothing noticeable.
 */
export async function lockCompany(tx: Db, companyId: number): Promise<void> {
  await tx.execute(sql`select id from companies where id = ${companyId} for update`);
}
