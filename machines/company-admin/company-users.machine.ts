/**
 * Company users (SPEC §1, §4, §7 "Company", §8, §9): the user list page by page, adding a user,
 * changing a role (through the role confirmation modal) or a subscription, and removing a user.
 * A success shows for `successFlag` (3 s); a failure for `errorFlag` (5 s), and a failed user
 * update keeps that user's id just as long, so the row says which change failed. Assigning a
 * subscription takes it from whoever held it (the list shows that at once). The feedback region is
 * the collections' shared one (machines/shared/collection.ts); a failure's user is its `subjectId`.
 *
 *   companyUsers (parallel)
 *   ├── list
 *   │   ├── loading            GET company/users?page=n
 *   │   ├── ready
 *   │   └── failed             `users.retry`
 *   ├── options
 *   │   ├── loading            roles and the company's subscriptions, for the row selects
 *   │   ├── ready
 *   │   └── failed
 *   ├── editor
 *   │   ├── idle
 *   │   ├── addForm            the add-user dialog is open (keeps the server's field errors)
 *   │   ├── adding             POST company/users
 *   │   ├── confirmingRole     the role confirmation modal; `role.confirm` or `cancel`
 *   │   ├── confirmingRemoval  `removal.confirm` or `cancel`
 *   │   ├── updating           PATCH company/users/{id}
 *   │   └── removing           DELETE company/users/{id}
 *   └── feedback
 *       ├── quiet
 *       ├── succeeded          → quiet after `successFlag`
 *       └── failed             → quiet after `errorFlag`; forgets the failed user's id on exit
 *
 * Owned by the company administration machine (users tab); rendered by
 * src/screens/company-admin/users-panel.tsx.
 */
import { assertEvent, assign, raise, setup } from 'xstate';
import { asServerError, errorMessage, isInvalidPage, notProvided, type ServerError } from '@machines/shared/actors.ts';
import { COLLECTION_DELAYS, collectionActions, FEEDBACK_REGION, type CollectionContext, type FeedbackEvent } from '@machines/shared/collection.ts';
import { displayName, type CompanyUser, type CompanyUserCreate, type CompanyUserPage, type Role, type Subscription } from './company-admin.types.ts';

type Change = { userId: number; role: number | null } | { userId: number; subscription: number | null };

export interface CompanyUsersContext extends CollectionContext {
  page: number;
  users: CompanyUser[];
  count: number;
  hasNext: boolean;
  listError: ServerError | null;
  roles: Role[];
  subscriptions: Subscription[];
  /** The change waiting for confirmation or under way. */
  change: Change | null;
  /** The user waiting for removal confirmation or being removed. */
  removal: number | null;
  addError: ServerError | null;
}

export type CompanyUsersEvent =
  | { type: 'users.page'; page: number }
  | { type: 'users.retry' }
  | { type: 'user.addStart' }
  | { type: 'user.add'; user: CompanyUserCreate }
  | { type: 'user.roleChange'; userId: number; role: number | null }
  | { type: 'role.confirm' }
  | { type: 'user.subscriptionChange'; userId: number; subscription: number | null }
  | { type: 'user.remove'; userId: number }
  | { type: 'removal.confirm' }
  | { type: 'cancel' }
  | FeedbackEvent;

const nameOf = (context: CompanyUsersContext, userId: number | null) => {
  const user = context.users.find((u) => u.id === userId);
  return user ? displayName(user) : 'the user';
};

