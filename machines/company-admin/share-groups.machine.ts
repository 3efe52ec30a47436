/**
 * Share groups and their members (SPEC §1, §4, §7 "Company"). At most one group is the default for
 * new projects: when a group becomes the default (created so, or switched on), every other group
 * shows as not default at once (SPEC §4). Success shows for `successFlag` (3 s), failures for
 * `errorFlag` (5 s), in the shared feedback region (machines/shared/collection.ts).
 *
 *   shareGroups (parallel)
 *   ├── list
 *   │   ├── loading            GET company/share-groups and the company's users (for the member picker)
 *   │   ├── ready
 *   │   └── failed             `groups.retry`
 *   ├── editor
 *   │   ├── idle
 *   │   ├── creating           POST company/share-groups
 *   │   ├── updating           PATCH company/share-groups/{id} (name or default)
 *   │   ├── confirmingDelete   `deletion.confirm` or `cancel`
 *   │   └── deleting           DELETE company/share-groups/{id}
 *   ├── members
 *   │   ├── none               no group chosen
 *   │   ├── loading            GET company/share-groups/{id}/users
 *   │   ├── ready
 *   │   ├── adding             POST company/share-groups/{id}/users {users}
 *   │   ├── removing           DELETE company/share-groups/{id}/users/{userId}
 *   │   └── failed
 *   └── feedback
 *       ├── quiet
 *       ├── succeeded          → quiet after `successFlag`
 *       └── failed             → quiet after `errorFlag`
 *
 * Owned by the company administration machine (share groups tab); rendered by
 * src/screens/company-admin/share-groups-panel.tsx.
 */
import { assertEvent, assign, setup } from 'xstate';
import { asServerError, notProvided, type ServerError } from '@machines/shared/actors.ts';
import { COLLECTION_DELAYS, collectionActions, FEEDBACK_REGION, withReason, type CollectionContext, type FeedbackEvent } from '@machines/shared/collection.ts';
import type { CompanyUser, ShareGroup, ShareGroupCreate, ShareGroupMember, ShareGroupMembership, ShareGroupUpdate } from './company-admin.types.ts';

export interface ShareGroupsContext extends CollectionContext {
  groups: ShareGroup[];
  users: CompanyUser[];
  listError: ServerError | null;
  selectedId: number | null;
  members: ShareGroupMember[];
  membersError: ServerError | null;
  /** The group waiting for delete confirmation or being deleted. */
  deletion: number | null;
  /** The member being removed. */
  removingUserId: number | null;
}

export type ShareGroupsEvent =
  | { type: 'groups.retry' }
  | { type: 'group.create'; group: ShareGroupCreate }
  | { type: 'group.update'; groupId: number; changes: ShareGroupUpdate }
  | { type: 'group.delete'; groupId: number }
  | { type: 'deletion.confirm' }
  | { type: 'cancel' }
  | { type: 'group.select'; groupId: number | null }
  | { type: 'members.add'; userIds: number[] }
  | { type: 'member.remove'; userId: number }
  | FeedbackEvent;

/** SPEC §4: one default per company — the group just made default is the only one. */
function withDefault(groups: ShareGroup[], changed: ShareGroup): ShareGroup[] {
  const exists = groups.some((g) => g.id === changed.id);
  const next = exists ? groups.map((g) => (g.id === changed.id ? changed : g)) : [...groups, changed];
  return changed.default_for_new_projects ? next.map((g) => (g.id === changed.id ? g : { ...g, default_for_new_projects: false })) : next;
}

const groupName = (context: ShareGroupsContext, id: number | null) => context.groups.find((g) => g.id === id)?.name ?? 'the group';

