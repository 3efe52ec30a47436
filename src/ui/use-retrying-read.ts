/**
 * A read a view shows, kept by machines/shared/retrying-read.machine.ts: tried again by itself after
 * a failure (1 s, 2 s, 4 s), then `retry` for the view's Retry button. A new `key` starts a new read.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { createActor, fromPromise, type ActorRefFrom } from 'xstate';
import { errorMessage } from '@machines/shared/actors.ts';
import { retryingReadMachine } from '@machines/shared/retrying-read.machine.ts';

export type RetryingRead<T> =
  { status: 'loading' } | { status: 'retrying'; message: string } | { status: 'ready'; value: T } | { status: 'failed'; message: string };

export function useRetryingRead<T>(key: string, read: () => Promise<T>): RetryingRead<T> & { retry(): void } {
  const [state, setState] = useState<{ key: string; read: RetryingRead<T> }>({ key: '', read: { status: 'loading' } });
  const actor = useRef<ActorRefFrom<typeof retryingReadMachine> | null>(null);
  const reader = useRef(read);
  reader.current = read;
  useEffect(() => {
    const started = createActor(retryingReadMachine.provide({ actors: { read: fromPromise<unknown, void>(() => reader.current()) } }));
    const sub = started.subscribe((s) => {
      const message = errorMessage(s.context.error) ?? 'The server could not be reached.';
      const next: RetryingRead<T> = s.matches('ready')
        ? { status: 'ready', value: s.context.value as T }
        : s.matches('failed')
          ? { status: 'failed', message }
          : s.hasTag('retrying')
            ? { status: 'retrying', message }
            : { status: 'loading' };
      setState({ key, read: next });
    });
    started.start();
    actor.current = started;
    return () => {
      sub.unsubscribe();
      started.stop();
    };
  }, [key]);
  const retry = useCallback(() => actor.current?.send({ type: 'read.retry' }), []);
  return { ...(state.key === key ? state.read : { status: 'loading' as const }), retry };
}
