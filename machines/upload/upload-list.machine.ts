/**
 * The project's stored files, as the project files panel lists them (GET /api/project/{id}/uploads/,
 * every page). Reloads when an upload finishes (the panel hears the uploads parent's upload.done).
 *
 *   uploadList
 *   ├── loading   invokes loadUploads(projectId)
 *   ├── loaded    list.reload → loading (the old list stays on screen meanwhile)
 *   └── failed    keeps the message; list.reload → loading
 *
 * Owned by src/screens/project-files/project-files-panel.tsx.
 */
import { assign, fromPromise, setup } from 'xstate';
import type { StoredUpload } from './upload.types.ts';
import { asUploadFailure } from './upload.machine.ts';

export interface UploadListContext {
  projectId: number;
  uploads: StoredUpload[];
  error: string | null;
}

export type UploadListEvent = { type: 'list.reload' };

export const uploadListMachine = setup({
  types: {
    context: {} as UploadListContext,
    events: {} as UploadListEvent,
    input: {} as { projectId: number },
  },
  actors: {
    loadUploads: fromPromise<StoredUpload[], { projectId: number }>(async () => {
      throw new Error('loadUploads actor not provided');
    }),
  },
  actions: {
    keep: assign((_, params: { uploads: StoredUpload[] }) => ({ uploads: params.uploads, error: null })),
    reject: assign((_, params: { error: unknown }) => ({ error: asUploadFailure(params.error).message })),
  },
}).createMachine({
  id: 'uploadList',
  context: ({ input }) => ({ projectId: input.projectId, uploads: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadUploads',
        input: ({ context }) => ({ projectId: context.projectId }),
        onDone: { target: 'loaded', actions: { type: 'keep', params: ({ event }) => ({ uploads: event.output }) } },
        onError: { target: 'failed', actions: { type: 'reject', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loaded: { on: { 'list.reload': 'loading' } },
    failed: { on: { 'list.reload': 'loading' } },
  },
});
