import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../../../test/harness.ts';
import { accessToken, buildWorld, createUser, type World } from '../../../test/world.ts';
import { caller } from '../../../test/api.ts';
import { notifications, projectShares, users } from '../../db/schema/index.ts';
import type { AuthUser } from '../../kernel/auth-user.ts';
import type { Invite, NotificationPage, ProjectShare, ProjectSharePage } from '@canopy/contract/sharing.ts';
import type { ProjectPage } from '@canopy/contract/projects.ts';
import type { AdministeredProjectPage, ProjectAdministrator, ProjectAdministratorPage } from '@canopy/contract/administrators.ts';
import { createProjectShare } from '../../contexts/accounts/sharing/shares.ts';

let t: TestContext;
let w: World;
let call: ReturnType<typeof caller>;
beforeAll(async () => {
  t = await createTestContext();
  w = await buildWorld(t.deps);
  call = caller(t);
});
afterAll(() => t.close());

async function authUser(id: number): Promise<AuthUser> {
  const [u] = await t.database.db.select().from(users).where(eq(users.id, id));
  return { id: u!.id, username: u!.username, email: u!.email, companyId: u!.companyId, roleId: u!.roleId, isSuperuser: u!.isSuperuser };
}

async function newcomer(name: string): Promise<{ id: number; token: string; email: string }> {
  const id = await createUser(t.database.db, { username: name, companyId: w.otherCompanyId, role: 'Engineer' });
  return { id, token: await accessToken(t.deps, id), email: `${name}@example.test` };
}

