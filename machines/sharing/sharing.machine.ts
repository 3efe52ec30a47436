/**
 * The recipient's side of sharing (SPEC §1, §4, §7): pending project shares with accept / decline,
 * and notifications with dismiss. After an answer the share stays in the pending list with its new
 * share_status, and leaves it `shareRemoval` (500 ms) later — long enough to read "Accepted".
 *
 *   sharing
 *   ├── loading        GET user/pending-project-shares and user/notifications
 *   ├── failed         the error is shown; `inbox.retry` loads again
 *   └── ready
 *       ├── idle
 *       ├── answering  POST user/project-shares/{id} {share_status} for the head of the queue
 *       ├── dismissing POST user/dismiss-notification/{id} for the head of the queue
 *       └── next       picks the next queued request
 *
 * Requests queue and run one at a time. Emits `share.answered` so the project list can refresh its
 * shared tab. Owned by src/screens/projects/ (screen-local).
 */
import { assertEvent, assign, emit, raise, setup } from 'xstate';
import type { Notification, ProjectShare } from '@canopy/contract/sharing.ts';
import { asServerError, notProvided, type ServerError } from '@machines/shared/actors.ts';

export type ShareAnswer = 'accepted' | 'declined';

export interface Inbox {
  pending: ProjectShare[];
  notifications: Notification[];
}

type Request = { kind: 'answer'; shareId: number; answer: ShareAnswer } | { kind: 'dismiss'; notificationId: number };

export interface SharingContext extends Inbox {
  queue: Request[];
  /** Shares answered and about to leave the list. */
  answered: Record<number, ShareAnswer>;
  loadError: ServerError | null;
  /** The last request that failed, with the item it was about. */
  failure: { request: Request; error: ServerError } | null;
}

export type SharingEvent =
  | { type: 'share.accept'; shareId: number }
  | { type: 'share.decline'; shareId: number }
  | { type: 'notification.dismiss'; notificationId: number }
  | { type: 'inbox.refresh' }
  | { type: 'inbox.retry' }
  /** Raised `shareRemoval` after an answer. */
  | { type: 'share.remove'; shareId: number };

export type SharingEmitted = { type: 'share.answered'; share: ProjectShare };

