/**
 * A project's parameter sets (name, analysis type, and values as a JSON document validated
 * per analysis type). The form's values text must be a JSON object before anything is sent; the
 * server checks the document against the analysis type and answers field errors keyed
 * `values.<field>`, which stay on the form until the next save.
 *
 *   parameterSets (parallel)
 *   ├── editor
 *   │   ├── idle
 *   │   ├── editing            the form is open (a new set, or one being changed)
 *   │   ├── saving             save-parameter-set/ (new) or update-parameter-set/
 *   │   ├── confirmingDelete   `deletion.confirm` or `cancel`
 *   │   └── deleting           delete-parameter-set/
 *   └── feedback
 *       ├── quiet
 *       ├── succeeded          → quiet after `successFlag` (3 s)
 *       └── failed             → quiet after `errorFlag` (5 s); the shared feedback region
 *                                (machines/shared/collection.ts)
 *
 * Emits `sets.changed` after every change so the project keeps its copy. Owned by
 * src/screens/project-settings/parameter-sets-tab.tsx.
 */
import { assertEvent, assign, emit, setup } from 'xstate';
import type { AnalysisType, ParameterSet } from '@canopy/contract/parameter-sets.ts';
import { asServerError, errorMessage, notProvided, type ServerError } from '@machines/shared/actors.ts';
import { COLLECTION_DELAYS, collectionActions, FEEDBACK_REGION, type CollectionContext, type FeedbackEvent } from '@machines/shared/collection.ts';

export type { AnalysisType, ParameterSet };

export interface ParameterSetDraft {
  name: string;
  analysis_type: AnalysisType;
  values: Record<string, unknown>;
}

export interface ParameterSetsContext extends CollectionContext {
  projectId: number;
  sets: ParameterSet[];
  /** The set the form changes; null for a new one. */
  editingId: number | null;
  formError: ServerError | null;
  deletion: number | null;
}

export type ParameterSetsEvent =
  | { type: 'set.new' }
  | { type: 'set.edit'; id: number }
  | { type: 'set.save'; name: string; analysisType: AnalysisType; valuesText: string }
  | { type: 'set.delete'; id: number }
  | { type: 'deletion.confirm' }
  | { type: 'cancel' }
  | FeedbackEvent;

export type ParameterSetsEmitted = { type: 'sets.changed'; sets: ParameterSet[] };

export const VALUES_NOT_AN_OBJECT = 'Enter the values as a JSON object, e.g. {"seasons": ["annual"]}.';

/** The values text as a JSON object, or null. */
export function parseValues(text: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

function draftOf(event: Extract<ParameterSetsEvent, { type: 'set.save' }>): ParameterSetDraft {
  return { name: event.name, analysis_type: event.analysisType, values: parseValues(event.valuesText) ?? {} };
}

export const parameterSetsMachine = setup({
  types: {
    context: {} as ParameterSetsContext,
    events: {} as ParameterSetsEvent,
    input: {} as { projectId: number; sets: ParameterSet[] },
    emitted: {} as ParameterSetsEmitted,
  },
  actors: {
    /** save-parameter-set/ when `id` is null, else update-parameter-set/. */
    saveSet: notProvided<ParameterSet, { projectId: number; id: number | null; draft: ParameterSetDraft }>('saveSet'),
    deleteSet: notProvided<void, { projectId: number; id: number }>('deleteSet'),
  },
  actions: {
    ...collectionActions<ParameterSetsContext, ParameterSetsEvent>(),
    openNew: assign({ editingId: null, formError: null }),
    openExisting: assign(({ event }) => {
      assertEvent(event, 'set.edit');
      return { editingId: event.id, formError: null };
    }),
    rejectValues: assign({
      formError: { kind: 'http', status: null, detail: null, fields: { values: [VALUES_NOT_AN_OBJECT] }, body: null } satisfies ServerError,
    }),
    clearFormError: assign({ formError: null }),
    storeFormError: assign((_, params: { error: unknown }) => ({ formError: asServerError(params.error) })),
    storeSet: assign(({ context }, set: ParameterSet) => ({
      sets: context.sets.some((s) => s.id === set.id) ? context.sets.map((s) => (s.id === set.id ? set : s)) : [...context.sets, set],
    })),
    holdDeletion: assign(({ event }) => {
      assertEvent(event, 'set.delete');
      return { deletion: event.id };
    }),
    dropDeleted: assign(({ context }) => ({ sets: context.sets.filter((s) => s.id !== context.deletion), deletion: null })),
    forgetDeletion: assign({ deletion: null }),
    announceChange: emit(({ context }) => ({ type: 'sets.changed' as const, sets: context.sets })),
  },
  guards: {
    valuesAreObject: ({ event }) => event.type === 'set.save' && parseValues(event.valuesText) !== null,
  },
  delays: COLLECTION_DELAYS,
}).createMachine({
  id: 'parameterSets',
  type: 'parallel',
  context: ({ input }) => ({ projectId: input.projectId, sets: input.sets, editingId: null, formError: null, deletion: null, feedback: null }),
  states: {
    editor: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'set.new': { target: 'editing', actions: 'openNew' },
            'set.edit': { target: 'editing', actions: 'openExisting' },
            'set.delete': { target: 'confirmingDelete', actions: 'holdDeletion' },
          },
        },
        editing: {
          on: {
            'set.save': [{ guard: 'valuesAreObject', target: 'saving', actions: 'clearFormError' }, { actions: 'rejectValues' }],
            cancel: 'idle',
          },
        },
        saving: {
          invoke: {
            src: 'saveSet',
            input: ({ context, event }) => {
              assertEvent(event, 'set.save');
              return { projectId: context.projectId, id: context.editingId, draft: draftOf(event) };
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'storeSet', params: ({ event }) => event.output },
                'announceChange',
                { type: 'succeed', params: ({ event }) => ({ message: `Parameter set "${event.output.name}" saved.` }) },
              ],
            },
            onError: {
              target: 'editing',
              actions: [
                { type: 'storeFormError', params: ({ event }) => ({ error: event.error }) },
                { type: 'fail', params: () => ({ message: 'The parameter set could not be saved. See the form for details.' }) },
              ],
            },
          },
        },
        confirmingDelete: {
          on: { 'deletion.confirm': 'deleting', cancel: { target: 'idle', actions: 'forgetDeletion' } },
        },
        deleting: {
          invoke: {
            src: 'deleteSet',
            input: ({ context }) => ({ projectId: context.projectId, id: context.deletion! }),
            onDone: { target: 'idle', actions: ['dropDeleted', 'announceChange', { type: 'succeed', params: () => ({ message: 'Parameter set deleted.' }) }] },
            onError: {
              target: 'idle',
              actions: [
                { type: 'fail', params: ({ event }) => ({ message: `The parameter set could not be deleted: ${errorMessage(asServerError(event.error))}` }) },
                'forgetDeletion',
              ],
            },
          },
        },
      },
    },
    feedback: FEEDBACK_REGION,
  },
});
