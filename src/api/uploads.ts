/**
 * Upload calls (SPEC §7, API.md "Uploads"): the signed upload URL of a project, and the project's
 * stored files. The bytes themselves do not go through here — src/services/blob-sender.ts PUTs
 * them with XMLHttpRequest, the one place that cannot use the ofetch client (no upload progress).
 */
import type { Upload, UploadPage, UploadUrl } from '@canopy/contract/uploads.ts';
import type { ApiClient } from './client.ts';

export type UploadKind = Upload['kind'];

/** The largest page the server honours (API.md). */
const PAGE_SIZE = 999;

export function requestUploadUrl(api: ApiClient, projectId: number, kind: UploadKind): Promise<UploadUrl> {
  return api<UploadUrl>(`/api/project/${projectId}/${kind}-upload-url/`);
}

export function listUploadsPage(
  api: ApiClient,
  projectId: number,
  query: { page?: number; page_size?: number; uuid?: string; kind?: UploadKind } = {},
): Promise<UploadPage> {
  return api<UploadPage>(`/api/project/${projectId}/uploads/`, { query });
}

/** Every stored file of the project, newest first (page by page until there is no next, SPEC §4). */
export async function listAllUploads(api: ApiClient, projectId: number, query: { uuid?: string; kind?: UploadKind } = {}): Promise<Upload[]> {
  const all: Upload[] = [];
  for (let page = 1; ; page++) {
    const answer = await listUploadsPage(api, projectId, { ...query, page, page_size: PAGE_SIZE });
    all.push(...answer.results);
    if (!answer.next) return all;
  }
}

/** Where to PUT one file of an upload URL (Azure's `{container_url}/{uuid}/{filename}?{sas_token}`). */
export function blobUrl(grant: UploadUrl, blobName: string): string {
  return `${grant.container_url}/${grant.uuid}/${encodeURIComponent(blobName)}?${grant.sas_token}`;
}

/**
 * An upload's bytes (GET …/uploads/{id}/download/): the client reads a binary answer as a Blob
 * (ofetch reads non-JSON types as blobs); an ArrayBuffer passes as it is.
 */
export async function uploadBytes(api: ApiClient, projectId: number, uploadId: number): Promise<ArrayBuffer> {
  const body = await api<unknown>(`/api/project/${projectId}/uploads/${uploadId}/download/`);
  if (body instanceof Blob) return body.arrayBuffer();
  if (body instanceof ArrayBuffer) return body;
  throw new Error('the server did not send the file’s bytes');
}
