/**
 * What the projects and company routes add to the authorization world. Routes that
 * destroy or create something get one object per matrix role, so the order in which roles run
 * cannot change a later role's answer (the first DELETE would otherwise leave 404s for the rest).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '../src/db/database.ts';
import {
  companies,
  notifications,
  parameterSets,
  projectAdministrators,
  projectShares,
  projects,
  roles,
  shareGroupMembers,
  shareGroups,
  studies,
  subscriptions,
  users,
} from '../src/db/schema/index.ts';
import { ROLES_OF_MATRIX, type MatrixRole } from './world.ts';

export interface RoleObjects {
  parameterSetId: number;
  shareRecipientEmail: string;
  shareIdToDelete: number;
  adminCandidateId: number;
  adminIdToRemove: number;
  adminOfProjectsId: number;
  companyUserIdToRemove: number;
  shareGroupIdToDelete: number;
  groupMemberIdToRemove: number;
  /** A pending share of the spare project made to this role's user (for answering it). */
  ownShareId: number;
  ownNotificationId: number;
}

export interface ProjectsWorld {
  viewerRoleId: number;
  /** A Viewer of company A whose role and subscription the matrix changes. */
  memberId: number;
  /** A project of a fifth company whose pending shares the roles answer. */
  spareProjectId: number;
  parameterSetId: number;
  /** The pending share of the world project (pendingShare's). */
  pendingShareId: number;
  shareGroupId: number;
  subscriptionId: number;
  perRole: Record<MatrixRole, RoleObjects>;
}

interface Base {
  companyId: number;
  otherCompanyId: number;
  ownerId: number;
  projectId: number;
  userIds: Record<Exclude<MatrixRole, 'anonymous'>, number>;
}

const PARAMETER_VALUES = { wind_directions: 16, return_periods: [50], reference_height_m: 10 };

async function manyUsers(db: Db, prefix: string, companyId: number | null, viewerRoleId: number): Promise<Record<MatrixRole, number>> {
  const rows = await db
    .insert(users)
    .values(ROLES_OF_MATRIX.map((role) => ({ username: `${prefix}-${role}`, email: `${prefix}-${role}@example.test`, companyId, roleId: viewerRoleId })))
    .returning({ id: users.id, username: users.username });
  return Object.fromEntries(rows.map((r) => [r.username.slice(prefix.length + 1), r.id])) as Record<MatrixRole, number>;
}

export async function buildProjectsWorld(db: Db, base: Base): Promise<ProjectsWorld> {
  const [viewer] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, 'Viewer'));
  const viewerRoleId = viewer!.id;
  const A = base.companyId;
  const [member] = await db
    .insert(users)
    .values({ username: 'member', email: 'member@example.test', companyId: A, roleId: viewerRoleId })
    .returning({ id: users.id });
  // Of a company of its own: accepting its shares (a matrix row) must change nobody's view of A, B or C.
  const [holder] = await db.insert(companies).values({ name: 'Spare Holdings' }).returning({ id: companies.id });
  const [spare] = await db.insert(projects).values({ name: 'Spare project', companyId: holder!.id }).returning({ id: projects.id });
  await db.insert(studies).values({ projectId: spare!.id, name: 'Study 1' });
  const [set] = await db
    .insert(parameterSets)
    .values({ projectId: base.projectId, name: 'Shared set', analysisType: 'directional_wind', values: PARAMETER_VALUES })
    .returning({ id: parameterSets.id });
  const [pending] = await db.select({ id: projectShares.id }).from(projectShares).where(eq(projectShares.userId, base.userIds.pendingShare));
  const [group] = await db.insert(shareGroups).values({ companyId: A, name: 'Engineers' }).returning({ id: shareGroups.id });
  const [subscription] = await db
    .insert(subscriptions)
    .values({ companyId: A, plan: 'Professional', creditType: 'AI', creditsPerPeriod: 500, refillDay: 1 })
    .returning({ id: subscriptions.id });

  await manyUsers(db, 'recipient', base.otherCompanyId, viewerRoleId);
  const revoked = await manyUsers(db, 'revoked', base.otherCompanyId, viewerRoleId);
  const candidates = await manyUsers(db, 'candidate', A, viewerRoleId);
  const removableAdmins = await manyUsers(db, 'exadmin', A, viewerRoleId);
  const adminsOfProjects = await manyUsers(db, 'adminof', A, viewerRoleId);
  const removableUsers = await manyUsers(db, 'leaver', A, viewerRoleId);
  const groupMembers = await manyUsers(db, 'grouped', A, viewerRoleId);

  const perRole = {} as Record<MatrixRole, RoleObjects>;
  for (const role of ROLES_OF_MATRIX) {
    const [roleSet] = await db
      .insert(parameterSets)
      .values({ projectId: base.projectId, name: `Set of ${role}`, analysisType: 'directional_wind', values: PARAMETER_VALUES })
      .returning({ id: parameterSets.id });
    const [share] = await db
      .insert(projectShares)
      .values({ projectId: base.projectId, userId: revoked[role], sharedBy: base.ownerId })
      .returning({ id: projectShares.id });
    const [roleGroup] = await db
      .insert(shareGroups)
      .values({ companyId: A, name: `Doomed ${role}` })
      .returning({ id: shareGroups.id });
    const actorId = role === 'anonymous' ? member!.id : base.userIds[role];
    const [own] = await db
      .insert(projectShares)
      .values({ projectId: spare!.id, userId: actorId, sharedBy: base.ownerId })
      .onConflictDoNothing()
      .returning({ id: projectShares.id });
    const [note] = await db
      .insert(notifications)
      .values({ userId: actorId, kind: 'project_shared', message: 'Spare project was shared with you.', projectId: spare!.id, projectShareId: own?.id ?? null })
      .returning({ id: notifications.id });
    perRole[role] = {
      parameterSetId: roleSet!.id,
      shareRecipientEmail: `recipient-${role}@example.test`,
      shareIdToDelete: share!.id,
      adminCandidateId: candidates[role],
      adminIdToRemove: removableAdmins[role],
      adminOfProjectsId: adminsOfProjects[role],
      companyUserIdToRemove: removableUsers[role],
      shareGroupIdToDelete: roleGroup!.id,
      groupMemberIdToRemove: groupMembers[role],
      ownShareId: own?.id ?? 0,
      ownNotificationId: note!.id,
    };
  }
  await db
    .insert(projectAdministrators)
    .values(
      [...Object.values(removableAdmins), ...Object.values(adminsOfProjects)].map((userId) => ({ projectId: base.projectId, userId, addedBy: base.ownerId })),
    );
  await db.insert(shareGroupMembers).values(Object.values(groupMembers).map((userId) => ({ shareGroupId: group!.id, userId })));
  return {
    viewerRoleId,
    memberId: member!.id,
    spareProjectId: spare!.id,
    parameterSetId: set!.id,
    pendingShareId: pending!.id,
    shareGroupId: group!.id,
    subscriptionId: subscription!.id,
    perRole,
  };
}
