/**
 * Shares by e-mail to addresses without an active account. They are stored and
 * listed like pending shares, with the recipient named only by the address typed, exactly as a
 * pending share to an account the sharer may not see is — so the sharer learns nothing about
 * whether the address has an account. The address gets a mail in the background (the answer's
 * timing tells nothing either). Nobody can accept one: a sign-up proves no address.
 */
import { and, asc, count, eq } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AppDeps } from '../../../deps.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { projectShareInvitations, projects, users } from '../../../db/schema/index.ts';
import type { ProjectShare } from '@canopy/contract/sharing.ts';
import { optionalUserRef } from '../users/names.ts';
import { runInBackground } from '../../../jobs/background.ts';

/** How a recipient the viewer may not see is named: by the address, lower-cased, nothing else. */
export function recipientByAddress(email: string): ProjectShare['user'] {
  const address = email.trim().toLowerCase();
  return { id: 0, username: '', name: address, email: address, company_name: null };
}

function selectInvitations(db: Db) {
  return db
    .select({
      id: projectShareInvitations.id,
      projectId: projectShareInvitations.projectId,
      projectName: projects.name,
      email: projectShareInvitations.email,
      accessLevel: projectShareInvitations.accessLevel,
      createdAt: projectShareInvitations.createdAt,
      updatedAt: projectShareInvitations.updatedAt,
      sharerId: users.id,
      sharerUsername: users.username,
      sharerFirstName: users.firstName,
      sharerLastName: users.lastName,
    })
    .from(projectShareInvitations)
    .innerJoin(projects, eq(projects.id, projectShareInvitations.projectId))
    .leftJoin(users, eq(users.id, projectShareInvitations.sharedBy));
}

type Row = Awaited<ReturnType<typeof selectInvitations>>[number];

function represent(row: Row): ProjectShare {
  return {
    id: row.id,
    project_id: row.projectId,
    project_name: row.projectName,
    user: recipientByAddress(row.email),
    share_status: 'pending',
    access_level: row.accessLevel,
    shared_by: optionalUserRef({ id: row.sharerId, username: row.sharerUsername, firstName: row.sharerFirstName, lastName: row.sharerLastName }),
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
  };
}

export async function countInvitations(db: Db, projectId: number): Promise<number> {
  return (await db.select({ n: count() }).from(projectShareInvitations).where(eq(projectShareInvitations.projectId, projectId)))[0]?.n ?? 0;
}

/** The first `limit` invitations of a project in list order (created, id). */
export async function firstInvitations(db: Db, projectId: number, limit: number): Promise<ProjectShare[]> {
  const rows = await selectInvitations(db)
    .where(eq(projectShareInvitations.projectId, projectId))
    .orderBy(asc(projectShareInvitations.createdAt), asc(projectShareInvitations.id))
    .limit(limit);
  return rows.map(represent);
}

export async function findInvitation(db: Db, projectId: number, id: number): Promise<ProjectShare | undefined> {
  const [row] = await selectInvitations(db).where(and(eq(projectShareInvitations.id, id), eq(projectShareInvitations.projectId, projectId)));
  return row ? represent(row) : undefined;
}

export async function deleteInvitation(db: Db, projectId: number, id: number): Promise<boolean> {
  const gone = await db
    .delete(projectShareInvitations)
    .where(and(eq(projectShareInvitations.id, id), eq(projectShareInvitations.projectId, projectId)))
    .returning({ id: projectShareInvitations.id });
  return gone.length > 0;
}

/** Stores the invitation (a unique violation means the address already has one) and mails the address. */
export async function createInvitation(
  db: Db,
  deps: AppDeps | undefined,
  user: AuthUser,
  projectId: number,
  email: string,
  note: string,
  accessLevel: 'view' | 'edit',
): Promise<ProjectShare> {
  const address = email.trim().toLowerCase();
  const [row] = await db
    .insert(projectShareInvitations)
    .values({ projectId, email: address, sharedBy: user.id, accessLevel })
    .returning({ id: projectShareInvitations.id });
  const invitation = (await findInvitation(db, projectId, row!.id))!;
  if (deps) {
    runInBackground(deps, 'share invitation mail', () =>
      deps.mailer.send({
        to: address,
        subject: `${user.username} shared a Canopy project with you`,
        text: [
          `${user.username} shared the project "${invitation.project_name}" on Canopy with ${address}.${note ? ` ${note}` : ''}`,
          '',
          `There is no Canopy account with this address yet. Create one at ${deps.config.publicUrl}/signup with this address,`,
          `then ask ${user.username} to share the project again.`,
        ].join('\n'),
      }),
    );
  }
  return invitation;
}

export async function setInvitationAccess(db: Db, projectId: number, id: number, accessLevel: 'view' | 'edit'): Promise<void> {
  await db
    .update(projectShareInvitations)
    .set({ accessLevel, updatedAt: new Date() })
    .where(and(eq(projectShareInvitations.id, id), eq(projectShareInvitations.projectId, projectId)));
}

/** A share to an account replaces an earlier invitation to its address. */
export async function dropInvitationsTo(db: Db, projectId: number, email: string): Promise<void> {
  await db
    .delete(projectShareInvitations)
    .where(and(eq(projectShareInvitations.projectId, projectId), eq(projectShareInvitations.email, email.trim().toLowerCase())));
}
