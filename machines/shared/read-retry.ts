/**
 * How a read that failed is tried again, for every read a screen shows (a dropped request in a busy
 * moment must not leave "could not be read" on screen for good): again after 1 s, then 2 s, then
 * 4 s; if it still fails, the screen offers Retry. A read the server refused (not found, no right
 * to it) is not tried again: the answer would be the same.
 */
import { asServerError } from './actors.ts';

/** The waits before the automatic attempts (the read itself is attempt 0). */
export const READ_RETRY_DELAYS_MS = [1000, 2000, 4000] as const;

/** The wait before automatic attempt `attempt` (1-based), or null when it is the user's turn. */
export function readRetryDelay(attempt: number): number | null {
  return READ_RETRY_DELAYS_MS[attempt - 1] ?? null;
}

/** Whether trying again may help: a network failure, a timeout or a server error, not a refusal. */
export function worthRetrying(error: unknown): boolean {
  const e = asServerError(error);
  if (e.kind === 'network' || e.kind === 'timeout') return true;
  return e.kind === 'http' && (e.status === null || e.status >= 500 || e.status === 429);
}
