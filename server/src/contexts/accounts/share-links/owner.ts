/**
 * Who may make, list and revoke a project's share links: its owners — a superuser, a project
 * administrator (the creator always is one), or a member of the project's company who may edit all
 * its projects — and only where they may change the project. Anyone else who sees the project gets
 * 403; anyone who does not, 404 (docs/share-links.md).
 */
import type { Db } from '../../../db/database.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import { requireVisibleProject, type ProjectAccess } from '../../projects/index.ts';

export function decideOwnsProject(user: AuthUser, access: ProjectAccess): boolean {
  if (!access.canChange) return false;
  return user.isSuperuser || access.isAdministrator || (access.isCompanyMember && access.permissions.has('projects.edit-all-company-projects'));
}

export async function requireProjectOwner(db: Db, user: AuthUser, projectId: number): Promise<ProjectAccess> {
  const access = await requireVisibleProject(db, user, projectId);
  if (!decideOwnsProject(user, access)) throw DomainError.forbidden();
  return access;
}