export const shareGroupsMachine = setup({
  types: {
    context: {} as ShareGroupsContext,
    events: {} as ShareGroupsEvent,
  },
  actors: {
    loadGroups: notProvided<{ groups: ShareGroup[]; users: CompanyUser[] }, void>('loadGroups'),
    createGroup: notProvided<ShareGroup, ShareGroupCreate>('createGroup'),
    updateGroup: notProvided<ShareGroup, { groupId: number; changes: ShareGroupUpdate }>('updateGroup'),
    deleteGroup: notProvided<void, { groupId: number }>('deleteGroup'),
    loadMembers: notProvided<ShareGroupMember[], { groupId: number }>('loadMembers'),
    addMembers: notProvided<ShareGroupMembership, { groupId: number; userIds: number[] }>('addMembers'),
    removeMember: notProvided<void, { groupId: number; userId: number }>('removeMember'),
  },
  actions: {
    ...collectionActions<ShareGroupsContext, ShareGroupsEvent>(),
    storeGroups: assign((_, loaded: { groups: ShareGroup[]; users: CompanyUser[] }) => ({ ...loaded, listError: null })),
    storeListError: assign((_, params: { error: unknown }) => ({ listError: asServerError(params.error) })),
    storeGroup: assign(({ context }, group: ShareGroup) => ({ groups: withDefault(context.groups, group) })),
    holdDeletion: assign(({ event }) => {
      assertEvent(event, 'group.delete');
      return { deletion: event.groupId };
    }),
    dropDeleted: assign(({ context }) => ({
      groups: context.groups.filter((g) => g.id !== context.deletion),
      selectedId: context.selectedId === context.deletion ? null : context.selectedId,
      members: context.selectedId === context.deletion ? [] : context.members,
      deletion: null,
    })),
    forgetDeletion: assign({ deletion: null }),
    selectGroup: assign(({ event }) => {
      assertEvent(event, 'group.select');
      return { selectedId: event.groupId, members: [], membersError: null };
    }),
    storeMembers: assign((_, members: ShareGroupMember[]) => ({ members, membersError: null })),
    storeMembersError: assign((_, params: { error: unknown }) => ({ membersError: asServerError(params.error) })),
    /** The server answers every member id after the change; names come from the company's users. */
    applyMembership: assign(({ context }, membership: ShareGroupMembership) => {
      const known = new Map(context.members.map((m) => [m.id, m]));
      for (const u of context.users) {
        if (!known.has(u.id)) {
          const name = `${u.first_name} ${u.last_name}`.trim() || u.username;
          known.set(u.id, { id: u.id, username: u.username, name, email: u.email });
        }
      }
      const members = membership.users.map((id) => known.get(id)).filter((m): m is ShareGroupMember => m !== undefined);
      return {
        members,
        groups: context.groups.map((g) => (g.id === context.selectedId ? { ...g, member_count: membership.users.length } : g)),
      };
    }),
    holdMemberRemoval: assign(({ event }) => {
      assertEvent(event, 'member.remove');
      return { removingUserId: event.userId };
    }),
    dropMember: assign(({ context }) => ({
      members: context.members.filter((m) => m.id !== context.removingUserId),
      groups: context.groups.map((g) => (g.id === context.selectedId ? { ...g, member_count: Math.max(0, g.member_count - 1) } : g)),
      removingUserId: null,
    })),
    forgetMemberRemoval: assign({ removingUserId: null }),
  },
  guards: {
    choseGroup: ({ event }) => event.type === 'group.select' && event.groupId !== null,
  },
  delays: COLLECTION_DELAYS,
}).createMachine({
  id: 'shareGroups',
  type: 'parallel',
  context: {
    groups: [],
    users: [],
    listError: null,
    selectedId: null,
    members: [],
    membersError: null,
    deletion: null,
    removingUserId: null,
    feedback: null,
  },
  states: {
    list: {
      initial: 'loading',
      states: {
        loading: {
          invoke: {
            src: 'loadGroups',
            onDone: { target: 'ready', actions: { type: 'storeGroups', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'storeListError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: {},
        failed: { on: { 'groups.retry': 'loading' } },
      },
    },
    editor: {
      initial: 'idle',
      states: {
        idle: {
          on: {
            'group.create': 'creating',
            'group.update': 'updating',
            'group.delete': { target: 'confirmingDelete', actions: 'holdDeletion' },
          },
        },
        creating: {
          invoke: {
            src: 'createGroup',
            input: ({ event }) => {
              assertEvent(event, 'group.create');
              return event.group;
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'storeGroup', params: ({ event }) => event.output },
                { type: 'succeed', params: ({ event }) => ({ message: `Share group "${event.output.name}" created.` }) },
              ],
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'fail',
                params: ({ event }) => ({ message: withReason('The share group could not be created.', event.error), error: event.error }),
              },
            },
          },
        },
        updating: {
          invoke: {
            src: 'updateGroup',
            input: ({ event }) => {
              assertEvent(event, 'group.update');
              return { groupId: event.groupId, changes: event.changes };
            },
            onDone: {
              target: 'idle',
              actions: [
                { type: 'storeGroup', params: ({ event }) => event.output },
                {
                  type: 'succeed',
                  params: ({ event }) => ({
                    message: event.output.default_for_new_projects
                      ? `"${event.output.name}" is now the default for new projects.`
                      : `Share group "${event.output.name}" saved.`,
                  }),
                },
              ],
            },
            onError: {
              target: 'idle',
              actions: {
                type: 'fail',
                params: ({ event }) => ({ message: withReason('The share group could not be saved.', event.error), error: event.error }),
              },
            },
          },
        },
        confirmingDelete: {
          on: { 'deletion.confirm': 'deleting', cancel: { target: 'idle', actions: 'forgetDeletion' } },
        },
        deleting: {
          invoke: {
            src: 'deleteGroup',
            input: ({ context }) => ({ groupId: context.deletion! }),
            onDone: {
              target: 'idle',
              actions: [
                { type: 'succeed', params: ({ context }) => ({ message: `Share group "${groupName(context, context.deletion)}" deleted.` }) },
                'dropDeleted',
              ],
            },
            onError: {
              target: 'idle',
              actions: [
                {
                  type: 'fail',
                  params: ({ context, event }) => ({
                    message: withReason(`Could not delete "${groupName(context, context.deletion)}".`, event.error),
                    error: event.error,
                  }),
                },
                'forgetDeletion',
              ],
            },
          },
        },
      },
    },
    members: {
      initial: 'none',
      on: {
        'group.select': [
          { guard: 'choseGroup', target: '.loading', actions: 'selectGroup' },
          { target: '.none', actions: 'selectGroup' },
        ],
      },
      states: {
        none: {},
        loading: {
          invoke: {
            src: 'loadMembers',
            input: ({ context }) => ({ groupId: context.selectedId! }),
            onDone: { target: 'ready', actions: { type: 'storeMembers', params: ({ event }) => event.output } },
            onError: { target: 'failed', actions: { type: 'storeMembersError', params: ({ event }) => ({ error: event.error }) } },
          },
        },
        ready: {
          on: {
            'members.add': 'adding',
            'member.remove': { target: 'removing', actions: 'holdMemberRemoval' },
          },
        },
        adding: {
          invoke: {
            src: 'addMembers',
            input: ({ context, event }) => {
              assertEvent(event, 'members.add');
              return { groupId: context.selectedId!, userIds: event.userIds };
            },
            onDone: {
              target: 'ready',
              actions: [
                { type: 'applyMembership', params: ({ event }) => event.output },
                { type: 'succeed', params: ({ context }) => ({ message: `Members of "${groupName(context, context.selectedId)}" updated.` }) },
              ],
            },
            onError: {
              target: 'ready',
              actions: { type: 'fail', params: ({ event }) => ({ message: withReason('The members could not be added.', event.error), error: event.error }) },
            },
          },
        },
        removing: {
          invoke: {
            src: 'removeMember',
            input: ({ context }) => ({ groupId: context.selectedId!, userId: context.removingUserId! }),
            onDone: {
              target: 'ready',
              actions: ['dropMember', { type: 'succeed', params: () => ({ message: 'Member removed.' }) }],
            },
            onError: {
              target: 'ready',
              actions: [
                { type: 'fail', params: ({ event }) => ({ message: withReason('The member could not be removed.', event.error), error: event.error }) },
                'forgetMemberRemoval',
              ],
            },
          },
        },
        failed: {},
      },
    },
    feedback: FEEDBACK_REGION,
  },
});
