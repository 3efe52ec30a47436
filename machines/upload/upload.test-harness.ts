/**
 * Fake actors for the upload machines: URL requests and verifications the test resolves or
 * rejects, and a byte sender the test drives (progress, sent, error) and whose abort it can see.
 */
import { fromCallback, fromPromise } from 'xstate';
import { uploadMachine } from './upload.machine.ts';
import { uploadsMachine } from './uploads.machine.ts';
import type { SendInput, SenderEvent, StoredUpload, UploadFailure, UploadGrant, UploadSource, UploadTarget, VerifyInput } from './upload.types.ts';
import type { ToastEvent } from '../toast/toast.machine.ts';

interface Deferred<T> {
  promise: Promise<T>;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function deferred<T>(): Deferred<T> {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

export interface Sender {
  input: SendInput;
  progress(loaded: number, total?: number): void;
  sent(): void;
  error(failure: UploadFailure): void;
  aborted: boolean;
}

export const TARGET: UploadTarget = { projectId: 7, kind: 'project-asset' };

export function file(name: string, size: number, type = 'application/octet-stream'): UploadSource {
  return { name, size, type };
}

export function grantFor(n: number): UploadGrant {
  return { container_url: 'http://localhost/blobs/project-assets', uuid: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`, sas_token: 'sv=x&sig=y' };
}

export function storedUpload(input: VerifyInput, id = 1): StoredUpload {
  return {
    id,
    uuid: input.uuid,
    filename: input.blobName,
    size: input.size,
    content_type: 'model/stl',
    format: 'stl-binary',
    uploaded_at: '2026-01-01T00:00:00Z',
    download_url: `/api/project/${input.target.projectId}/uploads/${id}/download/`,
  };
}

/** Fakes whose every call the test answers; `auto` answers URL and verification requests at once. */
export function fakeUploadActors({ auto = false } = {}) {
  const urlRequests: Array<Deferred<UploadGrant> & { target: UploadTarget }> = [];
  const verifications: Array<Deferred<StoredUpload> & { input: VerifyInput }> = [];
  const senders: Sender[] = [];
  const toasts: ToastEvent[] = [];
  let grants = 0;

  const logic = uploadMachine.provide({
    actors: {
      requestUploadUrl: fromPromise<UploadGrant, UploadTarget>(({ input }) => {
        const d = deferred<UploadGrant>();
        urlRequests.push({ ...d, target: input });
        if (auto) d.resolve(grantFor(++grants));
        return d.promise;
      }),
      sendBytes: fromCallback<SenderEvent, SendInput>(({ input, sendBack }) => {
        const sender: Sender = {
          input,
          aborted: false,
          progress: (loaded, total = input.file.size) => sendBack({ type: 'upload.progress', loaded, total }),
          sent: () => sendBack({ type: 'upload.sent' }),
          error: (failure) => sendBack({ type: 'upload.error', failure }),
        };
        senders.push(sender);
        return () => {
          sender.aborted = true;
        };
      }),
      verifyUpload: fromPromise<StoredUpload, VerifyInput>(({ input }) => {
        const d = deferred<StoredUpload>();
        verifications.push({ ...d, input });
        if (auto) d.resolve(storedUpload(input, verifications.length));
        return d.promise;
      }),
    },
  });
  const parent = uploadsMachine.provide({ actors: { upload: logic } });
  return { logic, parent, urlRequests, verifications, senders, toasts, toastSink: { send: (e: ToastEvent) => void toasts.push(e) } };
}
