/**
 * Share-link calls (docs/share-links.md): the owner's list, create, embedding sites and revoke under the
 * project, and the public link's info and opening under /api/shared/{token}. Types come from the
 * server's contract, type-only.
 */
import { fetchAllPages } from './pages.ts';
import type { SharedContent, SharedLinkInfo, ShareLink, ShareLinkCreate, ShareLinkCreated, ShareLinkUpdate } from '@canopy/contract/share-links.ts';
import type { ApiClient } from './client.ts';

const links = (projectId: number) => `/api/project/${projectId}/share-link`;
const shared = (token: string) => `/api/shared/${encodeURIComponent(token)}`;

export const listShareLinks = (api: ApiClient, projectId: number, filter: { insight_id?: number; report_id?: number }) =>
  fetchAllPages<ShareLink>(api, `${links(projectId)}/`, filter);
export const createShareLink = (api: ApiClient, projectId: number, body: ShareLinkCreate) =>
  api<ShareLinkCreated>(`${links(projectId)}/`, { method: 'POST', body });
export const updateShareLink = (api: ApiClient, projectId: number, linkId: number, body: ShareLinkUpdate) =>
  api<ShareLink>(`${links(projectId)}/${linkId}/`, { method: 'PATCH', body });
export const revokeShareLink = (api: ApiClient, projectId: number, linkId: number) => api<void>(`${links(projectId)}/${linkId}/`, { method: 'DELETE' });

export const sharedLinkInfo = (api: ApiClient, token: string) => api<SharedLinkInfo>(shared(token));
export const openSharedLink = (api: ApiClient, token: string, password: string | null) =>
  api<SharedContent>(`${shared(token)}/open`, { method: 'POST', body: password === null ? {} : { password } });

/** The address of a file the link shows (an <img> loads it: public, with `access` for a password link). */
export function sharedImageUrl(token: string, imageId: number, access: string | null): string {
  const query = access ? `?access=${encodeURIComponent(access)}` : '';
  return `${shared(token)}/study-image/${imageId}/file` + query;
}

/** The address of a result layer a link's scene view shows (read by the public page's 3D viewer). */
export function sharedLayerUrl(token: string, assetId: number, access: string | null): string {
  const query = access ? `?access=${encodeURIComponent(access)}` : '';
  return `${shared(token)}/layer/${assetId}/download` + query;
}
