/**
 * A project's administrators (SPEC §6 "Project administrators: add, list, remove"): the list
 * (creator first, never removable), adding a member of the project's company or an accepted sharee,
 * and removing one after confirmation. Results show in the shared feedback region
 * (machines/shared/collection.ts): `successFlag` (3 s) or `errorFlag` (5 s).
 *
 *   projectAdmins (parallel)
 *   ├── list
 *   │   ├── loading             GET project-administrator/ and the people who could be added
 *   │   ├── ready
 *   │   └── failed              `admins.retry`
 *   ├── editor
 *   │   ├── idle
 *   │   ├── adding              POST project-administrator/{userId}/
 *   │   ├── confirmingRemoval   `removal.confirm` or `cancel`
 *   │   └── removing            DELETE project-administrator/{userId}/
 *   └── feedback
 *       ├── quiet
 *       ├── succeeded           → quiet after `successFlag`
 *       └── failed              → quiet after `errorFlag`
 *
 * Owned by src/screens/project-settings/admin-tab.tsx.
 */
import { assertEvent, assign, setup } from 'xstate';
import type { ProjectAdministrator } from '@canopy/contract/administrators.ts';
import type { UserRef } from '@canopy/contract/common.ts';
import { asServerError, notProvided, type ServerError } from '@machines/shared/actors.ts';
import { COLLECTION_DELAYS, collectionActions, FEEDBACK_REGION, withReason, type CollectionContext, type FeedbackEvent } from '@machines/shared/collection.ts';

export type { ProjectAdministrator };

/** Someone who could become an administrator. */
export type Candidate = UserRef & { email: string };

export interface AdminsLoad {
  admins: ProjectAdministrator[];
  candidates: Candidate[];
}

export interface ProjectAdminsContext extends AdminsLoad, CollectionContext {
  projectId: number;
  listError: ServerError | null;
  target: number | null;
}

export type ProjectAdminsEvent =
  | { type: 'admins.retry' }
  | { type: 'admin.add'; userId: number }
  | { type: 'admin.remove'; userId: number }
  | { type: 'removal.confirm' }
  | { type: 'cancel' }
  | FeedbackEvent;

const nameOf = (context: ProjectAdminsContext, userId: number | null) =>
  context.admins.find((a) => a.id === userId)?.name ?? context.candidates.find((c) => c.id === userId)?.name ?? 'The user';

export const projectAdminsMachine = setup({
  types: {
    context: {} as ProjectAdminsContext,
    events: {} as ProjectAdminsEvent,
    input: {} as { projectId: number },
  },
  actors: {
    loadAdmins: notProvided<AdminsLoad, { projectId: number }>('loadAdmins'),
    addAdmin: notProvided<ProjectAdministrator, { projectId: number; userId: number }>('addAdmin'),
    removeAdmin: notProvided<void, { projectId: number; userId: number }>('removeAdmin'),
  },
  actions: {
    ...collectionActions<ProjectAdminsContext, ProjectAdminsEvent>(),
    storeLoad: assign((_, load: AdminsLoad) => ({ ...load, listError: null })),
    storeListError: assign((_, params: { error: unknown }) => ({ listError: asServerError(params.error) })),
    holdTarget: assign(({ event }) => {
      assertEvent(event, ['admin.add', 'admin.remove']);
      return { target: event.userId };
    }),
    storeAdmin: assign(({ context }, admin: ProjectAdministrator) => ({
      admins: context.admins.some((a) => a.id === admin.id) ? context.admins : [...context.admins, admin],
      target: null,
    })),
    dropRemoved: assign(({ context }) => ({ admins: context.admins.filter((a) => a.id !== context.target), target: null })),
    forgetTarget: assign({ target: null }),
  },
  delays: COLLECTION_DELAYS,
}).createMachine({
  id: 'projectAdmins',
  type: 'parallel',
  context: ({ input }) => ({ projectId: input.projectId, admins: [], candidates: [], listError: null, target: null, feedback: null }),
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadAdmins',
            input: ({ context }) => ({ projectId: context.projectId }),
            onDone: { target: 'ready', actions: { type: 'storeLoad', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'storeListError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: {},
        failed: { on: { 'admins.retry': 'loading' } },
      },
    },
    editor: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'admin.add': { target: 'adding', actions: 'holdTarget' },
            'admin.remove': { target: 'confirmingRemoval', actions: 'holdTarget' },
          },
        },
        adding: {
          invoke: {
            src: 'addAdmin',
            input: ({ context }) => ({ projectId: context.projectId, userId: context.target! }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'succeed', params: ({ event }) => ({ message: `${event.output.name} is now an administrator.` }) },
                { type: 'storeAdmin', params: ({ event }) => event.output },
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'fail', params: ({ event }) => ({ message: withReason('The administrator could not be added.', event.error), error: event.error }) },
                'forgetTarget',
              ],
            },
          },
        },
        confirmingRemoval: {
          on: { 'removal.confirm': 'removing', cancel: { target: 'idle', actions: 'forgetTarget' } },
        },
        removing: {
          invoke: {
            src: 'removeAdmin',
            input: ({ context }) => ({ projectId: context.projectId, userId: context.target! }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'succeed', params: ({ context }) => ({ message: `${nameOf(context, context.target)} is no longer an administrator.` }) },
                'dropRemoved',
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                { type: 'fail', params: ({ event }) => ({ message: withReason('The administrator could not be removed.', event.error), error: event.error }) },
                'forgetTarget',
              ],
            },
          },
        },
      },
    },
    feedback: FEEDBACK_REGION,
  },
});