describe('sharing a project', () => {
  it('creates a pending share and, with it, a notification for the recipient', async () => {
    const guest = await newcomer('guest');
    const shared = await call<ProjectShare>('POST', `/api/project/${w.projectId}/project-share/`, w.tokens.projectAdmin, {
      email: 'GUEST@example.test',
      message: 'Please review the podium.',
    });
    expect(shared.status).toBe(201);
    // Another company's recipient is named only by the address until they accept.
    expect(shared.body).toMatchObject({
      project_id: w.projectId,
      share_status: 'pending',
      access_level: 'view',
      user: { id: 0, email: 'guest@example.test', company_name: null },
    });
    const inbox = await call<NotificationPage>('GET', '/api/user/notifications/', guest.token);
    expect(inbox.body.results).toEqual([
      expect.objectContaining({
        kind: 'project_shared',
        project_id: w.projectId,
        project_share_id: shared.body.id,
        message: 'projadmin shared the project "Harbour Towers" with you (view only). Please review the podium.',
      }),
    ]);
    const pending = await call<ProjectSharePage>('GET', '/api/user/pending-project-shares/', guest.token);
    expect(pending.body.results.map((s) => s.id)).toEqual([shared.body.id]);
    // Not visible until accepted.
    expect((await call('GET', `/api/project/${w.projectId}/`, guest.token)).status).toBe(404);

    const answered = await call<ProjectShare>('POST', `/api/user/project-shares/${shared.body.id}/`, guest.token, { share_status: 'accepted' });
    expect(answered.body.share_status).toBe('accepted');
    expect((await call('GET', `/api/project/${w.projectId}/`, guest.token)).status).toBe(200);
    expect((await call<ProjectPage>('GET', '/api/project/?tab=shared', guest.token)).body.results.map((p) => p.id)).toEqual([w.projectId]);
    expect((await call<ProjectSharePage>('GET', '/api/user/pending-project-shares/', guest.token)).body.count).toBe(0);
    // Answering dismissed the invitation and told the sender.
    expect((await call<NotificationPage>('GET', '/api/user/notifications/', guest.token)).body.count).toBe(0);
    const senderInbox = await call<NotificationPage>('GET', '/api/user/notifications/', w.tokens.projectAdmin);
    expect(senderInbox.body.results[0]).toMatchObject({ kind: 'project_share_answered', message: 'guest accepted the share of "Harbour Towers".' });
  });

  it('leaves neither the share nor the notification when the notification cannot be written', async () => {
    const victim = await newcomer('rollback');
    const failing = async () => {
      throw new Error('notification store down');
    };
    await expect(
      createProjectShare(t.database.db, await authUser(w.userIds.projectAdmin), w.projectId, { email: victim.email }, { notify: failing }),
    ).rejects.toThrow('notification store down');
    expect(await t.database.db.select().from(projectShares).where(eq(projectShares.userId, victim.id))).toEqual([]);
    expect(await t.database.db.select().from(notifications).where(eq(notifications.userId, victim.id))).toEqual([]);
    // The same share succeeds afterwards: nothing half-made blocks it.
    expect((await call('POST', `/api/project/${w.projectId}/project-share/`, w.tokens.projectAdmin, { email: victim.email })).status).toBe(201);
  });

  it('refuses unknown ids, oneself, and a second share to the same user', async () => {
    const path = `/api/project/${w.projectId}/project-share/`;
    // An address without an account is kept as an invitation, answered like any share.
    expect((await call('POST', path, w.tokens.projectAdmin, { email: 'nobody@example.test' })).status).toBe(201);
    // Another company's user cannot be named by id.
    expect(await call('POST', path, w.tokens.projectAdmin, { user_id: w.userIds.pendingShare })).toEqual({
      status: 400,
      body: { user_id: [`Invalid pk "${w.userIds.pendingShare}" - object does not exist.`] },
    });
    expect(await call('POST', path, w.tokens.projectAdmin, { user_id: w.userIds.projectAdmin })).toEqual({
      status: 400,
      body: { user_id: ['You cannot share a project with yourself.'] },
    });
    expect(await call('POST', path, w.tokens.projectAdmin, { email: 'invitee@example.test' })).toEqual({
      status: 400,
      body: { email: ['This project is already shared with this user.'] },
    });
    expect(await call('POST', path, w.tokens.projectAdmin, {})).toEqual({ status: 400, body: { email: ['This field is required.'] } });
    expect(await call('POST', path, w.tokens.projectAdmin, { email: 'not-an-address' })).toEqual({
      status: 400,
      body: { email: ['Enter a valid email address.'] },
    });
  });

  it('re-sends a declined share with a new notification, and never "re-sends" an accepted one', async () => {
    const decliner = await newcomer('decliner');
    const share = await call<ProjectShare>('POST', `/api/project/${w.projectId}/project-share/`, w.tokens.projectAdmin, { email: decliner.email });
    await call('POST', `/api/user/project-shares/${share.body.id}/`, decliner.token, { share_status: 'declined' });
    const path = `/api/project/${w.projectId}/project-share/${share.body.id}/`;
    const resent = await call<ProjectShare>('PATCH', path, w.tokens.colleagueWithPermission, { share_status: 'pending', message: 'Second try.' });
    expect(resent.body.share_status).toBe('pending');
    const inbox = await call<NotificationPage>('GET', '/api/user/notifications/', decliner.token);
    expect(inbox.body.results[0]?.message).toBe('orgadmin shared the project "Harbour Towers" with you (view only). Second try.');
    await call('POST', `/api/user/project-shares/${share.body.id}/`, decliner.token, { share_status: 'accepted' });
    expect(await call('PATCH', path, w.tokens.colleagueWithPermission, { share_status: 'pending' })).toEqual({
      status: 400,
      body: { share_status: ['The share is accepted; only a declined share can be re-sent.'] },
    });
    expect((await call('PATCH', path, w.tokens.colleagueWithPermission, { share_status: 'accepted' })).status).toBe(400);
  });

  // The recipient keeps the notification (a revoke does not hide that a share was made).
  it('revokes a share, leaving its notification to the recipient', async () => {
    const revoked = await newcomer('revokee');
    const share = await call<ProjectShare>('POST', `/api/project/${w.projectId}/project-share/`, w.tokens.projectAdmin, { email: revoked.email });
    expect((await call('DELETE', `/api/project/${w.projectId}/project-share/${share.body.id}/`, w.tokens.projectAdmin)).status).toBe(204);
    expect((await call<NotificationPage>('GET', '/api/user/notifications/', revoked.token)).body.count).toBe(1);
    expect((await call('GET', `/api/project/${w.projectId}/project-share/${share.body.id}/`, w.tokens.projectAdmin)).status).toBe(404);
  });

  it('lets only the recipient answer, with accepted or declined', async () => {
    const [share] = await t.database.db.select().from(projectShares).where(eq(projectShares.userId, w.userIds.pendingShare));
    expect((await call('POST', `/api/user/project-shares/${share!.id}/`, w.tokens.acceptedShare, { share_status: 'accepted' })).status).toBe(404);
    expect(await call('POST', `/api/user/project-shares/${share!.id}/`, w.tokens.pendingShare, { share_status: 'maybe' })).toEqual({
      status: 400,
      body: { share_status: ['"maybe" is not a valid choice.'] },
    });
    const mine = await call<ProjectSharePage>('GET', '/api/user/project-shares/', w.tokens.pendingShare);
    expect(mine.body.results.filter((s) => s.project_id === w.projectId).map((s) => s.share_status)).toEqual(['pending']);
  });
});

