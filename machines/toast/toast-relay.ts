/**
 * How a machine reaches the app's toasts: by system id, never through a reference in its context.
 *
 * The toast queue (toast.machine.ts) is a global actor in its own actor system (ToastProvider),
 * and every screen-local machine is the root of another, so a machine spawns this relay under
 * the system id 'toast' with the app's toast actor as its input, and its actions send
 * `toast.show` to `system.get('toast')`. The context stays plain data (serialisable, comparable in
 * tests), and no toast is shown from inside `assign`, which also runs in pure transitions
 * (`getNextSnapshot`, `xstate/graph` traversal).
 */
import { fromCallback } from 'xstate';
import type { ToastEvent } from './toast.machine.ts';

export const TOAST_SYSTEM_ID = 'toast';

/** Anything that takes toasts: the app's toast actor, or a test's recorder. */
export interface ToastSink {
  send(event: ToastEvent): void;
}

/** Forwards what it receives to the sink it was started with (nothing without one). */
export const toastRelay = fromCallback<ToastEvent, ToastSink | null>(({ input, receive }) => {
  receive((event) => input?.send(event));
});

/** SPEC §8's failure toast: danger, titled with the message. */
export const dangerToast = (title: string): ToastEvent => ({ type: 'toast.show', toast: { tone: 'danger', title } });
