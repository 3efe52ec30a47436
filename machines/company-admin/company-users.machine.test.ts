/**
 * Company users: paging, the role confirmation modal, subscription single holder, and the flags —
 * success 3 s, error 5 s, the failed user's id 5 s (fake timers).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ServerError } from '@machines/shared/actors.ts';
import { companyUsersMachine } from './company-users.machine.ts';
import type { CompanyUser, CompanyUserCreate, CompanyUserPage, Role, Subscription } from './company-admin.types.ts';
import { ROLES, subscription, user } from './company-admin.fixtures.ts';
import {
  selectAddableUsersCount,
  selectAddError,
  selectAddFormOpen,
  selectFailedUserId,
  selectRemovalConfirmation,
  selectRoleConfirmation,
  selectUsers,
  selectUsersFailure,
  selectUsersPage,
  selectUsersSuccess,
} from './company-admin.selectors.ts';

const refused: ServerError = { kind: 'permission', status: 403, detail: 'You do not have permission to perform this action.', fields: {}, body: null };
const invalidPage: ServerError = { kind: 'http', status: 404, detail: 'Invalid page.', fields: {}, body: null };

type Change = { userId: number; role: number | null } | { userId: number; subscription: number | null };

function start(
  options: { users?: CompanyUser[]; update?: (change: Change) => Promise<CompanyUser>; create?: (u: CompanyUserCreate) => Promise<CompanyUser> } = {},
) {
  const all = options.users ?? [user(1), user(2, { subscription: 1 }), user(3)];
  const pages: number[] = [];
  const removed: number[] = [];
  const actor = createActor(
    companyUsersMachine.provide({
      actors: {
        loadUsers: fromPromise<CompanyUserPage, { page: number }>(async ({ input }) => {
          pages.push(input.page);
          const size = 2;
          const slice = all.slice((input.page - 1) * size, input.page * size);
          if (slice.length === 0 && input.page > 1) throw invalidPage;
          return { count: all.length, next: input.page * size < all.length ? 'n' : null, previous: null, results: slice };
        }),
        loadOptions: fromPromise<{ roles: Role[]; subscriptions: Subscription[] }, void>(async () => ({
          roles: ROLES,
          subscriptions: [subscription(1, { user: 2, user_name: 'Bea Smith' }), subscription(2)],
        })),
        createUser: fromPromise<CompanyUser, CompanyUserCreate>(({ input }) =>
          (options.create ?? (async (u) => user(9, { username: u.username, first_name: '', last_name: '' })))(input),
        ),
        updateUser: fromPromise<CompanyUser, Change>(({ input }) =>
          (
            options.update ??
            (async (c) => ({
              ...all.find((u) => u.id === c.userId)!,
              ...('role' in c ? { role: c.role, role_name: ROLES.find((r) => r.id === c.role)?.name ?? null } : { subscription: c.subscription }),
            }))
          )(input),
        ),
        removeUser: fromPromise<void, { userId: number }>(async ({ input }) => void removed.push(input.userId)),
      },
    }),
  ).start();
  return { actor, pages, removed };
}

const settle = () => vi.advanceTimersByTimeAsync(0);

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('company users', () => {
  it('pages from 1; addable users are the total count minus 1', async () => {
    const { actor, pages } = start();
    await settle();
    expect(selectUsers(actor.getSnapshot()).map((u) => u.id)).toEqual([1, 2]);
    expect(selectAddableUsersCount(actor.getSnapshot())).toBe(2);
    actor.send({ type: 'users.page', page: 2 });
    await settle();
    expect(pages).toEqual([1, 2]);
    expect(selectUsers(actor.getSnapshot()).map((u) => u.id)).toEqual([3]);
  });

  it("'Invalid page.' goes back to page 1 quietly", async () => {
    const { actor, pages } = start();
    await settle();
    actor.send({ type: 'users.page', page: 5 });
    await settle();
    await settle();
    expect(pages).toEqual([1, 5, 1]);
    expect(selectUsersPage(actor.getSnapshot())).toBe(1);
    expect(actor.getSnapshot().matches({ list: 'ready' })).toBe(true);
  });

  it('a role change waits for the confirmation modal; cancel leaves it unchanged', async () => {
    const { actor } = start();
    await settle();
    actor.send({ type: 'user.roleChange', userId: 1, role: 1 });
    expect(selectRoleConfirmation(actor.getSnapshot())).toMatchObject({ from: 'Engineer', to: 'Org Admin' });
    actor.send({ type: 'cancel' });
    expect(selectRoleConfirmation(actor.getSnapshot())).toBeNull();
    expect(actor.getSnapshot().context.change).toBeNull();
    actor.send({ type: 'user.roleChange', userId: 1, role: 1 });
    actor.send({ type: 'role.confirm' });
    await settle();
    expect(selectUsers(actor.getSnapshot())[0]!.role_name).toBe('Org Admin');
    expect(selectUsersSuccess(actor.getSnapshot())).toBe('Role updated for Ada Smith.');
  });

  it('the success flag lasts 3 s', async () => {
    const { actor } = start();
    await settle();
    actor.send({ type: 'user.subscriptionChange', userId: 1, subscription: 2 });
    await settle();
    expect(selectUsersSuccess(actor.getSnapshot())).toBe('Subscription updated for Ada Smith.');
    await vi.advanceTimersByTimeAsync(2999);
    expect(selectUsersSuccess(actor.getSnapshot())).not.toBeNull();
    await vi.advanceTimersByTimeAsync(1);
    expect(selectUsersSuccess(actor.getSnapshot())).toBeNull();
  });

  it('assigning a subscription takes it from whoever held it', async () => {
    const { actor } = start();
    await settle();
    actor.send({ type: 'user.subscriptionChange', userId: 1, subscription: 1 });
    await settle();
    const s = actor.getSnapshot();
    expect(selectUsers(s).map((u) => [u.id, u.subscription])).toEqual([
      [1, 1],
      [2, null],
    ]);
    expect(s.context.subscriptions.find((x) => x.id === 1)).toMatchObject({ user: 1, user_name: 'Ada Smith' });
  });

  it('a failed update shows the error and keeps the user id for 5 s', async () => {
    const { actor } = start({ update: async () => Promise.reject(refused) });
    await settle();
    actor.send({ type: 'user.roleChange', userId: 2, role: 3 });
    actor.send({ type: 'role.confirm' });
    await settle();
    expect(selectFailedUserId(actor.getSnapshot())).toBe(2);
    expect(selectUsersFailure(actor.getSnapshot())).toBe('Could not update Bea Smith: You do not have permission to perform this action.');
    expect(selectUsers(actor.getSnapshot())[1]!.role_name).toBe('Engineer');
    await vi.advanceTimersByTimeAsync(4999);
    expect(selectFailedUserId(actor.getSnapshot())).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(selectFailedUserId(actor.getSnapshot())).toBeNull();
    expect(selectUsersFailure(actor.getSnapshot())).toBeNull();
  });

  it('a second failure restarts the 5 s', async () => {
    const { actor } = start({ update: async () => Promise.reject(refused) });
    await settle();
    actor.send({ type: 'user.subscriptionChange', userId: 1, subscription: 2 });
    await settle();
    await vi.advanceTimersByTimeAsync(4000);
    actor.send({ type: 'user.subscriptionChange', userId: 3, subscription: 2 });
    await settle();
    await vi.advanceTimersByTimeAsync(4000);
    expect(selectFailedUserId(actor.getSnapshot())).toBe(3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(selectFailedUserId(actor.getSnapshot())).toBeNull();
  });

  it('adds a user through the form, keeping field errors when refused', async () => {
    let refuse = true;
    const { actor, pages } = start({
      create: async (u) => {
        if (refuse) throw { kind: 'http', status: 400, detail: null, fields: { email: ['Enter a valid email address.'] }, body: null } satisfies ServerError;
        return user(9, { username: u.username, first_name: 'Fay', last_name: 'Lee' });
      },
    });
    await settle();
    actor.send({ type: 'user.addStart' });
    expect(selectAddFormOpen(actor.getSnapshot())).toBe(true);
    actor.send({ type: 'user.add', user: { username: 'fay', email: 'nope' } });
    await settle();
    expect(selectAddFormOpen(actor.getSnapshot())).toBe(true);
    expect(selectAddError(actor.getSnapshot())?.fields.email).toEqual(['Enter a valid email address.']);
    expect(selectUsersFailure(actor.getSnapshot())).toBe('The user could not be added.');
    refuse = false;
    actor.send({ type: 'user.add', user: { username: 'fay', email: 'fay@northwind.test' } });
    await settle();
    expect(selectAddFormOpen(actor.getSnapshot())).toBe(false);
    expect(selectUsersSuccess(actor.getSnapshot())).toBe('Fay Lee was added. They will get an e-mail to set a password.');
    expect(pages).toEqual([1, 1]);
  });

  it('removes a user after confirmation', async () => {
    const { actor, removed } = start();
    await settle();
    actor.send({ type: 'user.remove', userId: 2 });
    expect(selectRemovalConfirmation(actor.getSnapshot())?.id).toBe(2);
    actor.send({ type: 'removal.confirm' });
    await settle();
    expect(removed).toEqual([2]);
    expect(selectUsersSuccess(actor.getSnapshot())).toBe('Bea Smith was removed.');
  });
});
