/**
 * One action on an existing scenario (SPEC §2 delete scenario modal, §4 duplicate, hide, delete):
 * the user confirms (or fills in the duplicate's new name and subscription type), the call runs,
 * and the modal either closes with the result or shows the server's refusal and keeps the input.
 *
 *   scenarioAction
 *   ├── editing     `action.submit` (duplicate: checked first — the name must not be blank)
 *   ├── working     the call (DELETE configuration/, POST duplicate-scenario/, PATCH hide-scenario/)
 *   └── done        (final) emits `scenario.changed`; deleting clears cached projects (SPEC §4)
 *
 * Owned by src/screens/scenario-wizard/scenario-action-modal.tsx.
 */
import { assign, emit, setup } from 'xstate';
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
        'draft.change': { actions: assign(({ context, event }) => ({ draft: { ...context.draft, ...event.draft }, fieldError: null })) },
        'action.submit': [
          { guard: 'draftValid', target: 'working', actions: assign({ error: null }) },
          { actions: assign({ fieldError: NEW_NAME_REQUIRED }) },
        ],
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
        onDone: {
          target: 'done',
          actions: [
            assign({ resultId: ({ event }) => event.output }),
            emit(({ context }) => ({ type: 'scenario.changed' as const, kind: context.kind, configurationId: context.configurationId })),
          ],
        },
        onError: {
          target: 'editing',
          actions: assign(({ event }) => {
            const error = asServerError(event.error);
            const field = error.fields.new_name?.join(' ') ?? null;
            return { error, fieldError: field };
          }),
        },
      },
    },
    done: { type: 'final' },
    cancelled: { type: 'final' },
  },
});

export const selectActionError = (s: { context: { error: ServerError | null } }) => errorMessage(s.context.error);
