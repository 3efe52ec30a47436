/**
 * The collection machines' common part (ADR 0018): company users, share groups, project
 * administrators, project shares and parameter sets each list a collection and change it (create,
 * edit, delete, often after a confirmation), and say how the last change went. That saying is the
 * same everywhere, so it is made here once: the `feedback` region, its named delays and its
 * actions. A machine spreads `collectionActions<Context, Event>()` and `COLLECTION_DELAYS` into its
 * `setup`, puts `feedback: FEEDBACK_REGION` beside its own regions, keeps `feedback: null` in its
 * context and raises feedback with `succeed` / `fail`.
 *
 *   feedback
 *   ├── quiet
 *   ├── succeeded   → quiet after `successFlag` (SUCCESS_FLAG_MS, SPEC §9)
 *   └── failed      → quiet after `errorFlag` (ERROR_FLAG_MS, SPEC §8, §9)
 *
 * A new message restarts its flag's time; the message (and what it is about) is forgotten when
 * the flag goes.
 */
import { assign, raise, type AnyEventObject } from 'xstate';
import { asServerError, errorMessage, type ServerError } from '@machines/shared/actors.ts';

/** SPEC §9: success flags last 3 s, error flags 5 s. */
export const SUCCESS_FLAG_MS = 3000;
export const ERROR_FLAG_MS = 5000;

/** The named delays of the feedback region. */
export const COLLECTION_DELAYS = { successFlag: SUCCESS_FLAG_MS, errorFlag: ERROR_FLAG_MS };

/** What the last change said. `subjectId`: the row a failure is about (SPEC §8), if any. */
export interface Feedback {
  message: string;
  error: ServerError | null;
  subjectId: number | null;
}

export type FeedbackEvent =
  { type: 'feedback.succeed'; message: string } | { type: 'feedback.fail'; message: string; error: ServerError | null; subjectId: number | null };

export interface CollectionContext {
  feedback: Feedback | null;
}

export interface FailParams {
  message: string;
  /** The failed call's error, kept with the message for the screen. */
  error?: unknown;
  subjectId?: number | null;
}

/** "<message> <the server's reason>", the usual failure line. */
export function withReason(message: string, error: unknown): string {
  return `${message} ${errorMessage(asServerError(error)) ?? ''}`.trim();
}

/** The feedback actions, for `setup({ actions: { ...collectionActions<C, E>(), … } })`. */
export function collectionActions<TContext extends CollectionContext, TEvent extends AnyEventObject>() {
  const show = (event: TEvent): Feedback | null => {
    const e = event as unknown as FeedbackEvent;
    if (e.type === 'feedback.succeed') return { message: e.message, error: null, subjectId: null };
    if (e.type === 'feedback.fail') return { message: e.message, error: e.error, subjectId: e.subjectId };
    return null;
  };
  return {
    succeed: raise<TContext, TEvent, TEvent, { message: string }, never, never>(
      (_, params) => ({ type: 'feedback.succeed', message: params.message }) satisfies FeedbackEvent as unknown as TEvent,
    ),
    fail: raise<TContext, TEvent, TEvent, FailParams, never, never>(
      (_, params) =>
        ({
          type: 'feedback.fail',
          message: params.message,
          error: params.error === undefined ? null : asServerError(params.error),
          subjectId: params.subjectId ?? null,
        }) satisfies FeedbackEvent as unknown as TEvent,
    ),
    showFeedback: assign<TContext, TEvent, undefined, TEvent, never>(({ event }) => ({ feedback: show(event) }) as Partial<TContext>),
    clearFeedback: assign<TContext, TEvent, undefined, TEvent, never>(() => ({ feedback: null }) as Partial<TContext>),
  };
}

/**
 * The feedback region. Its handlers sit on the region's own states: a re-entering transition from
 * the region itself would exit and re-enter every sibling region of the parallel state.
 */
export const FEEDBACK_REGION = {
  initial: 'quiet',
  states: {
    quiet: {
      on: {
        'feedback.succeed': { target: 'succeeded', actions: 'showFeedback' },
        'feedback.fail': { target: 'failed', actions: 'showFeedback' },
      },
    },
    succeeded: {
      after: { successFlag: 'quiet' },
      exit: 'clearFeedback',
      on: {
        'feedback.succeed': { target: 'succeeded', reenter: true, actions: 'showFeedback' },
        'feedback.fail': { target: 'failed', actions: 'showFeedback' },
      },
    },
    failed: {
      after: { errorFlag: 'quiet' },
      exit: 'clearFeedback',
      on: {
        'feedback.succeed': { target: 'succeeded', actions: 'showFeedback' },
        'feedback.fail': { target: 'failed', reenter: true, actions: 'showFeedback' },
      },
    },
  },
} as const;
