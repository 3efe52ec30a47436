/**
 * Favorite stars (SPEC §4: favorite toggling is optimistic). A toggle shows the new star at once and
 * queues the save; saves run one at a time, in order. A failed save puts the star back as it was,
 * drops the saves queued after it for the same project (they assumed a state that never happened)
 * and shows a danger toast.
 *
 *   favorites
 *   ├── idle
 *   └── saving     saves the head of the queue (POST or DELETE /api/user/favorites/{id}/)
 *
 * Emits `favorite.saved` after each successful save, so the list can move the project in or out of
 * its favorites tab. Owned by src/screens/projects/ (screen-local); the toast goes to the app's
 * toast actor passed as input, through the relay spawned as system id 'toast'
 * (machines/toast/toast-relay.ts): the context holds no actor reference.
 */
import { assertEvent, assign, emit, enqueueActions, setup } from 'xstate';
import { notProvided } from '@machines/shared/actors.ts';
import type { ToastEvent } from '@machines/toast/toast.machine.ts';
import { TOAST_SYSTEM_ID, toastRelay, type ToastSink } from '@machines/toast/toast-relay.ts';

export interface FavoriteSave {
  projectId: number;
  favorite: boolean;
}

interface QueuedSave extends FavoriteSave {
  /** The star before this toggle: what a failure puts back. */
  previous: boolean;
  name: string;
}

export interface FavoritesContext {
  /** The star shown for each project toggled here (the server's answer until then is on the project). */
  stars: Record<number, boolean>;
  queue: QueuedSave[];
}

export type FavoritesEvent = {
  type: 'favorite.toggle';
  projectId: number;
  /** The star as shown when the user pressed it. */
  favorite: boolean;
  name: string;
};

export type FavoritesEmitted = { type: 'favorite.saved'; projectId: number; favorite: boolean };

export const favoriteFailedTitle = (name: string, favorite: boolean) =>
  favorite ? `Could not add "${name}" to favorites.` : `Could not remove "${name}" from favorites.`;

export const favoritesMachine = setup({
  types: {
    context: {} as FavoritesContext,
    events: {} as FavoritesEvent,
    input: {} as { toasts?: ToastSink | null },
    emitted: {} as FavoritesEmitted,
  },
  actors: {
    saveFavorite: notProvided<void, FavoriteSave>('saveFavorite'),
    toastRelay,
  },
  actions: {
    toggle: assign(({ context, event }) => {
      assertEvent(event, 'favorite.toggle');
      const favorite = !event.favorite;
      return {
        stars: { ...context.stars, [event.projectId]: favorite },
        queue: [...context.queue, { projectId: event.projectId, favorite, previous: event.favorite, name: event.name }],
      };
    }),
    dequeue: assign({ queue: ({ context }) => context.queue.slice(1) }),
    rollBack: assign(({ context }) => {
      const [failed, ...rest] = context.queue;
      if (!failed) return {};
      return {
        stars: { ...context.stars, [failed.projectId]: failed.previous },
        queue: rest.filter((save) => save.projectId !== failed.projectId),
      };
    }),
    announceSaved: emit(({ context }) => {
      const saved = context.queue[0]!;
      return { type: 'favorite.saved' as const, projectId: saved.projectId, favorite: saved.favorite };
    }),
    toastFailure: enqueueActions(({ context, enqueue, system }) => {
      const failed = context.queue[0];
      const toasts = system.get(TOAST_SYSTEM_ID);
      if (!failed || !toasts) return;
      const toast: ToastEvent = {
        type: 'toast.show',
        toast: { id: `favorite-${failed.projectId}`, tone: 'danger', title: favoriteFailedTitle(failed.name, failed.favorite) },
      };
      enqueue.sendTo(toasts, toast);
    }),
  },
  guards: {
    queueEmpty: ({ context }) => context.queue.length === 0,
  },
}).createMachine({
  id: 'favorites',
  context: ({ input, spawn }) => {
    spawn('toastRelay', { systemId: TOAST_SYSTEM_ID, input: input.toasts ?? null });
    return { stars: {}, queue: [] };
  },
  initial: 'idle',
  on: {
    'favorite.toggle': { actions: 'toggle' },
  },
  states: {
    idle: {
      on: { 'favorite.toggle': { target: 'saving', actions: 'toggle' } },
    },
    saving: {
      invoke: {
        src: 'saveFavorite',
        input: ({ context }) => ({ projectId: context.queue[0]!.projectId, favorite: context.queue[0]!.favorite }),
        onDone: { target: 'next', actions: ['announceSaved', 'dequeue'] },
        onError: { target: 'next', actions: ['toastFailure', 'rollBack'] },
      },
    },
    next: {
      always: [{ guard: 'queueEmpty', target: 'idle' }, { target: 'saving' }],
    },
  },
});
