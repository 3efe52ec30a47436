/**
 * One file's upload (SPEC §3 upload data, §7 "files upload to blob storage by signed URL with
 * progress steps", §8 'Unable to upload' + file name, §9 progress 10 → 30 → 60 → 80 → 100).
 *
 *   upload
 *   ├── queued          waits for upload.start (the uploads parent runs a few at a time)
 *   ├── requestingUrl   invokes requestUploadUrl(target) → {container_url, uuid, sas_token}
 *   ├── uploading       invokes sendBytes (XMLHttpRequest), which reports upload.progress
 *   │   ├── step10 ──stepTo30 (1 s)──▶ step30 ──stepTo60 (2 s)──▶ step60 ──stepTo80 (3 s)──▶ step80
 *   ├── verifying       invokes verifyUpload: the server's record of the stored file
 *   ├── done            shows 100 (kept alive, not final, so its parent sees it)
 *   ├── failed          toast 'Unable to upload {name}' with Retry; upload.retry → requestingUrl
 *   └── cancelled       the request was aborted; upload.retry → requestingUrl
 *
 * The displayed percentage is min(step, real share of bytes sent) and 100 only in `done`, so the
 * steps never run ahead of the bytes and a fast upload is not held back by the timers' story.
 * upload.cancel from any running state stops the invoked actor, whose cleanup aborts the request.
 *
 * Toasts go through the relay registered as system id 'toast' (machines/toast/toast-relay.ts): the
 * uploads parent spawns it for its children; an upload run on its own with `toasts` spawns its own.
 * The context holds no actor reference.
 *
 * Spawned by uploads.machine.ts; rendered by src/ui/file-uploader/upload-row.tsx.
 */
import { assign, enqueueActions, fromCallback, fromPromise, setup, type ActorRefFrom } from 'xstate';
import { TOAST_SYSTEM_ID, toastRelay } from '@machines/toast/toast-relay.ts';
import type { ToastEvent } from '@machines/toast/toast.machine.ts';
import type { SendInput, SenderEvent, StoredUpload, ToastSink, UploadFailure, UploadGrant, UploadSource, UploadTarget, VerifyInput } from './upload.types.ts';
import { safeBlobName } from './blob-name.ts';

export interface UploadInput {
  id: string;
  file: UploadSource;
  target: UploadTarget;
  toasts?: ToastSink;
}

export interface UploadContext {
  id: string;
  file: UploadSource;
  target: UploadTarget;
  /** The name the blob is stored under (the file's name, cleaned for the blob endpoint). */
  blobName: string;
  grant: UploadGrant | null;
  /** Bytes the browser has sent, and of how many (XMLHttpRequest upload progress). */
  loaded: number;
  total: number;
  /** SPEC §9's step reached so far: 0 before uploading, then 10, 30, 60, 80. */
  step: number;
  upload: StoredUpload | null;
  failure: UploadFailure | null;
  /** Counts tries, so each failure's toast is a new one. */
  attempt: number;
}

export type UploadEvent = { type: 'upload.start' } | { type: 'upload.cancel' } | { type: 'upload.retry' } | SenderEvent;

/** SPEC §9: 30 after 1 s, 60 after 2 s more, 80 after 3 s more. */
export const PROGRESS_DELAYS = { stepTo30: 1000, stepTo60: 2000, stepTo80: 3000 } as const;

export const UPLOAD_FAILED_TITLE = 'Unable to upload ';
const RETRY_TOAST_PREFIX = 'upload-retry:';

/** The id of the toast shown for a failed try; its Retry action leads back to the upload. */
export function retryToastId(uploadId: string, attempt: number): string {
  return `${RETRY_TOAST_PREFIX}${uploadId}:${attempt}`;
}

/** The upload a toast's Retry belongs to, or null for other toasts. */
export function uploadIdOfRetryToast(toastId: string): string | null {
  if (!toastId.startsWith(RETRY_TOAST_PREFIX)) return null;
  const rest = toastId.slice(RETRY_TOAST_PREFIX.length);
  const colon = rest.lastIndexOf(':');
  return colon > 0 ? rest.slice(0, colon) : null;
}

/** Actors reject with an UploadFailure; anything else is read as a lost connection. */
export function asUploadFailure(error: unknown): UploadFailure {
  if (typeof error === 'object' && error !== null && typeof (error as UploadFailure).message === 'string') {
    const status = (error as { status?: unknown }).status;
    return { message: (error as UploadFailure).message, status: typeof status === 'number' ? status : null };
  }
  return { message: 'The connection to the server was lost.', status: null };
}

