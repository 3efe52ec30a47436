/**
 * The toast queue (SPEC §8 toasts). Any machine or screen sends `toast.show`; each toast leaves by
 * itself after its duration (success 3 s, danger 5 s by default) or when dismissed.
 *
 *   toasts
 *   └── active   (one state; the queue is context, each timer a delayed event)
 *
 * Owned by src/app (ToastProvider); rendered by src/ui/toast.tsx.
 */
import { assign, raise, setup } from 'xstate';

export type ToastTone = 'info' | 'success' | 'danger';

export interface Toast {
  id: string;
  tone: ToastTone;
  title: string;
  description?: string;
  /** Label of an optional action button (e.g. 'Retry'); pressing it sends `toast.action`. */
  actionLabel?: string;
}

export type ToastEvent =
  | { type: 'toast.show'; toast: Omit<Toast, 'id'> & { id?: string; durationMs?: number } }
  | { type: 'toast.dismiss'; id: string }
  | { type: 'toast.action'; id: string };

export const TOAST_DURATION_MS: Record<ToastTone, number> = { info: 3000, success: 3000, danger: 5000 };
export const MAX_TOASTS = 4;

export const toastMachine = setup({
  types: {
    // `shown` numbers the toasts without an id of their own, per toast actor.
    context: {} as { toasts: Toast[]; lastAction: string | null; shown: number },
    events: {} as ToastEvent,
  },
}).createMachine({
  id: 'toasts',
  context: { toasts: [], lastAction: null, shown: 0 },
  initial: 'active',
  states: {
    active: {
      on: {
        'toast.show': {
          // A toast already on screen with the same id stays as it is (its timer stays in charge).
          guard: ({ context, event }) => !event.toast.id || !context.toasts.some((t) => t.id === event.toast.id),
          actions: [
            assign(({ context, event }) => {
              const shown = context.shown + 1;
              const id = event.toast.id ?? `toast-${shown}`;
              const { durationMs: _d, ...rest } = event.toast;
              return { shown, toasts: [...context.toasts, { ...rest, id }].slice(-MAX_TOASTS) };
            }),
            raise(({ context }) => ({ type: 'toast.dismiss' as const, id: context.toasts.at(-1)!.id }), {
              delay: ({ event }) => {
                const toast = (event as Extract<ToastEvent, { type: 'toast.show' }>).toast;
                return toast.durationMs ?? TOAST_DURATION_MS[toast.tone];
              },
            }),
          ],
        },
        'toast.dismiss': {
          actions: assign({ toasts: ({ context, event }) => context.toasts.filter((t) => t.id !== event.id) }),
        },
        'toast.action': {
          actions: assign({
            lastAction: ({ event }) => event.id,
            toasts: ({ context, event }) => context.toasts.filter((t) => t.id !== event.id),
          }),
        },
      },
    },
  },
});
