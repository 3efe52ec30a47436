/**
 * Project export / import calls (docs/scale-out.md "Moving a project"). The export is
 * a zip download; the import sends the zip as the raw request body with XMLHttpRequest, the one
 * way a page can report upload progress.
 */
import type { ProjectImportResult } from '@canopy/contract/project-transfer.ts';
import type { ApiClient } from './client.ts';
import { detailOf } from './errors.ts';

export function exportProjectArchive(api: ApiClient, projectId: number): Promise<Blob> {
  return api<Blob>(`/api/project/${projectId}/export/`);
}

export const IMPORT_PATH = '/api/project-import/';

/** Why the server refused an import, in its own words when it gave some. */
export function importFailure(status: number, body: string): string {
  let detail: string | null = null;
  try {
    detail = detailOf(JSON.parse(body));
  } catch {
    detail = null;
  }
  if (detail) return detail;
  if (status === 413) return 'The file is larger than the server accepts.';
  return `The server could not import the file (HTTP ${status}).`;
}

export interface ImportProgress {
  loaded: number;
  total: number;
}

/**
 * POSTs the zip with the access token; resolves with the new project, rejects with an Error in
 * plain words. An abort of `signal` aborts the request.
 */
export function sendProjectArchive(
  file: Blob,
  accessToken: string,
  onProgress: (progress: ImportProgress) => void,
  signal?: AbortSignal,
): Promise<ProjectImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.onabort = () => reject(new Error('The import was cancelled.'));
    xhr.open('POST', IMPORT_PATH);
    xhr.setRequestHeader('Authorization', `Bearer ${accessToken}`);
    xhr.setRequestHeader('Content-Type', 'application/zip');
    xhr.upload.onprogress = (event) => onProgress({ loaded: event.loaded, total: event.lengthComputable ? event.total : file.size });
    xhr.onload = () => {
      if (xhr.status === 201) resolve(JSON.parse(xhr.responseText) as ProjectImportResult);
      else reject(new Error(importFailure(xhr.status, xhr.responseText)));
    };
    xhr.onerror = () => reject(new Error('The connection to the server was lost.'));
    xhr.send(file);
  });
}
