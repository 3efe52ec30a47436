/**
 * One action on an existing scenario (SPEC §2 delete scenario modal, §4 duplicate, hide, delete):
 * the user confirms (or fills in the duplicate's new name and subscription type), the call runs,
 * and the modal either closes with the result or shows the server's refusal and keeps the input.
 *
 *   scenarioAction
 *   ├── editing     `action.submit` (duplicate: checked first — the name must not be blank)
 *   │               [draftValid]; `cancel` → cancelled
 *   ├── working     the call (DELETE configuration/, POST duplicate-scenario/, PATCH hide-scenario/);
 *   │               a refusal goes back to editing with the server's words (new_name at its field)
 *   ├── done        (final) emits `scenario.changed`; deleting clears cached projects (SPEC §4)
 *   └── cancelled   (final)
 *
 * Owned by src/screens/scenario-wizard/scenario-action-modal.tsx.
 */
import { assertEvent, assign, emit, setup } from 'xstate';
import { asServerError, errorMessage, notProvided, type ServerError } from '@machines/shared/actors.ts';
import type { Engine } from './scenario-wizard.types.ts';

export type ScenarioActionKind = 'delete' | 'duplicate' | 'hide' | 'unhide';

export interface ScenarioActionInput {
  kind: ScenarioActionKind;
  projectId: number;
  configurationId: number;
  /** The scenario's name (the duplicate's default name is 'Copy of …'). */
  name: string;
  engine: Engine;
}

export interface DuplicateDraft {
  new_name: string;
  subscription_type: Engine;
}

export interface ActionRequest extends ScenarioActionInput {
  duplicate: DuplicateDraft | null;
}

export const NEW_NAME_REQUIRED = 'Give the copy a name of 1 to 200 characters.';

export const scenarioActionMachine = setup({
  types: {
    context: {} as ScenarioActionInput & { draft: DuplicateDraft; fieldError: string | null; error: ServerError | null; resultId: number | null },
    events: {} as { type: 'draft.change'; draft: Partial<DuplicateDraft> } | { type: 'action.submit' } | { type: 'cancel' },
    input: {} as ScenarioActionInput,
    emitted: {} as { type: 'scenario.changed'; kind: ScenarioActionKind; configurationId: number },
  },
  actors: {
    /** Runs the call; resolves with the id of the scenario it leaves (the copy for a duplicate). */
    runAction: notProvided<number, ActionRequest>('runAction'),
  },
  guards: {
    draftValid: ({ context }) => context.kind !== 'duplicate' || (context.draft.new_name.trim().length > 0 && context.draft.new_name.trim().length <= 200),
  },
  actions: {
    changeDraft: assign(({ context, event }) => {
      assertEvent(event, 'draft.change');
      return { draft: { ...context.draft, ...event.draft }, fieldError: null };
    }),
    clearError: assign({ error: null }),
    flagNewName: assign({ fieldError: NEW_NAME_REQUIRED }),
    keepResult: assign((_, resultId: number) => ({ resultId })),
    emitChanged: emit(({ context }) => ({ type: 'scenario.changed' as const, kind: context.kind, configurationId: context.configurationId })),
    /** The server's refusal, its new_name words at the field. */
    keepRefusal: assign((_, { error }: { error: unknown }) => {
      const refusal = asServerError(error);
      return { error: refusal, fieldError: refusal.fields.new_name?.join(' ') ?? null };
    }),
  },
}).createMachine({
  id: 'scenarioAction',
  context: ({ input }) => ({
    ...input,
    draft: { new_name: `Copy of ${input.name}`, subscription_type: input.engine },
    fieldError: null,
    error: null,
    resultId: null,
  }),
  initial: 'editing',
  states: {
    editing: {
      on: {
        'draft.change': { actions: 'changeDraft' },
        'action.submit': [{ guard: 'draftValid', target: 'working', actions: 'clearError' }, { actions: 'flagNewName' }],
        cancel: 'cancelled',
      },
    },
    working: {
      invoke: {
        id: 'runAction',
        src: 'runAction',
        input: ({ context }) => ({
          kind: context.kind,
          projectId: context.projectId,
          configurationId: context.configurationId,
          name: context.name,
          engine: context.engine,
          duplicate: context.kind === 'duplicate' ? { ...context.draft, new_name: context.draft.new_name.trim() } : null,
        }),
        onDone: { target: 'done', actions: [{ type: 'keepResult', params: ({ event }) => event.output }, 'emitChanged'] },
        onError: { target: 'editing', actions: { type: 'keepRefusal', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export const selectActionError = (s: { context: { error: ServerError | null } }) => errorMessage(s.context.error);
