/**
 * Sharing calls (SPEC §7 "user/…" and the project's `project-share/`, `user-invite/`): the
 * recipient's pending shares and notifications, accepting or declining, and the sender's side of a
 * project's shares.
 */
import type { Invite, InviteCreate, Notification, ProjectShare, ShareCreate, ShareUpdate } from '@canopy/contract/sharing.ts';
import type { ApiClient } from './client.ts';
import { fetchAllPages } from './pages.ts';

export type ShareAnswer = 'accepted' | 'declined';

export function listPendingShares(api: ApiClient): Promise<ProjectShare[]> {
  return fetchAllPages<ProjectShare>(api, '/api/user/pending-project-shares');
}

export function listNotifications(api: ApiClient): Promise<Notification[]> {
  return fetchAllPages<Notification>(api, '/api/user/notifications');
}

export function answerShare(api: ApiClient, shareId: number, shareStatus: ShareAnswer): Promise<ProjectShare> {
  return api<ProjectShare>(`/api/user/project-shares/${shareId}`, { method: 'POST', body: { share_status: shareStatus } });
}

export async function dismissNotification(api: ApiClient, id: number): Promise<void> {
  await api<unknown>(`/api/user/dismiss-notification/${id}`, { method: 'POST' });
}

export function listProjectShares(api: ApiClient, projectId: number): Promise<ProjectShare[]> {
  return fetchAllPages<ProjectShare>(api, `/api/project/${projectId}/project-share/`);
}

export function createProjectShare(api: ApiClient, projectId: number, body: ShareCreate): Promise<ProjectShare> {
  return api<ProjectShare>(`/api/project/${projectId}/project-share/`, { method: 'POST', body });
}

export function updateProjectShare(api: ApiClient, projectId: number, shareId: number, body: ShareUpdate): Promise<ProjectShare> {
  return api<ProjectShare>(`/api/project/${projectId}/project-share/${shareId}/`, { method: 'PATCH', body });
}

export async function deleteProjectShare(api: ApiClient, projectId: number, shareId: number): Promise<void> {
  await api<unknown>(`/api/project/${projectId}/project-share/${shareId}/`, { method: 'DELETE' });
}

export function inviteUser(api: ApiClient, projectId: number, body: InviteCreate): Promise<Invite> {
  return api<Invite>(`/api/project/${projectId}/user-invite/`, { method: 'POST', body });
}
