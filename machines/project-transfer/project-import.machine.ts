/**
 * "Import project" on the projects page: a zip exported from Canopy is sent with its upload
 * progress, then the server checks and writes it, and the new project is announced so the screen
 * can open it. Failures are the server's own words (a damaged file, a hash that does not match, no
 * subscription…).
 *
 *   projectImport
 *   ├── idle          import.pick → running
 *   ├── running       invokes sendArchive(file), which reports import.progress, then import.done
 *   │   │             (→ idle, emits `project.imported`) or import.failed (→ failed)
 *   │   ├── uploading   bytes are still going out; import.cancel → idle (stopping the actor
 *   │   │               aborts the request, so the server never sees a whole archive)
 *   │   └── importing   every byte is sent: the server is checking and writing the project, and
 *   │                   the page offers no cancel, since leaving would not stop the server
 *   └── failed        keeps the message; import.pick → running
 *
 * Owned by src/screens/projects/import-project.tsx; the actor is bound in
 * src/services/project-transfer-services.ts.
 */
import { assign, emit, fromCallback, setup } from 'xstate';
import type { ProjectImportResult } from '@canopy/contract/project-transfer.ts';
import { asServerError, errorMessage } from '@machines/shared/actors.ts';

/** What the send reports to the machine while it runs. */
export type ArchiveSendEvent =
  | { type: 'import.progress'; loaded: number; total: number }
  | { type: 'import.done'; project: ProjectImportResult }
  | { type: 'import.failed'; error: unknown };

export type ProjectImportEvent = { type: 'import.pick'; file: File } | { type: 'import.cancel' } | ArchiveSendEvent;

export type ProjectImportEmitted = { type: 'project.imported'; project: ProjectImportResult };

export interface ProjectImportContext {
  /** The archive the person picked (its name is shown while it goes). */
  file: File | null;
  /** Bytes sent so far, and of how many. */
  loaded: number;
  total: number;
  message: string | null;
}

/** The share of the archive sent, 0–100, whole percent. */
export function sentPercent(context: Pick<ProjectImportContext, 'loaded' | 'total'>): number {
  if (context.total <= 0) return 0;
  return Math.min(100, Math.round((context.loaded / context.total) * 100));
}

export const projectImportMachine = setup({
  types: {
    context: {} as ProjectImportContext,
    events: {} as ProjectImportEvent,
    emitted: {} as ProjectImportEmitted,
  },
  actors: {
    sendArchive: fromCallback<ProjectImportEvent, { file: File }, ArchiveSendEvent>(({ sendBack }) => {
      sendBack({ type: 'import.failed', error: new Error('sendArchive actor not provided') });
    }),
  },
  actions: {
    start: assign((_, file: File) => ({ file, loaded: 0, total: file.size, message: null })),
    count: assign((_, progress: { loaded: number; total: number }) => ({ loaded: progress.loaded, total: progress.total })),
    fail: assign((_, params: { error: unknown }) => ({ message: errorMessage(asServerError(params.error), 'The project could not be imported.') })),
    forget: assign({ file: null, loaded: 0, total: 0, message: null }),
    announce: emit((_, project: ProjectImportResult) => ({ type: 'project.imported' as const, project })),
  },
  guards: {
    allSent: ({ context }) => context.total > 0 && context.loaded >= context.total,
  },
}).createMachine({
  id: 'projectImport',
  context: { file: null, loaded: 0, total: 0, message: null },
  initial: 'idle',
  states: {
    idle: {
      on: { 'import.pick': { target: 'running', actions: { type: 'start', params: ({ event }) => event.file } } },
    },
    running: {
      // A cancelled send says nothing more: a stopped callback actor's reports are dropped.
      invoke: { src: 'sendArchive', input: ({ context }) => ({ file: context.file as File }) },
      on: {
        'import.progress': { actions: { type: 'count', params: ({ event }) => event } },
        'import.done': { target: 'idle', actions: [{ type: 'announce', params: ({ event }) => event.project }, 'forget'] },
        'import.failed': { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
      initial: 'uploading',
      states: {
        uploading: {
          always: { target: 'importing', guard: 'allSent' },
          on: { 'import.cancel': { target: '#projectImport.idle', actions: 'forget' } },
        },
        importing: {},
      },
    },
    failed: {
      on: { 'import.pick': { target: 'running', actions: { type: 'start', params: ({ event }) => event.file } } },
    },
  },
});
