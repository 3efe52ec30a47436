/**
 * A new project is shared with the members of its company's default share group. These shares are
 * the company's own policy, set by someone holding custom_auth.change_sharegroup, so they start
 * accepted (no one has to accept being given their own company's project) and announce themselves
 * with a notification.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import { projectShares, shareGroupMembers, shareGroups } from '../../../db/schema/index.ts';
import { notify } from './notifications.ts';

export async function shareWithDefaultGroup(tx: Db, project: { id: number; name: string; companyId: number | null }, creatorId: number): Promise<number> {
  if (project.companyId === null) return 0;
  const members = await tx
    .select({ userId: shareGroupMembers.userId, groupName: shareGroups.name })
    .from(shareGroupMembers)
    .innerJoin(shareGroups, eq(shareGroups.id, shareGroupMembers.shareGroupId))
    .where(and(eq(shareGroups.companyId, project.companyId), eq(shareGroups.defaultForNewProjects, true), ne(shareGroupMembers.userId, creatorId)));
  if (members.length === 0) return 0;
  const shares = await tx
    .insert(projectShares)
    .values(members.map((m) => ({ projectId: project.id, userId: m.userId, sharedBy: creatorId, shareStatus: 'accepted' as const })))
    .onConflictDoNothing()
    .returning({ id: projectShares.id, userId: projectShares.userId });
  const groupName = members[0]!.groupName;
  await notify(
    tx,
    shares.map((s) => ({
      userId: s.userId,
      kind: 'project_shared_with_group' as const,
      message: `Project "${project.name}" was shared with your group "${groupName}".`,
      projectId: project.id,
      projectShareId: s.id,
      actorId: creatorId,
    })),
  );
  return shares.length;
}
