/** Named readings of one upload (upload.machine.ts) and of the uploads parent (uploads.machine.ts). */
import type { SnapshotFrom } from 'xstate';
import type { uploadMachine } from './upload.machine.ts';
import type { uploadsMachine, UploadItem, Rejection } from './uploads.machine.ts';
import type { uploadListMachine } from './upload-list.machine.ts';
import type { StoredUpload, UploadTarget } from './upload.types.ts';

type UploadSnapshot = SnapshotFrom<typeof uploadMachine>;
type UploadsSnapshot = SnapshotFrom<typeof uploadsMachine>;

export type UploadStatus = 'queued' | 'requestingUrl' | 'uploading' | 'verifying' | 'done' | 'failed' | 'cancelled';

const STATUSES: readonly UploadStatus[] = ['queued', 'requestingUrl', 'uploading', 'verifying', 'done', 'failed', 'cancelled'];

export const selectUploadStatus = (s: UploadSnapshot): UploadStatus => STATUSES.find((status) => s.matches(status)) ?? 'queued';

/** The real share of bytes sent, 0–100 (XMLHttpRequest's count; an empty file counts as all sent). */
export const selectRealProgress = (s: UploadSnapshot): number => {
  const { loaded, total } = s.context;
  if (total <= 0) return s.matches('uploading') || s.matches('verifying') ? 100 : 0;
  return Math.min(100, Math.floor((loaded / total) * 100));
};

/** SPEC §9's step, never ahead of the real share; 100 only once the server confirmed the file. */
export const selectDisplayedProgress = (s: UploadSnapshot): number => {
  if (s.matches('done')) return 100;
  return Math.min(s.context.step, selectRealProgress(s));
};

export const selectFileName = (s: UploadSnapshot): string => s.context.file.name;
export const selectFileSize = (s: UploadSnapshot): number => s.context.file.size;
export const selectFailureMessage = (s: UploadSnapshot): string | null => (s.matches('failed') ? (s.context.failure?.message ?? null) : null);
export const selectCanCancel = (s: UploadSnapshot): boolean =>
  s.matches('queued') || s.matches('requestingUrl') || s.matches('uploading') || s.matches('verifying');
export const selectCanRetry = (s: UploadSnapshot): boolean => s.matches('failed') || s.matches('cancelled');

const sameTarget = (a: UploadTarget, b: UploadTarget): boolean => a.projectId === b.projectId && a.kind === b.kind;

/** The uploads for one target (one uploader), oldest first. */
export const selectUploadItems =
  (target?: UploadTarget) =>
  (s: UploadsSnapshot): readonly UploadItem[] =>
    target ? s.context.items.filter((item) => sameTarget(item.target, target)) : s.context.items;

/** Files the rules refused before sending, with the reason. */
export const selectRejections =
  (target?: UploadTarget) =>
  (s: UploadsSnapshot): readonly Rejection[] =>
    target ? s.context.rejections.filter((r) => sameTarget(r.target, target)) : s.context.rejections;

/** Item lists compare by their members, so a progress tick of one row does not re-render the list. */
export function sameItems<T>(a: readonly T[], b: readonly T[]): boolean {
  return a.length === b.length && a.every((item, i) => item === b[i]);
}

type UploadListSnapshot = SnapshotFrom<typeof uploadListMachine>;

export const selectListedUploads = (s: UploadListSnapshot): readonly StoredUpload[] => s.context.uploads;
/** True only for the first load: a reload keeps the list on screen. */
export const selectListLoading = (s: UploadListSnapshot): boolean => s.matches('loading') && s.context.uploads.length === 0;
export const selectListError = (s: UploadListSnapshot): string | null => (s.matches('failed') ? s.context.error : null);
