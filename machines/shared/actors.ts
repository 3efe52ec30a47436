/**
 * Helpers every machine shares: typed actor stubs (the real ones are bound in src/app/ with
 * `.provide()`, tests bind fakes) and the reading of a failed call (SPEC §8 'Invalid page.').
 */
import { fromPromise } from 'xstate';
import type { ServerError } from '@machines/auth/auth.types.ts';
import { asServerError } from '@machines/auth/server-error.ts';

export type { ServerError };
export { asServerError };

/** A promise actor that fails until the app (or a test) provides the real one. */
export function notProvided<TOutput, TInput>(name: string) {
  return fromPromise<TOutput, TInput>(async () => {
    throw new Error(`${name} actor not provided`);
  });
}

/** DRF's answer for a page before the first or past the last (SPEC §8): paging stops quietly. */
export const INVALID_PAGE = 'Invalid page.';

export function isInvalidPage(error: unknown): boolean {
  return asServerError(error).detail === INVALID_PAGE;
}

/** The one-line message a screen shows for a failed call. */
export function errorMessage(error: ServerError | null, fallback = 'Something went wrong. Please try again.'): string | null {
  if (!error) return null;
  if (error.detail) return error.detail;
  const first = Object.entries(error.fields)[0];
  if (first) return first[1].join(' ');
  return fallback;
}
