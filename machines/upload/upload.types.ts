/**
 * The upload workflow's vocabulary. Nothing here knows HTTP: the live actors (src/services/upload-services.ts)
 * turn XMLHttpRequest and the API client into these events and values; tests hand in fakes.
 */

/** Where a file goes: a project, and which of its upload URLs (SPEC §7). */
export interface UploadTarget {
  projectId: number;
  /** `asset` → asset-upload-url/ (simulation assets); `project-asset` → project-asset-upload-url/ (project files). */
  kind: 'asset' | 'project-asset';
}

/** What the server hands out for uploading (SPEC §3 upload data). */
export interface UploadGrant {
  container_url: string;
  uuid: string;
  sas_token: string;
}

/** The server's record of a stored file (GET /api/project/{id}/uploads/). */
export interface StoredUpload {
  id: number;
  uuid: string;
  filename: string;
  size: number;
  content_type: string;
  format: string;
  uploaded_at: string;
  download_url: string;
}

/** The browser's File, as far as the workflow needs it (the actors receive the real one). */
export interface UploadSource {
  readonly name: string;
  readonly size: number;
  readonly type: string;
}

/** Anything that takes toasts: the app's toast actor (reached through machines/toast/toast-relay.ts). */
export type { ToastSink } from '@machines/toast/toast-relay.ts';

/** Why an upload failed, in words for the user (the actors translate status codes). */
export interface UploadFailure {
  message: string;
  /** HTTP status when the server answered, else null (network, abort). */
  status: number | null;
}

/** Events the byte sender (XMLHttpRequest) reports while it runs. */
export type SenderEvent =
  { type: 'upload.progress'; loaded: number; total: number } | { type: 'upload.sent' } | { type: 'upload.error'; failure: UploadFailure };

export interface SendInput {
  grant: UploadGrant;
  blobName: string;
  file: UploadSource;
}

export interface VerifyInput {
  target: UploadTarget;
  uuid: string;
  blobName: string;
  size: number;
}
