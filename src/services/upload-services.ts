/**
 * Binds the upload machines' actor stubs to the real services: the upload URL and the server's
 * record through the ofetch API client, the bytes through XMLHttpRequest (blob-sender.ts). Tests
 * bind fakes the same way: `bindUploadLogic(fakeServices)`. Every actor rejects with an
 * UploadFailure ({message, status}) in words a user can read.
 */
import { fromCallback, fromPromise } from 'xstate';
import { uploadMachine } from '@machines/upload/upload.machine.ts';
import { uploadsMachine } from '@machines/upload/uploads.machine.ts';
import { uploadListMachine } from '@machines/upload/upload-list.machine.ts';
import type { SendInput, SenderEvent, StoredUpload, UploadFailure, UploadGrant, UploadTarget, VerifyInput } from '@machines/upload/upload.types.ts';
import { api } from '../api/client.ts';
import { ApiError, detailOf } from '../api/errors.ts';
import { listAllUploads, requestUploadUrl } from '../api/uploads.ts';
import { sendWithXhr, type BlobSender } from './blob-sender.ts';

export interface UploadServices {
  requestUploadUrl(target: UploadTarget): Promise<UploadGrant>;
  /** The server's record of the file just sent (the machine's `verifying`). */
  findUpload(input: VerifyInput): Promise<StoredUpload | null>;
  listUploads(projectId: number): Promise<StoredUpload[]>;
  send: BlobSender;
}

export const liveUploadServices: UploadServices = {
  requestUploadUrl: (target) => requestUploadUrl(api, target.projectId, target.kind),
  findUpload: async ({ target, uuid, blobName, size }) => {
    const found = await listAllUploads(api, target.projectId, { uuid });
    return found.find((u) => u.filename === blobName && u.size === size) ?? null;
  },
  listUploads: (projectId) => listAllUploads(api, projectId),
  send: sendWithXhr,
};

/** An API client failure as the machine keeps it. */
export function toUploadFailure(error: unknown): UploadFailure {
  if (error instanceof ApiError) {
    const detail = detailOf(error.data);
    if (error.kind === 'timeout') return { message: 'The server took too long to answer. Please try again.', status: error.status };
    if (error.kind === 'network') return { message: 'The server could not be reached.', status: null };
    return { message: detail ?? `The server answered ${error.status ?? 'with an error'}.`, status: error.status };
  }
  return { message: error instanceof Error ? error.message : 'The connection to the server was lost.', status: null };
}

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw toUploadFailure(error);
  }
}

export function bindUploadLogic(services: UploadServices) {
  const upload = uploadMachine.provide({
    actors: {
      requestUploadUrl: fromPromise<UploadGrant, UploadTarget>(({ input }) => call(() => services.requestUploadUrl(input))),
      sendBytes: fromCallback<SenderEvent, SendInput>(({ input, sendBack }) => services.send(input, sendBack)),
      verifyUpload: fromPromise<StoredUpload, VerifyInput>(async ({ input }) => {
        const found = await call(() => services.findUpload(input));
        if (!found) throw { message: `The server has no record of ${input.blobName}.`, status: null } satisfies UploadFailure;
        return found;
      }),
    },
  });
  const uploads = uploadsMachine.provide({ actors: { upload } });
  const uploadList = uploadListMachine.provide({
    actors: {
      loadUploads: fromPromise<StoredUpload[], { projectId: number }>(({ input }) => call(() => services.listUploads(input.projectId))),
    },
  });
  return { uploads, uploadList };
}

export type UploadLogic = ReturnType<typeof bindUploadLogic>;

export const liveUploadLogic: UploadLogic = bindUploadLogic(liveUploadServices);
