/**
 * The file uploader every feature that uploads uses: drop files or pick them (several at once),
 * each checked against the feature's rules before a byte is sent, then one row per file with its
 * progress, Cancel and Retry. The workflow lives in machines/upload (uploads.machine.ts); this view
 * only renders it and sends `files.add`.
 *
 * Keyboard: the "Choose files" button opens the picker; rows' buttons are ordinary buttons.
 */
import { useRef, useState, type DragEvent } from 'react';
import { useSelector } from '@xstate/react';
import { sameItems, selectRejections, selectUploadItems } from '@machines/upload/upload.selectors.ts';
import { formatBytes, type FileRules } from '@machines/upload/file-rules.ts';
import type { UploadTarget } from '@machines/upload/upload.types.ts';
import { Button } from '../button.tsx';
import { UploadRow } from './upload-row.tsx';
import type { UploadsActorRef } from './use-uploads.ts';
import * as css from './file-uploader.css.ts';

export interface FileUploaderProps {
  uploads: UploadsActorRef;
  target: UploadTarget;
  rules: FileRules;
  /** What to drop, in the feature's words ('Drop STL files here'). */
  label?: string;
  multiple?: boolean;
}

export function FileUploader({ uploads, target, rules, label = 'Drop files here', multiple = true }: FileUploaderProps) {
  const input = useRef<HTMLInputElement>(null);
  // Hover highlight only: which files exist and how they fare is the machine's business.
  const [dragging, setDragging] = useState(false);
  const items = useSelector(uploads, selectUploadItems(target), sameItems);
  const rejections = useSelector(uploads, selectRejections(target), sameItems);
  const hintId = `${target.kind}-${target.projectId}-upload-hint`;

  const add = (files: FileList | null) => {
    if (files && files.length) uploads.send({ type: 'files.add', files: Array.from(files), target, rules });
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    add(event.dataTransfer.files);
  };
  const accepted = rules.accept?.length ? `${rules.accept.join(', ')} · ` : '';

  return (
    <section className={css.uploader} aria-label="File uploader">
      <div
        className={css.dropZone}
        data-dragging={dragging}
        onDragEnter={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragOver={(e) => e.preventDefault()}
        onDragLeave={(e) => {
          if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
        }}
        onDrop={onDrop}
      >
        <p className={css.dropTitle}>{label}</p>
        <p className={css.hint} id={hintId}>
          {accepted}up to {formatBytes(rules.maxBytes)} each
        </p>
        <Button tone="primary" aria-describedby={hintId} onClick={() => input.current?.click()}>
          Choose files
        </Button>
        <input
          ref={input}
          className={css.hiddenInput}
          type="file"
          multiple={multiple}
          accept={rules.accept?.join(',')}
          tabIndex={-1}
          aria-hidden="true"
          data-testid="file-input"
          onChange={(e) => {
            add(e.currentTarget.files);
            // The same file may be picked again after a failure.
            e.currentTarget.value = '';
          }}
        />
      </div>
      {rejections.length ? (
        <ul className={css.rejections} aria-label="Files not accepted">
          {rejections.map((r) => (
            <li key={r.id} className={css.rejection} role="alert">
              <span style={{ flex: 1 }}>{r.message}</span>
              <Button
                size="sm"
                tone="ghost"
                aria-label={`Dismiss the message about ${r.fileName}`}
                onClick={() => uploads.send({ type: 'rejection.dismiss', id: r.id })}
              >
                ×
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {items.length ? (
        <ul className={css.list} aria-label="Uploads">
          {items.map((item) => (
            <UploadRow key={item.id} upload={item.ref} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