describe('notifications', () => {
  it('are dismissed by their recipient only, and dismissing twice is fine', async () => {
    const [note] = await t.database.db
      .insert(notifications)
      .values({ userId: w.userIds.colleague, kind: 'project_shared', message: 'Hello' })
      .returning({ id: notifications.id });
    const path = `/api/user/dismiss-notification/${note!.id}/`;
    expect((await call('POST', path, w.tokens.colleagueWithPermission)).status).toBe(404);
    expect((await call('POST', path, w.tokens.colleague)).status).toBe(204);
    expect((await call('POST', path, w.tokens.colleague)).status).toBe(204);
    const open = await call<NotificationPage>('GET', '/api/user/notifications/', w.tokens.colleague);
    expect(open.body.results.map((n) => n.id)).not.toContain(note!.id);
  });
});

describe('inviting someone', () => {
  it('mails a sign-up link whose token joins the inviting company with the invite role', async () => {
    const invited = await call<Invite>('POST', `/api/project/${w.projectId}/user-invite/`, w.tokens.colleagueWithPermission, {
      email: 'new.hire@example.test',
    });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ email: 'new.hire@example.test', company_id: w.companyId, project_id: w.projectId });
    const mail = t.mailer.last()!;
    expect(mail.to).toBe('new.hire@example.test');
    const link = /https?:\/\/\S+invite_token=(\S+)/.exec(mail.text);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);
    expect(JSON.stringify(invited.body)).not.toContain(token);

    const signup = (email: string, username: string) =>
      call<{ company_id: number | null; role: string | null; username: string }>('POST', '/authusers/', undefined, {
        username,
        email,
        password: 'a sturdy passphrase for tests',
        invite_token: token,
        company: 'Ignored Inc',
      });
    expect(await signup('someone.else@example.test', 'someone')).toEqual({
      status: 400,
      body: { invite_token: ['This invitation was sent to another e-mail address.'] },
    });
    const joined = await signup('New.Hire@example.test', 'newhire');
    expect(joined.status).toBe(201);
    expect(joined.body).toMatchObject({ company_id: w.companyId, role: 'Viewer' });
    expect((await signup('new.hire@example.test', 'newhire2')).body).toMatchObject({ invite_token: ['This invitation link is not valid or has expired.'] });
    const inbox = await call<NotificationPage>('GET', '/api/user/notifications/', w.tokens.colleagueWithPermission);
    expect(inbox.body.results.map((n) => n.kind)).toContain('invite_accepted');
  });

  it('offers the project when the inviter is a sharee from another company', async () => {
    const invited = await call<Invite>('POST', `/api/project/${w.projectId}/user-invite/`, w.tokens.acceptedShare, { email: 'consultant@example.test' });
    expect(invited.body.company_id).not.toBe(w.companyId);
    const token = decodeURIComponent(/invite_token=(\S+)/.exec(t.mailer.last()!.text)![1]!);
    const joined = await call<{ id: number }>('POST', '/authusers/', undefined, {
      username: 'consultant',
      email: 'consultant@example.test',
      password: 'a sturdy passphrase for tests',
      invite_token: token,
    });
    expect(joined.status).toBe(201);
    const [share] = await t.database.db
      .select()
      .from(projectShares)
      .where(and(eq(projectShares.userId, joined.body.id), eq(projectShares.projectId, w.projectId)));
    expect(share?.shareStatus).toBe('pending');
  });

  it('lets only holders of custom_auth.change_user pick the role, and refuses expired links', async () => {
    const path = `/api/project/${w.projectId}/user-invite/`;
    expect((await call('POST', path, w.tokens.projectAdmin, { email: 'x@example.test', role: 1 })).status).toBe(403);
    // An address with an account is invited like any other (nothing tells whether the address has an account).
    expect((await call('POST', path, w.tokens.projectAdmin, { email: 'owner@example.test' })).status).toBe(201);
    expect((await call('POST', path, w.tokens.colleague, { email: 'y@example.test' })).status).toBe(403);
    await call('POST', path, w.tokens.projectAdmin, { email: 'late@example.test' });
    const token = decodeURIComponent(/invite_token=(\S+)/.exec(t.mailer.last()!.text)![1]!);
    t.clock.advance(15 * 24 * 3600 * 1000);
    const late = await call('POST', '/authusers/', undefined, {
      username: 'late',
      email: 'late@example.test',
      password: 'a sturdy passphrase for tests',
      invite_token: token,
    });
    t.clock.advance(-15 * 24 * 3600 * 1000);
    expect(late).toEqual({ status: 400, body: { invite_token: ['This invitation link is not valid or has expired.'] } });
  });
});