export const companyUsersMachine = setup({
  types: {
    context: {} as CompanyUsersContext,
    events: {} as CompanyUsersEvent,
  },
  actors: {
    loadUsers: notProvided<CompanyUserPage, { page: number }>('loadUsers'),
    loadOptions: notProvided<{ roles: Role[]; subscriptions: Subscription[] }, void>('loadOptions'),
    createUser: notProvided<CompanyUser, CompanyUserCreate>('createUser'),
    updateUser: notProvided<CompanyUser, Change>('updateUser'),
    removeUser: notProvided<void, { userId: number }>('removeUser'),
  },
  actions: {
    ...collectionActions<CompanyUsersContext, CompanyUsersEvent>(),
    goToPage: assign(({ event }) => {
      assertEvent(event, 'users.page');
      return { page: Math.max(1, event.page) };
    }),
    storePage: assign((_, page: CompanyUserPage) => ({ users: page.results, count: page.count, hasNext: page.next !== null, listError: null })),
    /** 'Invalid page.' (the last page emptied): back to page 1 rather than an error. */
    backToFirstPage: assign({ page: 1 }),
    storeListError: assign((_, params: { error: unknown }) => ({ listError: asServerError(params.error) })),
    storeOptions: assign((_, options: { roles: Role[]; subscriptions: Subscription[] }) => options),
    clearAddError: assign({ addError: null }),
    storeAddError: assign((_, params: { error: unknown }) => ({ addError: asServerError(params.error) })),
    holdRoleChange: assign(({ event }) => {
      assertEvent(event, 'user.roleChange');
      return { change: { userId: event.userId, role: event.role } };
    }),
    holdSubscriptionChange: assign(({ event }) => {
      assertEvent(event, 'user.subscriptionChange');
      return { change: { userId: event.userId, subscription: event.subscription } };
    }),
    holdRemoval: assign(({ event }) => {
      assertEvent(event, 'user.remove');
      return { removal: event.userId };
    }),
    forgetChange: assign({ change: null, removal: null }),
    /** The updated row; a subscription now held here is no longer held by anyone else (SPEC §4). */
    applyUpdate: assign(({ context }, updated: CompanyUser) => ({
      users: context.users.map((u) => {
        if (u.id === updated.id) return updated;
        if (updated.subscription !== null && u.subscription === updated.subscription) return { ...u, subscription: null };
        return u;
      }),
      subscriptions: context.subscriptions.map((s) => {
        if (s.id === updated.subscription) return { ...s, user: updated.id, user_name: displayName(updated) };
        if (s.user === updated.id) return { ...s, user: null, user_name: null };
        return s;
      }),
    })),
    /** An add or a removal changes the pages: fetch the shown one again. */
    reloadPage: raise(({ context }) => ({ type: 'users.page' as const, page: context.page })),
  },
  guards: {
    /** Page 1 always exists, so going back to it cannot loop. */
    invalidPageAfterFirst: ({ context }, params: { error: unknown }) => context.page > 1 && isInvalidPage(params.error),
    changeIsRole: ({ context }) => context.change !== null && 'role' in context.change,
  },
  /** SPEC §8, §9: success flags; company-admin error flags, and the failed user's id. */
  delays: COLLECTION_DELAYS,
}).createMachine({
  id: 'companyUsers',
  type: 'parallel',
  context: {
    page: 1,
    users: [],
    count: 0,
    hasNext: false,
    listError: null,
    roles: [],
    subscriptions: [],
    change: null,
    removal: null,
    addError: null,
    feedback: null,
  },
  states: {
    list: {
      initial: 'loading',
      on: { 'users.page': { target: '.loading', actions: 'goToPage' } },
      states: {
        loading: {
          invoke: {
            src: 'loadUsers',
            input: ({ context }) => ({ page: context.page }),
            onDone: { target: 'ready', actions: { type: 'storePage', params: ({ event }) => event.output } },
            onError: [
              {
                guard: { type: 'invalidPageAfterFirst', params: ({ event }) => ({ error: event.error }) },
                target: 'loading',
                reenter: true,
                actions: 'backToFirstPage',
              },
              { target: 'failed', actions: { type: 'storeListError', params: ({ event }) => ({ error: event.error }) } },
            ],
          },
        },
        ready: {},
        failed: { on: { 'users.retry': 'loading' } },
      },
    },
    options: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadOptions',
            onDone: { target: 'ready', actions: { type: 'storeOptions', params: ({ event }) => event.output } },
            onError: 'failed',
          },
        },
        ready: {},
        failed: { on: { 'users.retry': 'loading' } },
      },
    },
    editor: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'user.addStart': { target: 'addForm', actions: 'clearAddError' },
            'user.roleChange': { target: 'confirmingRole', actions: 'holdRoleChange' },
            'user.subscriptionChange': { target: 'updating', actions: 'holdSubscriptionChange' },
            'user.remove': { target: 'confirmingRemoval', actions: 'holdRemoval' },
          },
        },
        addForm: {
          on: {
            'user.add': { target: 'adding', actions: 'clearAddError' },
            cancel: 'idle',
          },
        },
        adding: {
          invoke: {
            src: 'createUser',
            input: ({ event }) => {
              assertEvent(event, 'user.add');
              return event.user;
            },
            onDone: {
              target: '#companyUsers.editor.idle',
              actions: [
                { type: 'succeed', params: ({ event }) => ({ message: `${displayName(event.output)} was added. They will get an e-mail to set a password.` }) },
                'reloadPage',
              ],
            },
            onError: {
              target: 'addForm',
              actions: [
                { type: 'storeAddError', params: ({ event }) => ({ error: event.error }) },
                { type: 'fail', params: ({ event }) => ({ message: 'The user could not be added.', error: event.error, subjectId: null }) },
              ],
            },
          },
        },
        confirmingRole: {
          on: { 'role.confirm': 'updating', cancel: { target: 'idle', actions: 'forgetChange' } },
        },
        confirmingRemoval: {
          on: { 'removal.confirm': 'removing', cancel: { target: 'idle', actions: 'forgetChange' } },
        },
        updating: {
          invoke: {
            src: 'updateUser',
            input: ({ context }) => context.change!,
            onDone: {
              target: 'idle',
              actions: [
                { type: 'applyUpdate', params: ({ event }) => event.output },
                {
                  type: 'succeed',
                  params: ({ context, event }) => ({
                    message: `${context.change && 'role' in context.change ? 'Role' : 'Subscription'} updated for ${displayName(event.output)}.`,
                  }),
                },
                'forgetChange',
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'fail',
                  params: ({ context, event }) => ({
                    message: `Could not update ${nameOf(context, context.change?.userId ?? null)}: ${errorMessage(asServerError(event.error))}`,
                    error: event.error,
                    subjectId: context.change?.userId ?? null,
                  }),
                },
                'forgetChange',
              ],
            },
          },
        },
        removing: {
          invoke: {
            src: 'removeUser',
            input: ({ context }) => ({ userId: context.removal! }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'succeed', params: ({ context }) => ({ message: `${nameOf(context, context.removal)} was removed.` }) },
                'forgetChange',
                'reloadPage',
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'fail',
                  params: ({ context, event }) => ({
                    message: `Could not remove ${nameOf(context, context.removal)}: ${errorMessage(asServerError(event.error))}`,
                    error: event.error,
                    subjectId: context.removal,
                  }),
                },
                'forgetChange',
              ],
            },
          },
        },
      },
    },
    feedback: FEEDBACK_REGION,
  },
});
