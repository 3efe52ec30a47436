/**
 * One file of the uploader: its name and size, what is happening, a progress bar with the
 * displayed percentage (SPEC §9 steps, never ahead of the bytes), and Cancel or Retry. Subscribes
 * to its own upload actor, so a progress tick re-renders this row only.
 */
import { useSelector } from '@xstate/react';
import type { UploadActorRef } from '@machines/upload/upload.machine.ts';
import {
  selectCanCancel,
  selectCanRetry,
  selectDisplayedProgress,
  selectFailureMessage,
  selectFileName,
  selectFileSize,
  selectUploadStatus,
  type UploadStatus,
} from '@machines/upload/upload.selectors.ts';
import { formatBytes } from '@machines/upload/file-rules.ts';
import { Button } from '../button.tsx';
import * as css from './file-uploader.css.ts';

const STATUS_TEXT: Record<UploadStatus, string> = {
  queued: 'Waiting',
  requestingUrl: 'Preparing',
  uploading: 'Uploading',
  verifying: 'Checking',
  done: 'Uploaded',
  failed: 'Failed',
  cancelled: 'Cancelled',
};

export function UploadRow({ upload }: { upload: UploadActorRef }) {
  const name = useSelector(upload, selectFileName);
  const size = useSelector(upload, selectFileSize);
  const status = useSelector(upload, selectUploadStatus);
  const percent = useSelector(upload, selectDisplayedProgress);
  const failure = useSelector(upload, selectFailureMessage);
  const canCancel = useSelector(upload, selectCanCancel);
  const canRetry = useSelector(upload, selectCanRetry);
  return (
    <li className={css.row} data-status={status} aria-label={name}>
      <div>
        <div className={css.rowName} title={name}>
          {name}
        </div>
        <div className={css.rowMeta}>
          {formatBytes(size)} · {STATUS_TEXT[status]} · <span data-testid="upload-percent">{percent}%</span>
        </div>
      </div>
      <div className={css.rowActions}>
        {canCancel ? (
          <Button size="sm" tone="ghost" aria-label={`Cancel upload of ${name}`} onClick={() => upload.send({ type: 'upload.cancel' })}>
            Cancel
          </Button>
        ) : null}
        {canRetry ? (
          <Button size="sm" aria-label={`Retry upload of ${name}`} onClick={() => upload.send({ type: 'upload.retry' })}>
            Retry
          </Button>
        ) : null}
      </div>
      <div
        className={css.track}
        role="progressbar"
        aria-label={`Upload of ${name}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}% – ${STATUS_TEXT[status]}`}
      >
        <div className={css.bar} style={{ width: `${percent}%` }} />
      </div>
      {failure ? (
        <p className={css.rowError} role="alert">
          {failure}
        </p>
      ) : null}
    </li>
  );
}