describe('project administrators', () => {
  const path = (rest = '') => `/api/project/${w.projectId}/project-administrator/${rest}`;

  it('lists the creator first, then the added administrators', async () => {
    const { body } = await call<ProjectAdministratorPage>('GET', path(), w.tokens.colleague);
    expect(body.results[0]).toMatchObject({ id: w.ownerId, is_creator: true });
    expect(body.results.map((a) => a.id)).toContain(w.userIds.projectAdmin);
  });

  it("adds members of the project's company and accepted sharees, nobody else", async () => {
    expect((await call<ProjectAdministrator>('POST', path(`${w.userIds.colleague}/`), w.tokens.projectAdmin)).status).toBe(201);
    expect((await call('POST', path(`${w.userIds.colleague}/`), w.tokens.projectAdmin)).status).toBe(200);
    expect((await call('POST', path(`${w.userIds.acceptedShare}/`), w.tokens.projectAdmin)).status).toBe(201);
    const refused = { status: 400, body: { user: ["This user is not a member of the project's company and has not accepted a share of it."] } };
    expect(await call('POST', path(`${w.userIds.pendingShare}/`), w.tokens.projectAdmin)).toEqual(refused);
    expect(await call('POST', path(`${w.userIds.otherCompany}/`), w.tokens.projectAdmin)).toEqual(refused);
    expect(await call('POST', path('999999/'), w.tokens.projectAdmin)).toEqual(refused);
  });

  it('removes administrators, but never the creator', async () => {
    expect(await call('DELETE', path(`${w.ownerId}/`), w.tokens.colleagueWithPermission)).toEqual({
      status: 400,
      body: { user: ["The project's creator is always an administrator."] },
    });
    expect((await call('DELETE', path(`${w.userIds.colleague}/`), w.tokens.colleagueWithPermission)).status).toBe(204);
    expect((await call('DELETE', path(`${w.userIds.colleague}/`), w.tokens.colleagueWithPermission)).status).toBe(404);
  });

  it("lists and clears the projects a user administers, within the actor's company only", async () => {
    const target = w.userIds.acceptedShare;
    // An accepted sharee of company B administers a project of company A: their own company's
    // administrators see none of it, and cannot remove it.
    const partnerAdmin = await createUser(t.database.db, { username: 'partner-admin', companyId: (await authUser(target)).companyId, role: 'Org Admin' });
    const partnerToken = await accessToken(t.deps, partnerAdmin);
    expect((await call<AdministeredProjectPage>('GET', `/api/user/project-admin-projects/${target}/`, partnerToken)).body.count).toBe(0);
    expect(await call('DELETE', `/api/user/project-admin-projects/${target}/`, partnerToken)).toEqual({ status: 200, body: { removed: 0 } });
    expect((await call<AdministeredProjectPage>('GET', `/api/user/project-admin-projects/${target}/`, w.tokens.acceptedShare)).body.results).toEqual([
      { id: w.projectId, name: 'Harbour Towers', company_id: w.companyId, is_creator: false },
    ]);
    // The user may step down everywhere themselves.
    expect(await call('DELETE', `/api/user/project-admin-projects/${target}/`, w.tokens.acceptedShare)).toEqual({ status: 200, body: { removed: 1 } });
    // The creator stays an administrator of what they created.
    const owner = await call<AdministeredProjectPage>('GET', `/api/user/project-admin-projects/${w.ownerId}/`, w.tokens.colleagueWithPermission);
    expect(owner.body.results).toContainEqual(expect.objectContaining({ id: w.projectId, is_creator: true }));
    expect((await call('GET', `/api/user/project-admin-projects/${w.ownerId}/`, w.tokens.colleague)).status).toBe(403);
  });
});

