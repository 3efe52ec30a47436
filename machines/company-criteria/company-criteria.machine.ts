/**
 * A company's own wind comfort criterion tables, in the Comfort criteria tab of Company
 * Administration: the built-in criteria (read only) beside the company's tables, which an Org Admin
 * adds, edits and deletes (after a confirmation). A table the server refuses keeps the editor open
 * with the server's field errors (e.g. "classes.1.thresholdMs") for the form to show at the field.
 * Success and failure lines come from the shared feedback region (machines/shared/collection.ts).
 *
 *   companyCriteria (parallel)
 *   ├── list
 *   │   ├── loading            GET /api/criteria/ (built-in) and /api/company/criteria/
 *   │   ├── ready
 *   │   └── failed             `criteria.retry`
 *   ├── editor
 *   │   ├── closed             `table.new` (optionally from a built-in criterion), `table.edit`, `table.delete`
 *   │   ├── open               `table.save` → saving; `table.close` → closed
 *   │   ├── saving             POST /api/company/criteria/ or PUT …/{pk}/ → closed; refused → open (errors kept)
 *   │   ├── confirmingDelete   `deletion.confirm` or `cancel`
 *   │   └── deleting           DELETE /api/company/criteria/{pk}/
 *   └── feedback
 *       ├── quiet
 *       ├── succeeded          → quiet after `successFlag`
 *       └── failed             → quiet after `errorFlag`
 *
 * Rendered by src/screens/company-admin/criteria-panel.tsx; actors bound in
 * src/services/company-criteria-services.ts.
 */
import { assertEvent, assign, setup } from 'xstate';
import { asServerError, notProvided, type ServerError } from '@machines/shared/actors.ts';
import { COLLECTION_DELAYS, collectionActions, FEEDBACK_REGION, withReason, type CollectionContext, type FeedbackEvent } from '@machines/shared/collection.ts';
import type { CompanyCriterion, CompanyCriterionInput, CriteriaLists, Criterion, Editing } from './company-criteria.types.ts';

export interface CompanyCriteriaContext extends CollectionContext {
  builtIn: Criterion[];
  tables: CompanyCriterion[];
  listError: ServerError | null;
  editing: Editing | null;
  /** The server's refusal of the last save, shown in the open form. */
  saveError: ServerError | null;
  /** The table waiting for delete confirmation or being deleted. */
  deletion: number | null;
}

export type CompanyCriteriaEvent =
  | { type: 'criteria.retry' }
  | { type: 'table.new'; from?: Criterion }
  | { type: 'table.edit'; pk: number }
  | { type: 'table.close' }
  | { type: 'table.save'; table: CompanyCriterionInput }
  | { type: 'table.delete'; pk: number }
  | { type: 'deletion.confirm' }
  | { type: 'cancel' }
  | FeedbackEvent;

type SaveInput = { pk: number | null; table: CompanyCriterionInput };

const tableName = (context: CompanyCriteriaContext, pk: number | null) => context.tables.find((t) => t.pk === pk)?.name ?? 'the table';

/** Name order, as the server lists them. */
const byName = (a: CompanyCriterion, b: CompanyCriterion) => a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.pk - b.pk;

