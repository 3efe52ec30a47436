/**
 * What the viewer of one study needs before it can draw: the study's simulations with
 * their assets, and the reference data that labels and colours them (GET /api/job-type/, GET
 * /api/data-criteria-graph-definition). Loaded together; a failure is stored and can be retried
 * (SPEC §8: viewer data failures store the error). `simulations.reload` refreshes the assets after
 * a results import without dropping what is shown.
 *
 *   viewerSession
 *   ├── loading     loadSession
 *   ├── ready       simulations.reload → reloading
 *   ├── reloading   loadSimulations (the old list stays visible)
 *   └── failed      retry → loading
 */
import { assign, setup } from 'xstate';
import type { Simulation } from '@canopy/contract/viewer.ts';
import { asServerError, errorMessage, notProvided, type ServerError } from '@machines/shared/actors.ts';
import type { GraphDefinition, JobTypeRef } from './reference-data.ts';

export interface StudyScope {
  projectId: number;
  studyId: number;
}

export interface SessionData {
  simulations: Simulation[];
  jobTypes: JobTypeRef[];
  graphDefinitions: GraphDefinition[];
}

export interface ViewerSessionContext extends SessionData {
  scope: StudyScope;
  error: ServerError | null;
}

export type ViewerSessionEvent = { type: 'retry' } | { type: 'simulations.reload' };

export const viewerSessionMachine = setup({
  types: {
    context: {} as ViewerSessionContext,
    events: {} as ViewerSessionEvent,
    input: {} as StudyScope,
  },
  actors: {
    loadSession: notProvided<SessionData, StudyScope>('loadSession'),
    loadSimulations: notProvided<Simulation[], StudyScope>('loadSimulations'),
  },
}).createMachine({
  id: 'viewerSession',
  context: ({ input }) => ({ scope: input, simulations: [], jobTypes: [], graphDefinitions: [], error: null }),
  initial: 'loading',
  states: {
    loading: {
      invoke: {
        src: 'loadSession',
        input: ({ context }) => context.scope,
        onDone: { target: 'ready', actions: assign(({ event }) => ({ ...event.output, error: null })) },
        onError: { target: 'failed', actions: assign({ error: ({ event }) => asServerError(event.error) }) },
      },
    },
    ready: { on: { 'simulations.reload': 'reloading' } },
    reloading: {
      invoke: {
        src: 'loadSimulations',
        input: ({ context }) => context.scope,
        onDone: { target: 'ready', actions: assign({ simulations: ({ event }) => event.output }) },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => asServerError(event.error) }) },
      },
    },
    failed: { on: { retry: 'loading' } },
  },
});

export const sessionErrorMessage = (error: ServerError | null) => errorMessage(error, 'The results could not be loaded.');