describe('share levels', () => {
  it('a view-only sharee reads the project and its insights but changes nothing; raised to edit, they may', async () => {
    const reader = await newcomer('levelreader');
    const shared = await call<ProjectShare>('POST', `/api/project/${w.projectId}/project-share/`, w.tokens.projectAdmin, { email: reader.email });
    expect(shared.body.access_level).toBe('view');
    await call('POST', `/api/user/project-shares/${shared.body.id}/`, reader.token, { share_status: 'accepted' });
    expect((await call('GET', `/api/project/${w.projectId}/`, reader.token)).status).toBe(200);
    const project = await call<{ can_change: boolean }>('GET', `/api/project/${w.projectId}/`, reader.token);
    expect(project.body.can_change).toBe(false);
    const insightUrl = `/api/project/${w.projectId}/study/${w.studyId}/insight/${w.insights.publishedInsightId}/`;
    expect((await call('GET', insightUrl, reader.token)).status).toBe(200);
    expect((await call('PUT', insightUrl, reader.token, { title: 'Changed by a reader' })).status).toBe(403);
    expect((await call('DELETE', insightUrl, reader.token)).status).toBe(403);
    expect((await call('PATCH', `/api/project/${w.projectId}/`, reader.token, { name: 'Renamed' })).status).toBe(403);
    // The project's permissions for the client say the same.
    const perms = await call<Record<string, string[]>>('GET', '/api/project-permissions/?user_permission=projects.change_project', reader.token);
    expect(perms.body[String(w.projectId)] ?? []).not.toContain('projects.change_project');

    const raised = await call<ProjectShare>('PATCH', `/api/project/${w.projectId}/project-share/${shared.body.id}/`, w.tokens.projectAdmin, {
      access_level: 'edit',
    });
    expect(raised.status).toBe(200);
    expect(raised.body).toMatchObject({ access_level: 'edit', share_status: 'accepted' });
    // (Insights stay the project's company's: a non-consulting sharee reads them at either level, docs/insights.md.)
    expect((await call('PATCH', `/api/project/${w.projectId}/`, reader.token, { reference_id: 'RD-1' })).status).toBe(200);
    expect((await call<{ can_change: boolean }>('GET', `/api/project/${w.projectId}/`, reader.token)).body.can_change).toBe(true);
  });

  it('shares at the edit level when asked, and refuses an unknown level naming the field', async () => {
    const editor = await newcomer('leveleditor');
    const shared = await call<ProjectShare>('POST', `/api/project/${w.projectId}/project-share/`, w.tokens.projectAdmin, {
      email: editor.email,
      access_level: 'edit',
    });
    expect(shared.body.access_level).toBe('edit');
    const bad = await call<Record<string, string[]>>('POST', `/api/project/${w.projectId}/project-share/`, w.tokens.projectAdmin, {
      email: 'x@example.test',
      access_level: 'owner',
    });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(['access_level']);
    const empty = await call<Record<string, string[]>>('PATCH', `/api/project/${w.projectId}/project-share/${shared.body.id}/`, w.tokens.projectAdmin, {});
    expect(empty.status).toBe(400);
    expect(Object.keys(empty.body)).toEqual(['access_level']);
  });
});
