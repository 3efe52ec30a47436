/** The sharing inbox: accept / decline, the 500 ms removal, notifications with dismiss. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import type { ProjectShare } from '@canopy/contract/sharing.ts';
import { notification, share } from './sharing.fixtures.ts';
import type { ServerError } from '@machines/shared/actors.ts';
import { sharingMachine, type Inbox, type ShareAnswer } from './sharing.machine.ts';
import {
  selectInboxCount,
  selectInboxError,
  selectNotificationFailure,
  selectNotifications,
  selectPendingShares,
  selectShareAnswer,
  selectShareBusy,
  selectShareFailure,
} from './sharing.selectors.ts';

const refused: ServerError = { kind: 'http', status: 404, detail: 'Not found.', fields: {}, body: null };

function start(
  options: { inbox?: () => Promise<Inbox>; answer?: (id: number, a: ShareAnswer) => Promise<ProjectShare>; dismiss?: (id: number) => Promise<void> } = {},
) {
  const answered: ProjectShare[] = [];
  const actor = createActor(
    sharingMachine.provide({
      actors: {
        loadInbox: fromPromise<Inbox, void>(
          options.inbox ?? (async () => ({ pending: [share(1), share(2)], notifications: [notification(1), notification(2)] })),
        ),
        answerShare: fromPromise<ProjectShare, { shareId: number; answer: ShareAnswer }>(({ input }) =>
          (options.answer ?? (async (id, a) => share(id, { share_status: a })))(input.shareId, input.answer),
        ),
        dismissNotification: fromPromise<void, { notificationId: number }>(({ input }) => (options.dismiss ?? (async () => {}))(input.notificationId)),
      },
    }),
  ).start();
  actor.on('share.answered', (e) => answered.push(e.share));
  return { actor, answered };
}

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('sharing inbox', () => {
  it('loads the pending shares and the notifications', async () => {
    const { actor } = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(selectPendingShares(actor.getSnapshot()).map((s) => s.id)).toEqual([1, 2]);
    expect(selectNotifications(actor.getSnapshot()).map((n) => n.id)).toEqual([1, 2]);
    expect(selectInboxCount(actor.getSnapshot())).toBe(4);
  });

  it('an accepted share shows its status, then leaves the pending list 500 ms later', async () => {
    const { actor, answered } = start();
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'share.accept', shareId: 1 });
    expect(selectShareBusy(1)(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(0);
    let s = actor.getSnapshot();
    expect(selectShareAnswer(1)(s)).toBe('accepted');
    expect(selectPendingShares(s).find((p) => p.id === 1)!.share_status).toBe('accepted');
    expect(answered.map((a) => [a.id, a.share_status])).toEqual([[1, 'accepted']]);
    await vi.advanceTimersByTimeAsync(499);
    expect(selectPendingShares(actor.getSnapshot()).map((p) => p.id)).toEqual([1, 2]);
    await vi.advanceTimersByTimeAsync(1);
    s = actor.getSnapshot();
    expect(selectPendingShares(s).map((p) => p.id)).toEqual([2]);
    expect(selectShareAnswer(1)(s)).toBeNull();
  });

  it('a declined share leaves the same way; answers queue and run in order', async () => {
    const order: Array<[number, ShareAnswer]> = [];
    const { actor } = start({
      answer: async (id, a) => {
        order.push([id, a]);
        return share(id, { share_status: a });
      },
    });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'share.decline', shareId: 2 });
    actor.send({ type: 'share.accept', shareId: 1 });
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual([
      [2, 'declined'],
      [1, 'accepted'],
    ]);
    await vi.advanceTimersByTimeAsync(500);
    expect(selectPendingShares(actor.getSnapshot())).toEqual([]);
  });

  it('a failed answer keeps the share pending and says why', async () => {
    const { actor } = start({ answer: async () => Promise.reject(refused) });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'share.accept', shareId: 1 });
    await vi.advanceTimersByTimeAsync(600);
    expect(selectPendingShares(actor.getSnapshot()).map((p) => p.id)).toEqual([1, 2]);
    expect(selectShareFailure(1)(actor.getSnapshot())).toBe('Not found.');
    expect(selectShareAnswer(1)(actor.getSnapshot())).toBeNull();
  });

  it('dismisses a notification', async () => {
    const dismissed: number[] = [];
    const { actor } = start({ dismiss: async (id) => void dismissed.push(id) });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'notification.dismiss', notificationId: 2 });
    await vi.advanceTimersByTimeAsync(0);
    expect(dismissed).toEqual([2]);
    expect(selectNotifications(actor.getSnapshot()).map((n) => n.id)).toEqual([1]);
  });

  it('a failed dismiss keeps the notification and says why', async () => {
    const { actor } = start({ dismiss: async () => Promise.reject(refused) });
    await vi.advanceTimersByTimeAsync(0);
    actor.send({ type: 'notification.dismiss', notificationId: 1 });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectNotifications(actor.getSnapshot())).toHaveLength(2);
    expect(selectNotificationFailure(1)(actor.getSnapshot())).toBe('Not found.');
  });

  it('shows a load failure and retries', async () => {
    let fail = true;
    const { actor } = start({ inbox: async () => (fail ? Promise.reject(refused) : { pending: [], notifications: [] }) });
    await vi.advanceTimersByTimeAsync(0);
    expect(selectInboxError(actor.getSnapshot())).toBe('Not found.');
    fail = false;
    actor.send({ type: 'inbox.retry' });
    await vi.advanceTimersByTimeAsync(0);
    expect(actor.getSnapshot().matches('ready')).toBe(true);
  });
});
