/** Share groups: default exclusivity, members, and the 3 s / 5 s flags (fake timers). */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ServerError } from '@machines/shared/actors.ts';
import { shareGroupsMachine } from './share-groups.machine.ts';
import type { CompanyUser, ShareGroup, ShareGroupCreate, ShareGroupMember, ShareGroupMembership, ShareGroupUpdate } from './company-admin.types.ts';
import { group, user } from './company-admin.fixtures.ts';
import {
  selectAddableMembers,
  selectDefaultGroup,
  selectDeleteConfirmation,
  selectGroups,
  selectGroupsFailure,
  selectGroupsSuccess,
  selectMembers,
} from './company-admin.selectors.ts';

const refused: ServerError = { kind: 'http', status: 400, detail: null, fields: { name: ['This field may not be blank.'] }, body: null };

function start(options: { update?: (id: number, c: ShareGroupUpdate) => Promise<ShareGroup> } = {}) {
  const groups = [group(1, { default_for_new_projects: true, member_count: 1 }), group(2)];
  const actor = createActor(
    shareGroupsMachine.provide({
      actors: {
        loadGroups: fromPromise<{ groups: ShareGroup[]; users: CompanyUser[] }, void>(async () => ({ groups, users: [user(1), user(2), user(3)] })),
        createGroup: fromPromise<ShareGroup, ShareGroupCreate>(async ({ input }) =>
          group(3, { name: input.name, default_for_new_projects: input.default_for_new_projects ?? false }),
        ),
        updateGroup: fromPromise<ShareGroup, { groupId: number; changes: ShareGroupUpdate }>(({ input }) =>
          (options.update ?? (async (id, c) => ({ ...groups.find((g) => g.id === id)!, ...c })))(input.groupId, input.changes),
        ),
        deleteGroup: fromPromise<void, { groupId: number }>(async () => {}),
        loadMembers: fromPromise<ShareGroupMember[], { groupId: number }>(async () => [
          { id: 1, username: 'ada', name: 'Ada Smith', email: 'ada@northwind.test' },
        ]),
        addMembers: fromPromise<ShareGroupMembership, { groupId: number; userIds: number[] }>(async ({ input }) => ({ users: [1, ...input.userIds] })),
        removeMember: fromPromise<void, { groupId: number; userId: number }>(async () => {}),
      },
    }),
  ).start();
  return actor;
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('share groups', () => {
  it('making a group the default clears the previous default', async () => {
    const actor = start();
    await settle();
    expect(selectDefaultGroup(actor.getSnapshot())?.id).toBe(1);
    actor.send({ type: 'group.update', groupId: 2, changes: { default_for_new_projects: true } });
    await settle();
    expect(selectGroups(actor.getSnapshot()).map((g) => [g.id, g.default_for_new_projects])).toEqual([
      [1, false],
      [2, true],
    ]);
    expect(selectGroupsSuccess(actor.getSnapshot())).toBe('"Group 2" is now the default for new projects.');
    await vi.advanceTimersByTimeAsync(3000);
    expect(selectGroupsSuccess(actor.getSnapshot())).toBeNull();
  });

  it('creating a group as default clears the previous default', async () => {
    const actor = start();
    await settle();
    actor.send({ type: 'group.create', group: { name: 'Reviewers', default_for_new_projects: true } });
    await settle();
    expect(
      selectGroups(actor.getSnapshot())
        .filter((g) => g.default_for_new_projects)
        .map((g) => g.name),
    ).toEqual(['Reviewers']);
  });

  it('a failure shows for 5 s', async () => {
    const actor = start({ update: async () => Promise.reject(refused) });
    await settle();
    actor.send({ type: 'group.update', groupId: 2, changes: { name: '' } });
    await settle();
    expect(selectGroupsFailure(actor.getSnapshot())).toBe('The share group could not be saved. This field may not be blank.');
    await vi.advanceTimersByTimeAsync(4999);
    expect(selectGroupsFailure(actor.getSnapshot())).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(selectGroupsFailure(actor.getSnapshot())).toBeNull();
  });

  it('lists, adds and removes members; only non-members can be added', async () => {
    const actor = start();
    await settle();
    actor.send({ type: 'group.select', groupId: 1 });
    await settle();
    expect(selectMembers(actor.getSnapshot()).map((m) => m.id)).toEqual([1]);
    expect(selectAddableMembers(actor.getSnapshot()).map((u) => u.id)).toEqual([2, 3]);
    actor.send({ type: 'members.add', userIds: [3] });
    await settle();
    expect(selectMembers(actor.getSnapshot()).map((m) => m.name)).toEqual(['Ada Smith', 'Cy Smith']);
    expect(selectGroups(actor.getSnapshot())[0]!.member_count).toBe(2);
    actor.send({ type: 'member.remove', userId: 1 });
    await settle();
    expect(selectMembers(actor.getSnapshot()).map((m) => m.id)).toEqual([3]);
    expect(selectGroups(actor.getSnapshot())[0]!.member_count).toBe(1);
  });

  it('deletes after confirmation', async () => {
    const actor = start();
    await settle();
    actor.send({ type: 'group.delete', groupId: 2 });
    expect(selectDeleteConfirmation(actor.getSnapshot())?.name).toBe('Group 2');
    actor.send({ type: 'deletion.confirm' });
    await settle();
    expect(selectGroups(actor.getSnapshot()).map((g) => g.id)).toEqual([1]);
    expect(selectGroupsSuccess(actor.getSnapshot())).toBe('Share group "Group 2" deleted.');
  });
});
