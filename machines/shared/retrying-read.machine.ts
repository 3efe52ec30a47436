/**
 * One read a screen shows, tried again when it fails (read-retry.ts: after 1 s, 2 s and 4 s), then
 * waiting for the user's Retry. A refusal (not found, no right) is not tried again.
 *
 *   retryingRead
 *   ├── reading    the `read` actor
 *   ├── waiting    `readBackoff` (the attempt's delay) → reading
 *   ├── ready      the value is read
 *   └── failed     `read.retry` → reading (the count starts over)
 *
 * Tag `retrying`: a failed read will be tried again by itself (the view says so).
 * Bound to a read by src/ui/use-retrying-read.ts; machines with several reads use read-retry.ts directly.
 */
import { assign, setup } from 'xstate';
import { asServerError, notProvided, type ServerError } from './actors.ts';
import { readRetryDelay, worthRetrying } from './read-retry.ts';

export interface RetryingReadContext {
  /** Automatic attempts made since the last success or Retry. */
  attempt: number;
  value: unknown;
  error: ServerError | null;
}

export const retryingReadMachine = setup({
  types: {
    context: {} as RetryingReadContext,
    events: {} as { type: 'read.retry' },
    tags: {} as 'retrying',
  },
  actors: { read: notProvided<unknown, void>('read') },
  delays: { readBackoff: ({ context }) => readRetryDelay(context.attempt) ?? 0 },
  guards: {
    /** Worth trying again, and automatic attempts are left. */
    mayRetry: ({ context }, { error }: { error: unknown }) => worthRetrying(error) && readRetryDelay(context.attempt + 1) !== null,
  },
  actions: {
    keepError: assign(({ context }, { error, next }: { error: unknown; next: boolean }) => ({
      error: asServerError(error),
      attempt: next ? context.attempt + 1 : context.attempt,
    })),
  },
}).createMachine({
  id: 'retryingRead',
  context: { attempt: 0, value: null, error: null },
  initial: 'reading',
  states: {
    reading: {
      invoke: {
        src: 'read',
        onDone: { target: 'ready', actions: assign({ value: ({ event }) => event.output, error: null, attempt: 0 }) },
        onError: [
          {
            guard: { type: 'mayRetry', params: ({ event }) => ({ error: event.error }) },
            target: 'waiting',
            actions: { type: 'keepError', params: ({ event }) => ({ error: event.error, next: true }) },
          },
          { target: 'failed', actions: { type: 'keepError', params: ({ event }) => ({ error: event.error, next: false }) } },
        ],
      },
    },
    waiting: { tags: 'retrying', after: { readBackoff: 'reading' } },
    ready: {},
    failed: { on: { 'read.retry': { target: 'reading', actions: assign({ attempt: 0 }) } } },
  },
});