export const sharingMachine = setup({
  types: {
    context: {} as SharingContext,
    events: {} as SharingEvent,
    emitted: {} as SharingEmitted,
  },
  actors: {
    loadInbox: notProvided<Inbox, void>('loadInbox'),
    answerShare: notProvided<ProjectShare, { shareId: number; answer: ShareAnswer }>('answerShare'),
    dismissNotification: notProvided<void, { notificationId: number }>('dismissNotification'),
  },
  actions: {
    storeInbox: assign((_, inbox: Inbox) => ({ pending: inbox.pending, notifications: inbox.notifications, loadError: null })),
    storeLoadError: assign((_, params: { error: unknown }) => ({ loadError: asServerError(params.error) })),
    enqueue: assign(({ context, event }) => {
      const request: Request =
        event.type === 'notification.dismiss'
          ? { kind: 'dismiss', notificationId: event.notificationId }
          : { kind: 'answer', shareId: (event as { shareId: number }).shareId, answer: event.type === 'share.accept' ? 'accepted' : 'declined' };
      const duplicate = context.queue.some((q) => JSON.stringify(q) === JSON.stringify(request));
      return { queue: duplicate ? context.queue : [...context.queue, request], failure: null };
    }),
    dequeue: assign({ queue: ({ context }) => context.queue.slice(1) }),
    /** SPEC §4: the pending share is updated with its share_status… */
    markAnswered: assign(({ context }, share: ProjectShare) => ({
      pending: context.pending.map((p) => (p.id === share.id ? { ...p, ...share } : p)),
      answered: { ...context.answered, [share.id]: share.share_status as ShareAnswer },
    })),
    /** …and removed from the pending list 500 ms later. */
    scheduleRemoval: raise((_, share: ProjectShare) => ({ type: 'share.remove' as const, shareId: share.id }), { delay: 'shareRemoval' }),
    announceAnswer: emit((_, share: ProjectShare) => ({ type: 'share.answered' as const, share })),
    removeShare: assign(({ context, event }) => {
      assertEvent(event, 'share.remove');
      const { [event.shareId]: _gone, ...answered } = context.answered;
      return { pending: context.pending.filter((p) => p.id !== event.shareId), answered };
    }),
    removeNotification: assign(({ context }) => {
      const head = context.queue[0];
      return head?.kind === 'dismiss' ? { notifications: context.notifications.filter((n) => n.id !== head.notificationId) } : {};
    }),
    storeFailure: assign(({ context }, params: { error: unknown }) => ({
      failure: { request: context.queue[0]!, error: asServerError(params.error) },
    })),
  },
  guards: {
    queueEmpty: ({ context }) => context.queue.length === 0,
    headIsAnswer: ({ context }) => context.queue[0]?.kind === 'answer',
  },
  delays: {
    /** SPEC §4, §9: an answered share leaves the pending list this long after the update. */
    shareRemoval: 500,
  },
}).createMachine({
  id: 'sharing',
  context: { pending: [], notifications: [], queue: [], answered: {}, loadError: null, failure: null },
  initial: 'loading',
  on: {
    'share.remove': { actions: 'removeShare' },
  },
  states: {
    loading: {
      invoke: {
        src: 'loadInbox',
        onDone: { target: 'ready', actions: { type: 'storeInbox', params: ({ event }) => event.output } },
        onError: { target: 'failed', actions: { type: 'storeLoadError', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    failed: {
      on: { 'inbox.retry': 'loading', 'inbox.refresh': 'loading' },
    },
    ready: {
      initial: 'idle',
      on: {
        'share.accept': { target: '.next', actions: 'enqueue' },
        'share.decline': { target: '.next', actions: 'enqueue' },
        'notification.dismiss': { target: '.next', actions: 'enqueue' },
      },
      states: {
        idle: {
          on: { 'inbox.refresh': '#sharing.loading' },
        },
        next: {
          always: [{ guard: 'queueEmpty', target: 'idle' }, { guard: 'headIsAnswer', target: 'answering' }, { target: 'dismissing' }],
        },
        answering: {
          // A new request only queues: the one under way carries on.
          on: {
            'share.accept': { actions: 'enqueue' },
            'share.decline': { actions: 'enqueue' },
            'notification.dismiss': { actions: 'enqueue' },
          },
          invoke: {
            src: 'answerShare',
            input: ({ context }) => {
              const head = context.queue[0] as Extract<Request, { kind: 'answer' }>;
              return { shareId: head.shareId, answer: head.answer };
            },
            onDone: {
              target: 'next',
              actions: [
                { type: 'markAnswered', params: ({ event }) => event.output },
                { type: 'scheduleRemoval', params: ({ event }) => event.output },
                { type: 'announceAnswer', params: ({ event }) => event.output },
                'dequeue',
              ],
            },
            onError: { target: 'next', actions: [{ type: 'storeFailure', params: ({ event }) => ({ error: event.error }) }, 'dequeue'] },
          },
        },
        dismissing: {
          on: {
            'share.accept': { actions: 'enqueue' },
            'share.decline': { actions: 'enqueue' },
            'notification.dismiss': { actions: 'enqueue' },
          },
          invoke: {
            src: 'dismissNotification',
            input: ({ context }) => {
              const head = context.queue[0] as Extract<Request, { kind: 'dismiss' }>;
              return { notificationId: head.notificationId };
            },
            onDone: { target: 'next', actions: ['removeNotification', 'dequeue'] },
            onError: { target: 'next', actions: [{ type: 'storeFailure', params: ({ event }) => ({ error: event.error }) }, 'dequeue'] },
          },
        },
      },
    },
  },
});
