/**
 * "Export project" in the project settings: the project's records and files as one zip, saved to
 * the person's downloads, to import on another installation.
 *
 *   projectExport
 *   ├── idle        export.start → exporting
 *   ├── exporting   invokes exportProject(project)
 *   ├── exported    the zip is in the downloads; export.start → exporting
 *   └── failed      keeps the message in plain words; export.start → exporting
 *
 * Owned by src/screens/project-settings/export-project.tsx; the actor is bound in
 * src/services/project-transfer-services.ts.
 */
import { assign, fromPromise, setup } from 'xstate';
import { asServerError, errorMessage } from '@machines/shared/actors.ts';

export interface ExportedProject {
  id: number;
  name: string;
}

export interface ProjectExportContext {
  /** The project as the page showed it when the export started (its name names the zip). */
  project: ExportedProject | null;
  message: string | null;
}

export type ProjectExportEvent = { type: 'export.start'; project: ExportedProject };

export const projectExportMachine = setup({
  types: {
    context: {} as ProjectExportContext,
    events: {} as ProjectExportEvent,
  },
  actors: {
    exportProject: fromPromise<void, ExportedProject>(async () => {
      throw new Error('exportProject actor not provided');
    }),
  },
  actions: {
    start: assign((_, project: ExportedProject) => ({ project, message: null })),
    fail: assign((_, params: { error: unknown }) => ({ message: errorMessage(asServerError(params.error), 'The project could not be exported.') })),
  },
}).createMachine({
  id: 'projectExport',
  context: { project: null, message: null },
  initial: 'idle',
  on: { 'export.start': { target: '.exporting', actions: { type: 'start', params: ({ event }) => event.project } } },
  states: {
    idle: {},
    exporting: {
      // A second start while one runs would save the zip twice.
      on: { 'export.start': {} },
      invoke: {
        src: 'exportProject',
        input: ({ context }) => context.project as ExportedProject,
        onDone: 'exported',
        onError: { target: 'failed', actions: { type: 'fail', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    exported: {},
    failed: {},
  },
});