export const companyCriteriaMachine = setup({
  types: {
    context: {} as CompanyCriteriaContext,
    events: {} as CompanyCriteriaEvent,
  },
  actors: {
    loadCriteria: notProvided<CriteriaLists, void>('loadCriteria'),
    saveTable: notProvided<CompanyCriterion, SaveInput>('saveTable'),
    deleteTable: notProvided<void, { pk: number }>('deleteTable'),
  },
  actions: {
    ...collectionActions<CompanyCriteriaContext, CompanyCriteriaEvent>(),
    storeLists: assign((_, lists: CriteriaLists) => ({ builtIn: lists.builtIn, tables: [...lists.tables].sort(byName), listError: null })),
    storeListError: assign((_, params: { error: unknown }) => ({ listError: asServerError(params.error) })),
    openNew: assign(({ event }) => {
      assertEvent(event, 'table.new');
      return { editing: { mode: 'new', from: event.from ?? null } satisfies Editing, saveError: null };
    }),
    openEdit: assign(({ event }) => {
      assertEvent(event, 'table.edit');
      return { editing: { mode: 'edit', pk: event.pk } satisfies Editing, saveError: null };
    }),
    close: assign({ editing: null, saveError: null }),
    storeTable: assign(({ context }, table: CompanyCriterion) => ({
      tables: [...context.tables.filter((t) => t.pk !== table.pk), table].sort(byName),
      editing: null,
      saveError: null,
    })),
    storeSaveError: assign((_, params: { error: unknown }) => ({ saveError: asServerError(params.error) })),
    holdDeletion: assign(({ event }) => {
      assertEvent(event, 'table.delete');
      return { deletion: event.pk };
    }),
    dropDeleted: assign(({ context }) => ({
      tables: context.tables.filter((t) => t.pk !== context.deletion),
      // The deleted table's editor has nothing left to edit.
      editing: context.editing?.mode === 'edit' && context.editing.pk === context.deletion ? null : context.editing,
      deletion: null,
    })),
    forgetDeletion: assign({ deletion: null }),
  },
  guards: {
    tableExists: ({ context, event }) => event.type === 'table.edit' && context.tables.some((t) => t.pk === event.pk),
  },
  delays: COLLECTION_DELAYS,
}).createMachine({
  id: 'companyCriteria',
  type: 'parallel',
  context: { builtIn: [], tables: [], listError: null, editing: null, saveError: null, deletion: null, feedback: null },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadCriteria',
            onDone: { target: 'ready', actions: { type: 'storeLists', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'storeListError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: {},
        failed: { on: { 'criteria.retry': 'loading' } },
      },
    },
    editor: {
      initial: 'closed',
      states: {
        closed: {
          on: {
            'table.new': { target: 'open', actions: 'openNew' },
            'table.edit': { guard: 'tableExists', target: 'open', actions: 'openEdit' },
            'table.delete': { target: 'confirmingDelete', actions: 'holdDeletion' },
          },
        },
        open: {
          on: {
            'table.save': 'saving',
            'table.close': { target: 'closed', actions: 'close' },
            'table.new': { target: 'open', actions: 'openNew' },
            'table.edit': { guard: 'tableExists', target: 'open', actions: 'openEdit' },
          },
        },
        saving: {
          invoke: {
            src: 'saveTable',
            input: ({ context, event }) => {
              assertEvent(event, 'table.save');
              return { pk: context.editing?.mode === 'edit' ? context.editing.pk : null, table: event.table };
            },
            onDone: {
              target: 'closed',
              actions: [
                {
                  type: 'succeed',
                  params: ({ context, event }) => ({
                    message: `Criterion table "${event.output.name}" ${context.editing?.mode === 'edit' ? 'saved' : 'added'}.`,
                  }),
                },
                { type: 'storeTable', params: ({ event }) => event.output },
              ],
            },
            onError: {
              target: 'open',
              actions: [
                { type: 'storeSaveError', params: ({ event }) => ({ error: event.error }) },
                { type: 'fail', params: ({ event }) => ({ message: withReason('The criterion table could not be saved.', event.error), error: event.error }) },
              ],
            },
          },
        },
        confirmingDelete: {
          on: { 'deletion.confirm': 'deleting', cancel: { target: 'closed', actions: 'forgetDeletion' } },
        },
        deleting: {
          invoke: {
            src: 'deleteTable',
            input: ({ context }) => ({ pk: context.deletion! }),
            onDone: {
              target: 'closed',
              actions: [
                { type: 'succeed', params: ({ context }) => ({ message: `Criterion table "${tableName(context, context.deletion)}" deleted.` }) },
                'dropDeleted',
              ],
            },
            onError: {
              target: 'closed',
              actions: [
                {
                  type: 'fail',
                  params: ({ context, event }) => ({
                    message: withReason(`Could not delete "${tableName(context, context.deletion)}".`, event.error),
                    error: event.error,
                    subjectId: context.deletion,
                  }),
                },
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
