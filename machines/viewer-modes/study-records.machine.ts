/**
 * A study's records as the images mode, the reports mode and a report container show them: loaded
 * at once, then changed one change at a time, each change followed by a reload (the server answers
 * the lists as they now are); a failure keeps its message and leaves the records as they were. The
 * form fields the changes read live here too, so a change that succeeds empties the fields it names
 * (a caption, a name) and the first load may fill empty ones (a template's name for a new report).
 *
 *   studyRecords
 *   ├── loading    load (tags busy, loading)       → ready; a failure → ready with the message
 *   ├── ready      change → changing; reload → loading; field.set
 *   └── changing   apply (tag busy)                 → loading; a failure → ready with the message
 *
 * The data and the changes are each screen's own (`load` and `apply` are bound in
 * src/services/insights-services.ts); the machine only orders them.
 */
import { assign, setup } from 'xstate';
import { asServerError, errorMessage, notProvided } from '@machines/shared/actors.ts';

/** What `load` answers: the records, and the values that fill still-empty fields on the first load. */
export interface Loaded {
  data: unknown;
  fields?: Record<string, string>;
}

/** What `apply` answers: fields to set once the change succeeded (a created report to select). */
export interface Applied {
  fields?: Record<string, string>;
}

export type StudyRecordsEvent =
  | { type: 'reload' }
  | { type: 'field.set'; name: string; value: string }
  /** `clear`: the fields emptied once the change succeeded. */
  | { type: 'change'; change: unknown; clear?: readonly string[] };

export interface StudyRecordsContext {
  data: unknown;
  loaded: boolean;
  error: string | null;
  fields: Record<string, string>;
  pending: { change: unknown; clear: readonly string[] } | null;
}

const failure = (error: unknown) => errorMessage(asServerError(error)) ?? 'Something went wrong. Please try again.';

export const studyRecordsMachine = setup({
  types: {
    context: {} as StudyRecordsContext,
    events: {} as StudyRecordsEvent,
    input: {} as { fields?: Record<string, string> } | undefined,
    tags: {} as 'busy' | 'loading',
  },
  actors: {
    load: notProvided<Loaded, void>('load'),
    apply: notProvided<Applied | void, unknown>('apply'),
  },
}).createMachine({
  id: 'studyRecords',
  context: ({ input }) => ({ data: null, loaded: false, error: null, fields: { ...input?.fields }, pending: null }),
  initial: 'loading',
  on: { 'field.set': { actions: assign({ fields: ({ context, event }) => ({ ...context.fields, [event.name]: event.value }) }) } },
  states: {
    loading: {
      tags: ['busy', 'loading'],
      invoke: {
        src: 'load',
        onDone: {
          target: 'ready',
          actions: assign(({ context, event }) => {
            // The first load fills only the fields the user has not typed in.
            const filled = context.loaded ? {} : Object.fromEntries(Object.entries(event.output.fields ?? {}).filter(([name]) => !context.fields[name]));
            return { data: event.output.data, loaded: true, error: null, fields: { ...context.fields, ...filled } };
          }),
        },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => failure(event.error) }) },
      },
    },
    ready: {
      on: {
        reload: 'loading',
        change: { target: 'changing', actions: assign(({ event }) => ({ pending: { change: event.change, clear: event.clear ?? [] }, error: null })) },
      },
    },
    changing: {
      tags: ['busy'],
      invoke: {
        src: 'apply',
        input: ({ context }: { context: StudyRecordsContext }) => context.pending?.change,
        onDone: {
          target: 'loading',
          actions: assign(({ context, event }) => ({
            fields: { ...context.fields, ...Object.fromEntries((context.pending?.clear ?? []).map((name) => [name, ''])), ...event.output?.fields },
            pending: null,
          })),
        },
        onError: { target: 'ready', actions: assign({ error: ({ event }) => failure(event.error), pending: null }) },
      },
    },
  },
});