/** A stub that fails until src/services/upload-services.ts (or a test) provides the real actor. */
const stub = <TOutput, TInput>(name: string) =>
  fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} actor not provided`);
  });

export const uploadMachine = setup({
  types: {
    context: {} as UploadContext,
    events: {} as UploadEvent,
    input: {} as UploadInput,
  },
  actors: {
    requestUploadUrl: stub<UploadGrant, UploadTarget>('requestUploadUrl'),
    sendBytes: fromCallback<SenderEvent, SendInput>(({ sendBack }) => {
      sendBack({ type: 'upload.error', failure: { message: 'sendBytes actor not provided', status: null } });
    }),
    verifyUpload: stub<StoredUpload, VerifyInput>('verifyUpload'),
    toastRelay,
  },
  delays: PROGRESS_DELAYS,
  actions: {
    showStep: assign((_, params: { step: number }) => ({ step: params.step })),
    keepGrant: assign((_, params: { grant: UploadGrant }) => ({ grant: params.grant })),
    trackBytes: assign((_, params: { loaded: number; total: number }) => ({ loaded: params.loaded, total: params.total })),
    allBytesSent: assign(({ context }) => ({ loaded: context.total })),
    keepUpload: assign((_, params: { upload: StoredUpload }) => ({ upload: params.upload })),
    fail: assign((_, params: { failure: UploadFailure }) => ({ failure: params.failure })),
    startOver: assign(({ context }) => ({
      grant: null,
      loaded: 0,
      total: context.file.size,
      step: 0,
      failure: null,
      attempt: context.attempt + 1,
    })),
    notifyFailure: enqueueActions(({ context, enqueue, system }) => {
      const toasts = system.get(TOAST_SYSTEM_ID);
      if (!toasts) return;
      const toast: ToastEvent = {
        type: 'toast.show',
        toast: {
          id: retryToastId(context.id, context.attempt),
          tone: 'danger',
          title: UPLOAD_FAILED_TITLE + context.file.name,
          description: context.failure?.message,
          actionLabel: 'Retry',
        },
      };
      enqueue.sendTo(toasts, toast);
    }),
    /** A retry from the row makes the last failure's toast (and its Retry) obsolete. */
    dismissFailureToast: enqueueActions(({ context, enqueue, system }) => {
      const toasts = system.get(TOAST_SYSTEM_ID);
      const dismiss: ToastEvent = { type: 'toast.dismiss', id: retryToastId(context.id, context.attempt) };
      if (toasts) enqueue.sendTo(toasts, dismiss);
    }),
  },
}).createMachine({
  id: 'upload',
  context: ({ input, spawn }) => {
    // On its own (tests, or a caller without the uploads parent) it brings its own relay; under the
    // parent, the parent's serves every upload of its system.
    if (input.toasts) spawn('toastRelay', { systemId: TOAST_SYSTEM_ID, input: input.toasts });
    return {
      id: input.id,
      file: input.file,
      target: input.target,
      blobName: safeBlobName(input.file.name),
      grant: null,
      loaded: 0,
      total: input.file.size,
      step: 0,
      upload: null,
      failure: null,
      attempt: 1,
    };
  },
  initial: 'queued',
  states: {
    queued: {
      on: { 'upload.start': 'requestingUrl', 'upload.cancel': 'cancelled' },
    },
    requestingUrl: {
      invoke: {
        src: 'requestUploadUrl',
        input: ({ context }) => context.target,
        onDone: { target: 'uploading', actions: { type: 'keepGrant', params: ({ event }) => ({ grant: event.output }) } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ failure: asUploadFailure(event.error) }) } },
      },
      on: { 'upload.cancel': 'cancelled' },
    },
    uploading: {
      invoke: {
        src: 'sendBytes',
        input: ({ context }) => ({ grant: context.grant!, blobName: context.blobName, file: context.file }),
      },
      on: {
        'upload.progress': { actions: { type: 'trackBytes', params: ({ event }) => ({ loaded: event.loaded, total: event.total }) } },
        'upload.sent': { target: 'verifying', actions: 'allBytesSent' },
        'upload.error': { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ failure: event.failure }) } },
        'upload.cancel': 'cancelled',
      },
      initial: 'step10',
      states: {
        step10: { entry: { type: 'showStep', params: { step: 10 } }, after: { stepTo30: 'step30' } },
        step30: { entry: { type: 'showStep', params: { step: 30 } }, after: { stepTo60: 'step60' } },
        step60: { entry: { type: 'showStep', params: { step: 60 } }, after: { stepTo80: 'step80' } },
        step80: { entry: { type: 'showStep', params: { step: 80 } } },
      },
    },
    verifying: {
      invoke: {
        src: 'verifyUpload',
        input: ({ context }) => ({ target: context.target, uuid: context.grant!.uuid, blobName: context.blobName, size: context.file.size }),
        onDone: { target: 'done', actions: { type: 'keepUpload', params: ({ event }) => ({ upload: event.output }) } },
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ failure: asUploadFailure(event.error) }) } },
      },
      on: { 'upload.cancel': 'cancelled' },
    },
    // Not a final state: a finished child would stop reporting its snapshot to the uploads parent.
    done: {},
    failed: {
      entry: 'notifyFailure',
      on: { 'upload.retry': { target: 'requestingUrl', actions: ['dismissFailureToast', 'startOver'] } },
    },
    cancelled: {
      on: { 'upload.retry': { target: 'requestingUrl', actions: 'startOver' } },
    },
  },
});

export type UploadActorRef = ActorRefFrom<typeof uploadMachine>;
