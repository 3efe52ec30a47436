/**
 * Invitations (project user-invite/): a project changer invites an e-mail address into their company.
 * The mail carries a sign-up link with a random token; signing up with it (POST /authusers/ with
 * invite_token) joins the inviting company with the invite's role — the token proves the address
 * received the mail, which is what an ordinary sign-up cannot prove (contexts/accounts/auth/signup.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../../db/database.ts';
import type { AppDeps } from '../../../deps.ts';
import type { AuthUser } from '../../../kernel/auth-user.ts';
import { projectShares, projects, roles, userInvites } from '../../../db/schema/index.ts';
import { DomainError } from '../../../kernel/domain-errors.ts';
import type { Invite, InviteCreate } from '@canopy/contract/sharing.ts';
import { hasPermission } from '../company/guards.ts';
import { requireChangeableProject } from '../../projects/index.ts';
import { notify } from './notifications.ts';

export const INVITE_LIFETIME_MS = 14 * 24 * 3600 * 1000;
export const DEFAULT_INVITE_ROLE = 'Viewer';
export const INVITE_INVALID = 'This invitation link is not valid or has expired.';
export const INVITE_OTHER_EMAIL = 'This invitation was sent to another e-mail address.';

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export function inviteLink(publicUrl: string, token: string): string {
  return `${publicUrl}/signup?invite_token=${encodeURIComponent(token)}`;
}

async function roleFor(db: Db, user: AuthUser, roleId: number | undefined): Promise<number | null> {
  if (roleId === undefined) {
    const [viewer] = await db.select({ id: roles.id }).from(roles).where(eq(roles.name, DEFAULT_INVITE_ROLE));
    return viewer?.id ?? null;
  }
  // Choosing someone's role is managing company users.
  if (!(await hasPermission(db, user, 'custom_auth.change_user'))) throw DomainError.forbidden();
  const [role] = await db.select({ id: roles.id }).from(roles).where(eq(roles.id, roleId));
  if (!role) throw DomainError.field('role', `Invalid pk "${roleId}" - object does not exist.`);
  return role.id;
}

export async function createInvite(db: Db, deps: AppDeps, user: AuthUser, projectId: number, input: InviteCreate): Promise<Invite> {
  const access = await requireChangeableProject(db, user, projectId);
  // The invitee joins the inviter's company; a superuser without one invites into the project's.
  const companyId = user.companyId ?? access.companyId;
  if (companyId === null) throw DomainError.detail('invalid', 'There is no company to invite into: the project belongs to none.');
  const roleId = await roleFor(db, user, input.role);
  // No look-up of the address: an invitation answers the same whether or not it has an account;
  // someone who has one may sign in instead, or make a second one in this company.

  const token = randomBytes(32).toString('base64url');
  const now = deps.clock.now();
  const [project] = await db.select({ name: projects.name }).from(projects).where(eq(projects.id, projectId));
  const invite = await db.transaction(async (tx) => {
    // A new invitation replaces an unused earlier one to the same address, so only the latest link works.
    await tx
      .delete(userInvites)
      .where(and(eq(userInvites.companyId, companyId), sql`lower(${userInvites.email}) = lower(${input.email})`, isNull(userInvites.acceptedAt)));
    const [row] = await tx
      .insert(userInvites)
      .values({
        companyId,
        projectId,
        email: input.email,
        roleId,
        tokenHash: hashToken(token),
        invitedBy: user.id,
        createdAt: now,
        expiresAt: new Date(now.getTime() + INVITE_LIFETIME_MS),
      })
      .returning();
    return row!;
  });
  await deps.mailer.send({
    to: input.email,
    subject: `${user.username} invited you to Canopy`,
    text: [
      `${user.username} invited you to join their company on Canopy and work on the project "${project?.name ?? ''}".`,
      '',
      `Sign up here (the link works for 14 days): ${inviteLink(deps.config.publicUrl, token)}`,
    ].join('\n'),
  });
  return {
    id: invite.id,
    email: invite.email,
    project_id: invite.projectId,
    company_id: invite.companyId,
    role: invite.roleId,
    created: invite.createdAt.toISOString(),
    expires: invite.expiresAt.toISOString(),
  };
}

export interface ValidInvite {
  id: number;
  companyId: number;
  roleId: number | null;
  projectId: number | null;
  invitedBy: number | null;
}

/** For sign-up: the invitation behind `token` if it is usable by `email`, else the message for `invite_token`. */
export async function checkInvite(db: Db, token: string, email: string, now: Date): Promise<{ invite: ValidInvite } | { error: string }> {
  const [row] = await db
    .select()
    .from(userInvites)
    .where(eq(userInvites.tokenHash, hashToken(token)));
  if (!row || row.acceptedAt !== null || row.expiresAt <= now) return { error: INVITE_INVALID };
  if (row.email.toLowerCase() !== email.trim().toLowerCase()) return { error: INVITE_OTHER_EMAIL };
  return { invite: { id: row.id, companyId: row.companyId, roleId: row.roleId, projectId: row.projectId, invitedBy: row.invitedBy } };
}

/**
 * Inside the sign-up transaction: marks the invitation used (once — a second sign-up racing with the
 * same link fails here), offers the project when it is not the company's own, and tells the inviter.
 */
export async function acceptInvite(tx: Db, invite: ValidInvite, userId: number, username: string, now: Date): Promise<void> {
  const used = await tx
    .update(userInvites)
    .set({ acceptedAt: now, acceptedUserId: userId })
    .where(and(eq(userInvites.id, invite.id), isNull(userInvites.acceptedAt)))
    .returning({ id: userInvites.id });
  if (used.length === 0) throw DomainError.field('invite_token', INVITE_INVALID);
  if (invite.projectId === null) return;
  const [project] = await tx.select({ name: projects.name, companyId: projects.companyId }).from(projects).where(eq(projects.id, invite.projectId));
  if (project && project.companyId !== invite.companyId) {
    const [share] = await tx
      .insert(projectShares)
      .values({ projectId: invite.projectId, userId, sharedBy: invite.invitedBy, shareStatus: 'pending' })
      .onConflictDoNothing()
      .returning({ id: projectShares.id });
    if (share) {
      await notify(tx, {
        userId,
        kind: 'project_shared',
        message: `The project "${project.name}" was shared with you.`,
        projectId: invite.projectId,
        projectShareId: share.id,
        actorId: invite.invitedBy,
      });
    }
  }
  if (invite.invitedBy !== null) {
    await notify(tx, {
      userId: invite.invitedBy,
      kind: 'invite_accepted',
      message: `${username} accepted your invitation${project ? ` to "${project.name}"` : ''}.`,
      projectId: project ? invite.projectId : null,
      actorId: userId,
    });
  }
}
